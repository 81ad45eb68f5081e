// Send This Folder from a folder without git (issue 42, items 3-5), in the real VS Code against the V1 stand-in
// and its scripted agent. The workbench is opened on a plain folder holding a note, a `.env` and an 11 MiB file,
// nothing open in the editor. Start Conversation's pre-flight offers Send This Folder first and says what Start
// Without Folder means; Escape there keeps the typed task, which the next Start Conversation offers again; the
// secrets modal says what each answer sends (Leave Them Out: 2 files, Send Them Too: 3) and names the largest
// file; the agent then reads the note, and the folder is left exactly as it was (no .git made in it).
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { scenario } from '../harness/scenario';
import { startContractServer } from '../../support/standin/contractServer';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { agentRunFinished, answerDialog, notification, startOnServerWithLlm } from '../harness/ui/conversationSteps';

const TASK = 'Read notes.txt and say what it asks for.';
const NOTE = 'A note in a folder that git never saw.\n';
const SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: 'cat notes.txt && ls -a' },
  { tool: 'finish', message: 'Read the note.' },
];
const BIG_BYTES = 11 * 1024 * 1024;

/** Every file under `folder` with the hash of its bytes: what must not change. */
function contents(folder: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(folder, full)] = entry.isFile() ? createHash('sha1').update(fs.readFileSync(full)).digest('hex') : 'folder';
  }
  return found;
}

export default scenario('Send This Folder from a folder without git: offered first, Escape keeps the task, the secrets modal counts each answer and names the largest file', async ({ workbench, page, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  // Outside the run folder, which is inside this repository's checkout: git would find that repository above it.
  const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'plain folder '));
  fs.writeFileSync(path.join(plain, 'notes.txt'), NOTE);
  fs.writeFileSync(path.join(plain, '.env'), 'SECRET=do-not-send\n');
  fs.mkdirSync(path.join(plain, 'data'));
  fs.writeFileSync(path.join(plain, 'data', 'big.bin'), Buffer.alloc(BIG_BYTES));
  const before = contents(plain);
  const v1 = await startContractServer({ api: 'v1', sessionApiKey: context.sessionApiKey });
  const llm = await startScriptedLlm({ script: SCRIPT, keepBodies: true });
  try {
    await workbench.open(page.url().replace(/([?&]folder=)[^&]*/, `$1${encodeURIComponent(plain)}`));
    await startOnServerWithLlm(workbench, context, v1.url, llm.baseUrl, TASK);

    // The pre-flight, though the folder has no git and no file is open: Send This Folder first.
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    const primary = await dialog.locator('.dialog-buttons .monaco-button:not(.secondary)').allInnerTexts();
    assert.deepEqual(primary.map((text) => text.trim()), ['Send This Folder'], 'Send This Folder is the first choice');
    const preflight = await dialog.innerText();
    assert.match(preflight, /not a git repository/);
    assert.match(preflight, /Start Without Folder starts the conversation in an empty folder: the agent sees none of your files/);
    await workbench.screenshot('preflight');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    assert.equal(v1.requests.filter((r) => r.method === 'POST' && r.path.includes('conversations')).length, 0, 'Escape started nothing');

    // The next Start Conversation of the folder offers the task typed before.
    await workbench.runCommand('OpenHands: Start Conversation');
    const widget = page.locator('.quick-input-widget');
    await widget.locator('.quick-input-title', { hasText: 'OpenHands: Start Conversation' }).waitFor({ state: 'visible', timeout: 30_000 });
    const box = widget.locator('.quick-input-box input');
    assert.equal(await box.inputValue(), TASK, 'the typed task is kept');
    await workbench.screenshot('task-kept');
    await box.press('Enter');

    // The secrets modal follows at once, in the same dialog element: wait for its text, not for the dialog to go.
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: 'Send This Folder' }).click();
    await page.locator('.monaco-dialog-box', { hasText: 'looks like a secret' }).waitFor({ state: 'visible', timeout: 30_000 });
    const secrets = await answerDialog(workbench, 'Leave Them Out', 'secrets');
    assert.match(secrets, /Leave Them Out sends 2 files \(11(\.\d)? MiB\), without these\./);
    assert.match(secrets, /Send Them Too sends 3 files \(11(\.\d)? MiB\), these included\./);
    assert.match(secrets, /The largest files:\ndata\/big\.bin \(11 MiB\)\n/);

    await notification(workbench, `conversation started — ${TASK}`, 120_000);
    await agentRunFinished(v1.url, context.sessionApiKey);
    const seen = JSON.stringify(llm.requests.at(-1)?.body ?? '');
    assert.ok(seen.includes(JSON.stringify(NOTE).slice(1, -1)), 'the agent\'s cat shows the note');
    assert.ok(!seen.includes('do-not-send') && !/\\n\.env\\n/.test(seen), 'ls -a does not show .env');
    assert.deepEqual(contents(plain), before, 'the folder is exactly as it was');
  } finally {
    fs.writeFileSync(machineSettings, original);
    fs.rmSync(plain, { recursive: true, force: true });
    await llm.close();
    await v1.close();
  }
}, { timeoutMs: 300_000 });
