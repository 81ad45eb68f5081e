// Every kind of key the extension handles passes through it here, each one from secretFor(): the session key,
// the LLM, search and sandbox keys through the Settings controller, an MCP server's api_key, a refusal whose
// body echoes a key, and a git remote whose URL carries a token, resolved by the conversation target code.
// These tests check what the extension shows; the harness's scan after the run (harness/secretScan.ts) then
// searches every log, settings and state file and the run's output for the keys: one hit fails the run.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../../../src/vscode/platform/ids';
import { secretFor } from '../../harness/context';
import { SEEDED_SETTINGS, fastApi422 } from '../../../support/fixtures/settingsFixture';
import { connectTo, renderedTree } from '../../harness/host/settingsSupport';
import { waitForLogLine } from '../../harness/host/outputLog';
import { contract, e2eContext, testingApi } from '../../harness/host/support';

interface GitApi {
  repositories: Array<{ state: { remotes: Array<{ name: string; fetchUrl?: string }> } }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function git(...args: string[]): void {
  execFileSync('git', args, { cwd: e2eContext().workspaceFolder, stdio: 'ignore' });
}

/** Sets origin's URL and waits until vscode.git (which the extension asks) reports it. */
async function setOrigin(url: string): Promise<void> {
  git('remote', 'set-url', 'origin', url);
  const api = (await vscode.extensions.getExtension<{ getAPI(v: 1): GitApi }>('vscode.git')!.activate()).getAPI(1);
  const deadline = Date.now() + 20_000;
  const seen = () => api.repositories[0]?.state.remotes.find((r) => r.name === 'origin')?.fetchUrl;
  while (seen() !== url) {
    // The git extension rereads the repository when .git changes; a status run makes it do so now.
    await vscode.commands.executeCommand('git.refresh').then(undefined, () => undefined);
    if (Date.now() > deadline) assert.fail('vscode.git did not pick up the new origin URL within 20 s');
    await sleep(300);
  }
}

describe('secrets across the extension (scanned for after the run)', () => {
  const keys = {
    llm: secretFor('llm'),
    search: secretFor('search'),
    sandbox: secretFor('sandbox'),
    mcp: secretFor('mcp-sse'),
    refused: secretFor('refused-llm'),
    gitToken: secretFor('git-token'),
  };

  before(() => connectTo({ ...SEEDED_SETTINGS, llm_api_key: null, search_api_key: null, mcp_config: null }, 'connected'));
  after(async () => {
    await contract.setFault(null);
    git('remote', 'set-url', 'origin', e2eContext().remoteUrl);
  });

  it('stores the LLM, search and sandbox keys and an MCP api_key on the server, and shows none of them', async () => {
    const { settings } = await testingApi();
    assert.equal(await settings.edit('llm_api_key', keys.llm, 'LLM API key'), true);
    assert.equal(await settings.edit('search_api_key', keys.search, 'Search API key'), true);
    assert.equal(await settings.edit('sandbox_api_key', keys.sandbox, 'Sandbox API key'), true);
    const mcp = { sse_servers: [{ url: 'http://127.0.0.1:9/sse', api_key: keys.mcp }], shttp_servers: [], stdio_servers: [] };
    assert.equal(await settings.update('mcp_config', () => ({ mcp_config: mcp }), undefined, 'MCP servers'), true);
    const stored = await contract.storedSettings();
    const held = JSON.stringify(stored);
    for (const name of ['llm', 'search', 'mcp'] as const) assert.ok(held.includes(keys[name]), `the server did not get the ${name} key`);
    // What the panel shows (every tree item, groups expanded, and its note): no key, only "set".
    const shown = JSON.stringify([settings.message, (await renderedTree()).map((r) => r.item)]);
    for (const [name, key] of Object.entries(keys)) assert.ok(!shown.includes(key), `the panel holds the ${name} key`);
    await vscode.commands.executeCommand(Command.OpenSettingsJson);
    const document = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.ok(document.includes('"llm_model"'), 'Open Settings as JSON showed no settings');
    for (const [name, key] of Object.entries(keys)) assert.ok(!document.includes(key), `the JSON document holds the ${name} key`);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('a refusal whose body echoes the key is logged and shown without it', async () => {
    const { settings } = await testingApi();
    await contract.setFault({ status: 422, body: fastApi422(['llm_api_key'], 'Value error, invalid key', keys.refused), pathPrefix: '/api/settings', times: 2 });
    assert.equal(await settings.edit('llm_api_key', keys.refused, 'LLM API key'), false);
    await contract.setFault(null);
    assert.match(settings.message ?? '', /not saved/);
    assert.ok(!(settings.message ?? '').includes(keys.refused), `the panel's note shows the key: ${settings.message ?? ''}`);
    await waitForLogLine(/Saving llm_api_key failed/);
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('a token in the git remote URL is read as a repository and logged masked', async () => {
    const { targets } = await testingApi();
    const readme = vscode.Uri.file(path.join(e2eContext().workspaceFolder, 'README.md'));
    await setOrigin(`https://x-access-token:${keys.gitToken}@github.com/octo/widgets.git`);
    const target = await targets.resolve(readme);
    assert.equal(target.repository, 'octo/widgets');
    assert.ok(!JSON.stringify(target).includes(keys.gitToken), 'the conversation target holds the token');
    // A remote the extension cannot read is logged: the line must name it without the token.
    await setOrigin(`https://x-access-token:${keys.gitToken}@github.com/`);
    const unreadable = await targets.resolve(readme);
    assert.equal(unreadable.repository, undefined);
    const line = await waitForLogLine(/Cannot read the git remote/);
    assert.match(line, /Cannot read the git remote https:\/\/github\.com\//);
    await setOrigin(e2eContext().remoteUrl);
  });
});
