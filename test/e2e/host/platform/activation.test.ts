// The extension in a real extension host: it loads, activates, registers its commands, and the window's
// workspace is the git repository the harness made.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../../src/vscode/platform/ids';
import { e2eContext, ourExtension } from '../../harness/host/support';

interface GitApi {
  repositories: Array<{
    rootUri: vscode.Uri;
    state: { HEAD?: { name?: string }; remotes: Array<{ name: string; fetchUrl?: string }> };
  }>;
}

describe('the extension in a real VS Code', () => {
  it('activates', async () => {
    await ourExtension().activate();
    assert.equal(ourExtension().isActive, true);
  });

  it('registers its commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of Object.values(Command)) assert.ok(commands.includes(id), `${id} is not registered`);
  });

  it('opens the git repository made by the harness, on its feature branch', async function () {
    const { workspaceFolder, branch, remoteUrl } = e2eContext();
    assert.equal(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, workspaceFolder);
    const git = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
    assert.ok(git, 'the built-in git extension is missing');
    const api = (await git.activate()).getAPI(1);
    const deadline = Date.now() + 20_000;
    while (api.repositories.length === 0 || !api.repositories[0]?.state.HEAD?.name) {
      if (Date.now() > deadline) assert.fail('vscode.git found no repository with a HEAD within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const repository = api.repositories[0]!;
    assert.equal(repository.rootUri.fsPath, workspaceFolder);
    assert.equal(repository.state.HEAD?.name, branch);
    assert.equal(repository.state.remotes.find((remote) => remote.name === 'origin')?.fetchUrl, remoteUrl);
  });
});
