// The key binding of Start Conversation must not take a key VS Code itself binds. VS Code's default key bindings
// for this platform, with those of every installed extension (ours included), are the document behind
// "Preferences: Open Default Keyboard Shortcuts (JSON)": the key must be bound there to our command only.
// (test/e2e/ui/keybindingPlatforms.scenario.ts reads the same document as macOS and Windows get it.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../../src/vscode/platform/ids';
import { otherBindingsOf, parseDefaultKeybindings } from '../../../support/fixtures/defaultKeybindings';
import { ourExtension } from '../../harness/host/support';

interface ManifestKeybinding {
  command: string;
  key: string;
  mac?: string;
  linux?: string;
  win?: string;
}

/** Our manifest's key for Start Conversation on this platform, as VS Code picks it (mac/linux/win over key). */
function ourKey(): string {
  const manifest = ourExtension().packageJSON as { contributes: { keybindings: ManifestKeybinding[] } };
  const binding = manifest.contributes.keybindings.find((b) => b.command === Command.StartConversation);
  assert.ok(binding, 'package.json binds no key to Start Conversation');
  const own = process.platform === 'darwin' ? binding.mac : process.platform === 'win32' ? binding.win : binding.linux;
  return (own ?? binding.key).toLowerCase();
}

describe('keybinding of Start Conversation', () => {
  it('is a key that no default VS Code binding uses', async () => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse('vscode://defaultsettings/keybindings.json'));
    const bindings = parseDefaultKeybindings(document.getText());
    // The real document: VS Code's own bindings, and ours among the installed extensions'.
    assert.ok(bindings.length > 500, `only ${bindings.length} default key bindings read`);
    assert.ok(bindings.some((b) => b.key === 'ctrl+shift+p' && b.command === 'workbench.action.showCommands'), 'Show All Commands is not on ctrl+shift+p');
    const key = ourKey();
    assert.ok(bindings.some((b) => b.key === key && b.command === Command.StartConversation), `${key} is not listed for ${Command.StartConversation}`);
    const others = otherBindingsOf(bindings, key, Command.StartConversation);
    console.log(`      ${key}: ${others.length ? `also ${others.map((b) => b.command).join(', ')}` : 'no other binding'} among ${bindings.length} default bindings`);
    assert.deepEqual(others, [], `${key} is already bound by default`);
  });
});
