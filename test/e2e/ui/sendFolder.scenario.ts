// Send This Folder (issue 30) in the real VS Code against the V1 stand-in and its scripted agent: the harness's
// git workspace (github remote, branch never pushed, no github token on the server) gets an uncommitted edit, an
// untracked file, an ignored file and a `.env`. Start Conversation's pre-flight offers Send This Folder first; the
// secrets modal names `.env` with Leave Them Out first; the conversation starts on the folder as it is: the agent's
// `cat` shows the edit and the untracked file, its `ls -a` neither the ignored file nor `.env`; Show Changes lists
// only the agent's edit, against the snapshot sent ("Against your folder as you sent it, abc1234"); Apply Changes
// writes it byte for byte into the folder, Undo Apply restores it; the person's folder, index and refs are then as
// they were.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scenario } from '../harness/scenario';
import { startContractServer } from '../../support/standin/contractServer';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { agentRunFinished, clearNotifications, clickButton, answerDialog, notification, startOnServerWithLlm } from '../harness/ui/conversationSteps';

const TASK = 'Read README.md and added.txt, then change added.txt.';
const EDIT = 'An edit not committed.\n';
const ADDED = 'A file never committed.\n';
const AGENTS = 'A file changed by the agent.\n';
const APPLY = 'OpenHands: Apply Changes to the Workspace';
const SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: 'cat README.md added.txt && ls -a' },
  { tool: 'file_editor', command: 'str_replace', path: 'added.txt', old_str: 'never committed', new_str: 'changed by the agent' },
  { tool: 'finish', message: 'Changed added.txt.' },
];

export default scenario('Send This Folder: the pre-flight offers it first, the secrets modal leaves .env out, the agent works on the folder as it is', async ({ workbench, context }) => {
  const folder = context.workspaceFolder;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder, encoding: 'utf8' });
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const readme = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
  const v1 = await startContractServer({ api: 'v1', sessionApiKey: context.sessionApiKey });
  const llm = await startScriptedLlm({ script: SCRIPT, keepBodies: true });
  const made = ['added.txt', 'ignored.log', '.env', '.gitignore'];
  try {
    fs.appendFileSync(path.join(folder, 'README.md'), EDIT);
    fs.writeFileSync(path.join(folder, 'added.txt'), ADDED);
    fs.writeFileSync(path.join(folder, '.gitignore'), '*.log\n');
    fs.writeFileSync(path.join(folder, 'ignored.log'), 'ignored\n');
    fs.writeFileSync(path.join(folder, '.env'), 'SECRET=do-not-send\n');
    const before = { status: git('--no-optional-locks', 'status', '--porcelain'), refs: git('for-each-ref'), index: fs.readFileSync(path.join(folder, '.git', 'index')) };

    await startOnServerWithLlm(workbench, context, v1.url, llm.baseUrl, TASK);

    const preflight = workbench.page.locator('.monaco-dialog-box');
    await preflight.waitFor({ state: 'visible', timeout: 30_000 });
    const primary = await preflight.locator('.dialog-buttons .monaco-button:not(.secondary)').allInnerTexts();
    assert.deepEqual(primary.map((t) => t.trim()), ['Send This Folder'], 'Send This Folder is the first choice');
    assert.match(await preflight.innerText(), /changes that are not committed/);
    await workbench.screenshot('preflight');
    // The secrets modal follows at once, in the same dialog element: wait for its text, not for the dialog to go.
    await preflight.locator('.dialog-buttons .monaco-button', { hasText: 'Send This Folder' }).click();
    await workbench.page.locator('.monaco-dialog-box', { hasText: 'looks like a secret' }).waitFor({ state: 'visible', timeout: 30_000 });
    const secrets = await answerDialog(workbench, 'Leave Them Out', 'secrets');
    assert.match(secrets, /\.env/);
    assert.match(secrets, /Leave Them Out sends \d+ files \(.*\), without these\.\nSend Them Too sends \d+ files \(/);

    await notification(workbench, `conversation started — ${TASK}`, 120_000);
    await workbench.screenshot('started');
    await agentRunFinished(v1.url, context.sessionApiKey);

    const seen = JSON.stringify(llm.requests.at(-1)?.body ?? '');
    assert.ok(seen.includes(JSON.stringify(readme + EDIT + ADDED).slice(1, -1)), 'the agent\'s cat shows the uncommitted edit and the untracked file');
    assert.ok(!seen.includes('ignored.log') && !seen.includes('do-not-send') && !/\\n\.env\\n/.test(seen), 'ls -a shows neither the ignored file nor .env');
    // Show Changes: measured against the folder as it was sent, so only the agent's edit is listed.
    const sideBar = await workbench.openActivityBarItem();
    const page = workbench.page;
    const conversationsPane = sideBar.locator('.pane', { has: page.locator('.pane-header h3.title', { hasText: /^Conversations$/ }) });
    const conversationsHeader = conversationsPane.locator('.pane-header');
    if ((await conversationsHeader.getAttribute('aria-expanded')) !== 'true') await conversationsHeader.click();
    const row = conversationsPane.locator('.monaco-list-row').filter({ hasText: TASK.slice(0, 30) });
    await row.waitFor({ timeout: 30_000 });
    await row.click({ button: 'right' });
    await workbench.chooseContextMenuItem('Show Changes');
    const changesPane = sideBar.locator('.pane', { has: page.locator('.pane-header h3.title', { hasText: /^Changes$/ }) });
    const rows = changesPane.locator('.monaco-list-row');
    await rows.filter({ hasText: 'added.txt' }).waitFor({ timeout: 30_000 });
    await workbench.screenshot('changes');
    const listed = (await rows.allInnerTexts()).map((text) => text.split('\n')[0]?.trim());
    const files = listed.filter((text) => !/^Against/.test(text ?? ''));
    assert.ok(files.length === 1 && /^added\.txt\s*\+1 -1$/.test(files[0] ?? ''), `only the agent's edit is listed: ${listed.join(' | ')}`);
    // The base line names the snapshot sent (its commit lives only in the sandbox and the snapshot's scratch store).
    const baseLine = listed.find((text) => /^Against/.test(text ?? '')) ?? '';
    assert.match(baseLine, /^Against your folder as you sent it, [0-9a-f]{7}$/);
    // Kept for Check Changes, whose copy needs that base: the snapshot's bundle, in the global storage, by its commit.
    const sentBases = path.join(context.userDataDir, 'User', 'globalStorage', 'openhands-conversations.openhands-conversations', 'sent-bases');
    const kept = fs.existsSync(sentBases) ? fs.readdirSync(sentBases) : [];
    assert.ok(kept.some((name) => name.startsWith(baseLine.slice(-7)) && name.endsWith('.bundle')), `the snapshot's bundle is kept: ${kept.join(', ')}`);
    await clearNotifications(workbench);

    // Apply Changes (the Changes view's conversation): the agent's edit, byte for byte, and nothing else.
    const untouched = { readme: fs.readFileSync(path.join(folder, 'README.md')), env: fs.readFileSync(path.join(folder, '.env')) };
    await workbench.runCommand(APPLY);
    const applied = await notification(workbench, /OpenHands: 1 files? updated, 0 merged, 0 skipped\./, 60_000);
    await workbench.screenshot('applied');
    assert.deepEqual(fs.readFileSync(path.join(folder, 'added.txt')), Buffer.from(AGENTS));
    assert.deepEqual({ readme: fs.readFileSync(path.join(folder, 'README.md')), env: fs.readFileSync(path.join(folder, '.env')) }, untouched);
    // Undo Apply: the file as it was.
    await clickButton(applied, 'Undo');
    await notification(workbench, /the apply of ".*" was undone; 1 file restored\./);
    assert.deepEqual(fs.readFileSync(path.join(folder, 'added.txt')), Buffer.from(ADDED));

    assert.deepEqual({ status: git('--no-optional-locks', 'status', '--porcelain'), refs: git('for-each-ref'), index: fs.readFileSync(path.join(folder, '.git', 'index')) }, before,
      'the person\'s folder, refs and index are as they were');
  } finally {
    for (const name of made) fs.rmSync(path.join(folder, name), { force: true });
    fs.writeFileSync(path.join(folder, 'README.md'), readme);
    fs.writeFileSync(machineSettings, original);
    await llm.close();
    await v1.close();
  }
}, { timeoutMs: 300_000 });
