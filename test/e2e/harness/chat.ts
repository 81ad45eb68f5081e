// What a chat scenario needs beyond the others (vscode-host.md, "Chat participants"): VS Code's AI features on
// (the harness turns them off for every other scenario), and a language model without a sign-in, from the
// test-only extension lmProvider/ loaded beside ours. Workspace trust is off for every scenario already
// (--disable-workspace-trust, codeServer.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * A folder holding both extensions to load from source, ours (a link to `extensionPath`) and the test-only one (its
 * compiled file and a manifest): VS Code loads every extension of a development path that has no manifest of its
 * own, while of two development paths in the workbench URL's payload code-server loads only the last.
 */
export function chatExtensions(runFolder: string, extensionPath: string): string {
  const root = path.join(runFolder, 'chat-extensions');
  fs.mkdirSync(root, { recursive: true });
  const ours = path.join(root, 'openhands-conversations');
  if (!fs.existsSync(ours)) fs.symlinkSync(extensionPath, ours, 'dir');
  const folder = path.join(root, 'e2e-lm-provider');
  fs.mkdirSync(folder, { recursive: true });
  fs.copyFileSync(path.join(__dirname, 'lmProvider', 'extension.js'), path.join(folder, 'extension.js'));
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({
    name: 'e2e-lm-provider', publisher: 'e2e', version: '0.0.1', displayName: 'E2E language model',
    engines: { vscode: '^1.104.0' }, main: './extension.js', activationEvents: ['onStartupFinished'],
    // `isDefault` (the model the chat gives a participant) is of the proposal chatProvider: the test model only.
    enabledApiProposals: ['chatProvider'],
    contributes: { languageModelChatProviders: [{ vendor: 'copilot', displayName: 'E2E Fake' }] },
  }, null, 2));
  return root;
}

/** Turns VS Code's AI features on in the user settings for one scenario; returns what puts them back. */
export function enableChat(userDataDir: string): () => void {
  const file = path.join(userDataDir, 'User', 'settings.json');
  const original = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, JSON.stringify({ ...(JSON.parse(original) as object), 'chat.disableAIFeatures': false }, null, 2));
  return () => fs.writeFileSync(file, original);
}
