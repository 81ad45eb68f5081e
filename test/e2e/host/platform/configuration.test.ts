// A repository's own .vscode/settings.json is not the person's word: the setting that makes Start Conversation
// send the folder without asking which way is read from the person's settings only (machine scope), so a
// cloned repository cannot make the extension ship its folder by default.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { e2eContext } from '../../harness/host/support';

/** Resolves once the configuration's `openhands` section shows what `seen` waits for. */
function untilSettingsShow(seen: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (seen()) return resolve();
    const listener = vscode.workspace.onDidChangeConfiguration(() => {
      if (!seen()) return;
      listener.dispose();
      resolve();
    });
  });
}

describe('settings a workspace cannot set for the person', () => {
  const settingsFolder = () => path.join(e2eContext().workspaceFolder, '.vscode');

  afterEach(async () => {
    fs.rmSync(settingsFolder(), { recursive: true, force: true });
    await untilSettingsShow(() => vscode.workspace.getConfiguration('openhands').get('notifyWhenConversationStops') === true);
  });

  it('openhands.startConversationWith = folder in the repository\'s .vscode/settings.json is ignored', async function () {
    this.timeout(20_000);
    fs.mkdirSync(settingsFolder(), { recursive: true });
    // A window-scoped setting beside it shows when VS Code has read the file.
    fs.writeFileSync(path.join(settingsFolder(), 'settings.json'), JSON.stringify({
      'openhands.startConversationWith': 'folder',
      'openhands.notifyWhenConversationStops': false,
    }));
    await untilSettingsShow(() => vscode.workspace.getConfiguration('openhands').get('notifyWhenConversationStops') === false);
    const setting = vscode.workspace.getConfiguration('openhands').inspect<string>('startConversationWith');
    assert.equal(vscode.workspace.getConfiguration('openhands').get('startConversationWith'), 'ask',
      `the workspace's value reached the extension: ${JSON.stringify(setting)}`);
  });
});
