// Check Changes (issue 45) on a V1 stand-in whose agent server holds a finished run's real git workspace: the
// person types a command line that checks a line the agent rewrote; it runs in a temporary copy of the base with the
// agent's exact patch applied (never in their folder), after the first check's modal that says the agent's code
// runs as them; it fails, and Send Failures to Agent previews the follow-up and sends it: the stand-in receives one
// message with the command, the exit code and the failure's words, its token-looking secret masked. The person's
// repository is byte for byte the same afterwards (status, refs, stash, index, worktrees) and no copy is left. Then
// a test task of the folder's tasks.json, offered before its other tasks, passes. The conversation's row says how
// each check ended; when the agent's run on the sent failure stops, Check Changes Again runs the same line without
// asking what; Apply after the pass says the check passed on exactly the changes it applies.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { E2eContext } from '../harness/context';
import type { ContractServer } from '../harness/contract';
import { scenario } from '../harness/scenario';
import { showChangesOf } from '../harness/ui/changesSteps';
import type { Page } from 'playwright-core';
import { answerDialog, clearNotifications, clickButton, collapsePane, conversationRows, notification, setApiKey } from '../harness/ui/conversationSteps';
import { pickQuickItem } from '../harness/ui/quickPick';
import type { Workbench } from '../harness/workbench';
import { until } from '../../support/until';

const MESSAGE = 'Reword the widgets files';
const TOKEN = 'ghp_e2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2e0';
// Fails where the agent's change is applied: it rewrote file 0's line 3 ("file 0 line three").
const COMMAND = `echo "using ${TOKEN}"; grep -qx "file 0 line 3" src/module0/file0.txt || { echo "FAIL widgets.test: line 3 reads '$(sed -n 3p src/module0/file0.txt)'" >&2; exit 3; }`;

export default scenario('Check Changes: a typed command line fails in a copy with the agent\'s changes, and its failure goes to the agent as one previewed follow-up', async ({ workbench, page, server, context }) => {
  const folder = context.workspaceFolder;
  // The folder's tasks, there before the window reads them: VS Code learns of a tasks.json written behind its back
  // only when its file watcher reports it, and in a loaded CI run (2026-12-02) that took longer than the seconds
  // between the write and the task pick, which then listed no task. A reloaded window reads the file as it loads.
  writeTasks(folder);
  try {
    await workbench.reloadWindow();
    await checkTwice(workbench, page, server, context);
  } finally {
    fs.rmSync(path.join(folder, '.vscode'), { recursive: true, force: true });
  }
}, { timeoutMs: 240_000, line: 'v1' });

/** The failing typed line, its follow-up, Check Changes Again; then the passing task and Apply. */
async function checkTwice(workbench: Workbench, page: Page, server: ContractServer, context: E2eContext): Promise<void> {
  const folder = context.workspaceFolder;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder, encoding: 'utf8' });
  const [id] = server.seedConversations(1, { messages: [MESSAGE], changedFiles: 12 });
  // The agent's base commit, as a person has it who fetched what the agent started from.
  git('fetch', '--quiet', '--no-tags', server.workspaceOf(id!), 'HEAD');
  const person = () => JSON.stringify({
    status: git('--no-optional-locks', 'status', '--porcelain', '--ignored'), refs: git('for-each-ref'), stash: git('stash', 'list'),
    worktrees: git('worktree', 'list', '--porcelain'), index: createHash('sha1').update(fs.readFileSync(path.join(folder, '.git', 'index'))).digest('hex'),
  });
  const before = person();
  await setApiKey(workbench, context);
  const changesPane = await showChangesOf(workbench, MESSAGE);
  await changesPane.locator('.monaco-list-row').filter({ hasText: /^Against HEAD/ }).waitFor({ timeout: 30_000 });
  await collapsePane(workbench, 'Conversations');

  // On the Changes view's title, beside Review, Refresh and Apply.
  await changesPane.hover();
  await changesPane.locator('.pane-header .action-label[aria-label="Check Changes"]').waitFor({ timeout: 10_000 });
  await workbench.runCommand('OpenHands: Check Changes');
  // The conversation names no repository: the person picks the folder, as for Apply.
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await page.locator('.quick-input-widget input[placeholder*="Which folder"]').waitFor({ timeout: 30_000 });
  await input.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Check Changes' }).waitFor({ timeout: 30_000 });
  await workbench.screenshot('what-runs');
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Type a Command Line' }).click();
  await workbench.answerInputBox(COMMAND);
  const asked = await answerDialog(workbench, 'Run the Check', 'asks-first');
  // A task may delete files outside the copy (test/core/check/checkCopy.test.ts): the question says so.
  assert.match(asked, /on this machine, as you: the agent's code can read and change anything you can, also outside the copy/);
  assert.match(asked, /None of the files the agent changed is a build, CI or test file/);

  const failed = await notification(workbench, /the check of ".*" failed with exit code 3 after .*: echo/, 60_000);
  await workbench.screenshot('failed');
  assert.ok(!(await failed.innerText()).includes(TOKEN), 'the notification shows the command line with its token masked');
  assert.equal(person(), before, 'the person\'s repository is the same after the check');
  const copies = path.join(context.userDataDir, 'User', 'globalStorage', 'openhands-conversations.openhands-conversations', 'checks');
  assert.deepEqual(fs.existsSync(copies) ? fs.readdirSync(copies) : [], [], 'the copy is removed');
  assert.equal(fs.readFileSync(path.join(folder, 'src', 'widget.ts'), 'utf8').includes('widget'), true);
  await rowSays(workbench, 'check failed (exit 3)', 'row-failed');

  await clickButton(failed, 'Send Failures to Agent');
  await page.locator('.monaco-editor .view-line', { hasText: 'FAIL widgets.test' }).first().waitFor({ timeout: 30_000 });
  const dialog = await answerDialog(workbench, 'Send', 'preview');
  assert.match(dialog, /Send the failure of the check to/);
  const followUps = () => server.requests.filter((r) => r.method === 'POST' && r.body.includes('FAIL widgets.test'));
  const sent = (await until('the failure\'s follow-up at the server', () => followUps()[0])).body;
  assert.equal(followUps().length, 1, 'one follow-up');
  for (const expected of ['Result: failed with exit code 3', "FAIL widgets.test: line 3 reads 'file 0 line three'", 'using ***']) {
    assert.ok(sent.includes(expected), `the follow-up holds ${expected}: ${sent}`);
  }
  assert.ok(!sent.includes(TOKEN), 'the token is masked, in the command and in its output');
  await until('the preview\'s tab to close', async () => ((await page.locator('.tab', { hasText: 'check-failures.md' }).count()) === 0 ? true : undefined), 10_000);
  assert.equal(person(), before, 'the person\'s repository is the same after the follow-up');
  // The agent's run on the failure: it works, then stops; Check Changes Again runs the same line without asking.
  server.setConversationStatus(id!, { execution_status: 'running' });
  // Long enough for a poll of the followed conversation to see it working (a stop no poll saw is told too).
  await new Promise((resolve) => setTimeout(resolve, 6000));
  server.setConversationStatus(id!, { execution_status: 'finished' });
  await clickButton(await notification(workbench, /stopped after the check's failure you sent/, 60_000), 'Check Changes Again');
  // The conversation names no repository: the folder is asked again, what runs is not.
  await page.locator('.quick-input-widget input[placeholder*="Which folder"]').waitFor({ timeout: 30_000 });
  await input.press('Enter');
  await notification(workbench, /the check of ".*" failed with exit code 3 after .*: echo/, 60_000);
  await workbench.screenshot('checked-again');
  await passingTask(workbench, page, person);
}

function writeTasks(folder: string): void {
  const tasksFile = path.join(folder, '.vscode', 'tasks.json');
  fs.mkdirSync(path.dirname(tasksFile), { recursive: true });
  fs.writeFileSync(tasksFile, JSON.stringify({
    version: '2.0.0',
    tasks: [
      { label: 'widgets build', type: 'shell', command: 'echo built' },
      // With a problem matcher: the check loads its matchers' part and runs the task with it.
      { label: 'widgets tests', type: 'shell', command: 'grep -q "file 0 line three" src/module0/file0.txt && echo all widgets pass', group: 'test', problemMatcher: '$tsc' },
    ],
  }));
}

/**
 * A task of the folder's tasks.json, the test group's first: the typed line is offered first (last used), then the
 * tasks, tests before the others; the check passes, without asking again for this conversation.
 */
async function passingTask(workbench: Workbench, page: Page, person: () => string): Promise<void> {
  const before = person();
  await clearNotifications(workbench);
  await workbench.runCommand('OpenHands: Check Changes');
  await page.locator('.quick-input-widget input[placeholder*="Which folder"]').waitFor({ timeout: 30_000 });
  await page.locator('.quick-input-widget .quick-input-box input').press('Enter');
  const labels = await pickQuickItem(workbench, 'Check Changes', 'widgets tests', { shot: 'tasks' });
  assert.deepEqual(labels.map((label) => label.replace(/^\s+/, '')), [COMMAND, 'widgets tests', 'widgets build', 'Type a Command Line…']);
  await notification(workbench, /the check of ".*" passed: grep -q .* passed after /, 60_000);
  assert.equal(person(), before, 'the person\'s repository is the same after the passing check');
  await rowSays(workbench, 'check passed', 'row-passed');
  // Apply after the pass: the same patch as the check's, and Apply says so.
  await clearNotifications(workbench);
  await workbench.runCommand('OpenHands: Apply Changes to the Workspace');
  await page.locator('.quick-input-widget input[placeholder*="Which folder"]').waitFor({ timeout: 30_000 });
  await page.locator('.quick-input-widget .quick-input-box input').press('Enter');
  // The person's folder is not at the agent's base: the files it has otherwise are skipped (OK with none picked).
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'files with changes of your own' }).waitFor({ timeout: 30_000 });
  await page.locator('.quick-input-widget .quick-input-box input').press('Enter');
  await notification(workbench, /files updated, .* The check \(grep -q .*\) passed on exactly these changes\./, 60_000);
  await workbench.screenshot('applied-after-pass');
}

/** The conversation's row in the Conversations view, its description ending with what its last check gave. */
async function rowSays(workbench: Workbench, words: string, shot: string): Promise<void> {
  const rows = await conversationRows(workbench);
  await rows.filter({ hasText: words }).first().waitFor({ timeout: 10_000 });
  await workbench.screenshot(shot);
  await collapsePane(workbench, 'Conversations');
}
