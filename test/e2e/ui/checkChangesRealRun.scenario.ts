// Check Changes (issue 45) on a real server's real run (the real-server lane, on 1.11.0 and the agent server; in
// `npm test` its 1.11.0 run is on the V1 stand-in, whose own agent runs the same script; the stand-in's seeded version
// is checkChanges.scenario.ts): the person's git repository has a package.json whose `npm test` (node's test runner)
// checks src/greet.js. They Send This Folder with a task; the real agent, driven by the scripted LLM, adds a farewell
// and breaks the greeting. Check Changes offers the test script VS Code's npm extension detects (in the test group,
// so first), asks first, and fails; Send Failures to Agent previews the follow-up and sends it, and the agent's next
// request to its LLM holds the failing test's name and its message. The agent fixes the greeting; when its run stops,
// Check Changes Again runs the same task without asking, and passes; Apply then says the check passed on exactly
// the changes it applies, and the folder holds the fix. The person's repository (status with the ignored files, refs,
// stash, index, worktrees) is byte for byte the same before and after each check.
// The follow-up is read where the agent reads it: in its next request to its LLM, the same on both lines. 1.11.0
// gives this conversation no title, so the check's notices name it by its id. The first run found that Send This
// Folder's snapshot bundle holds a branch and no HEAD, which the copy's fetch of the bundle asked for: the check could
// not start (checkCopy.ts now unbundles it; checkCopy.test.ts bundles as the hand-over does).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm, type ScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { until } from '../../support/until';
import { scenarioOn } from '../harness/scenario';
import { changesPane } from '../harness/ui/changesSteps';
import { answerDialog, answerInput, clearNotifications, clickButton, key, notification, sendThisFolder, setApiKey } from '../harness/ui/conversationSteps';
import { pickQuickItem } from '../harness/ui/quickPick';
import { panelOnServer } from '../harness/ui/settingsPanelUi';
import type { Workbench } from '../harness/workbench';

const TASK = 'Add a farewell to src/greet.js, then finish.';
const TEST_NAME = 'greet says hello to Ada';
const TEST_MESSAGE = 'greet must say Hello to the name it is given';
const FILES: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'widgets', version: '1.0.0', private: true, scripts: { test: 'node --test --test-reporter=tap test/greet.test.js' } }, null, 2)}\n`,
  'src/greet.js': 'exports.greet = (name) => "Hello, " + name + "!";\n',
  'test/greet.test.js': [
    "const test = require('node:test');",
    "const assert = require('node:assert');",
    "const { greet } = require('../src/greet.js');",
    `test('${TEST_NAME}', () => {`,
    `  assert.strictEqual(greet('Ada'), 'Hello, Ada!', '${TEST_MESSAGE}');`,
    '});',
    '',
  ].join('\n'),
};
const FIXED = 'exports.greet = (name) => "Hello, " + name + "!";\nexports.farewell = (name) => "Goodbye, " + name + "!";\n';
// goOnAfterFollowUp: the follow-up (the check's failure) goes on with the script, to its fix.
const SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: "sed -i 's/Hello, /Helo, /' src/greet.js && printf 'exports.farewell = (name) => \"Goodbye, \" + name + \"!\";\\n' >> src/greet.js && cat src/greet.js", thought: 'Add the farewell.' },
  { tool: 'finish', message: 'The farewell is in src/greet.js.' },
  { tool: 'terminal', command: "sed -i 's/Helo, /Hello, /' src/greet.js && cat src/greet.js", thought: 'The check failed on the greeting: fix its typo.' },
  { tool: 'finish', message: 'The greeting says Hello again.' },
];
const MODEL = 'openai/gpt-4o';
const RUN_MS = 150_000;

// Its Change Server URL writes the machine settings' server URL, as a person's does, pointing at the stand-in that is
// closed after it: the harness puts that file back after every scenario (uiRunner.ts), else the next scenarios'
// windows were on that dead URL (the V0 scenarios after it failed with "connection refused" in the run of 97c7bb1).
export default scenarioOn(['v1', 'agent'], 'Check Changes on a real run: the npm test task fails, the failure goes to the agent, its fix passes, Apply', async ({ workbench, page, context, target }) => {
  const folder = context.workspaceFolder;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder, encoding: 'utf8' });
  const originalHead = git('rev-parse', 'HEAD').trim();
  const llm = await startScriptedLlm({ script: SCRIPT, goOnAfterFollowUp: true, keepBodies: true, delayMs: 200 });
  try {
    // The project, committed before the window loads, so that the npm extension detects its test script as it starts.
    for (const [name, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), text);
    }
    git('add', ...Object.keys(FILES));
    git('-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', 'commit', '-qm', 'greet and its test');
    await workbench.reloadWindow();
    const person = () => JSON.stringify({
      status: git('--no-optional-locks', 'status', '--porcelain', '--ignored'), refs: git('for-each-ref'), stash: git('stash', 'list'),
      worktrees: git('worktree', 'list', '--porcelain'), index: createHash('sha1').update(fs.readFileSync(path.join(folder, '.git', 'index'))).digest('hex'),
    });

    const panel = await panelOnServer(workbench, page, target);
    await setApiKey(workbench, { ...context, sessionApiKey: target.sessionApiKey });
    await workbench.runCommand('OpenHands: Configure LLM');
    await answerInput(workbench, 'Configure LLM (1/3): model', MODEL);
    await answerInput(workbench, 'Configure LLM (2/3): base URL', llm.baseUrl);
    await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
    await panel.waitForDescription('Model', 2, MODEL);
    await sendThisFolder(workbench, TASK);
    await clickButton(await notification(workbench, /" finished/, RUN_MS), 'Show Changes');
    await (await changesPane(workbench)).locator('.monaco-list-row .label-name', { hasText: /^greet\.js$/ }).waitFor({ timeout: 30_000 });
    await clearNotifications(workbench);

    const before = person();
    await workbench.runCommand('OpenHands: Check Changes');
    const labels = await pickQuickItem(workbench, 'Check Changes', 'test', { shot: 'what-runs' });
    assert.equal(labels[0], 'test', `the detected npm test script is offered first: ${labels.join(' | ')}`);
    const asked = await answerDialog(workbench, 'Run the Check', 'asks-first');
    assert.match(asked, /on this machine, as you/);
    const failed = await notification(workbench, /the check of ".*" failed with exit code 1 after .*: npm/, 120_000);
    await workbench.screenshot('failed');
    assert.equal(person(), before, 'the person\'s repository is the same after the failed check');

    await sendFailures(workbench, page, failed, llm);
    assert.equal(person(), before, 'the person\'s repository is the same after the follow-up');
    await clickButton(await notification(workbench, /stopped after the check's failure you sent/, RUN_MS), 'Check Changes Again');
    await notification(workbench, /the check of ".*" passed: npm .* passed after /, 120_000);
    await workbench.screenshot('passed');
    assert.equal(person(), before, 'the person\'s repository is the same after the passing check');

    await clearNotifications(workbench);
    await workbench.runCommand('OpenHands: Apply Changes to the Workspace');
    await notification(workbench, /1 files? updated, 0 merged, 0 skipped\. The check \(npm .*\) passed on exactly these changes\./, 60_000);
    await workbench.screenshot('applied');
    assert.equal(fs.readFileSync(path.join(folder, 'src', 'greet.js'), 'utf8'), FIXED, 'the folder holds the agent\'s fixed change');
  } finally {
    git('reset', '-q', '--hard', originalHead);
    for (const name of ['package.json', 'test']) fs.rmSync(path.join(folder, name), { recursive: true, force: true });
    fs.rmSync(path.join(folder, 'src', 'greet.js'), { force: true });
    await llm.close();
  }
}, { timeoutMs: 420_000 });

/**
 * Send Failures to Agent: the preview holds the test's failure, Send sends it; the agent's next request to its LLM
 * holds the failing test's name and message (what the real server made of the follow-up, as the agent reads it).
 */
async function sendFailures(workbench: Workbench, page: Page, failed: Awaited<ReturnType<typeof notification>>, llm: ScriptedLlm): Promise<void> {
  const asked = llm.requests.length;
  await clickButton(failed, 'Send Failures to Agent');
  await page.locator('.monaco-editor .view-line', { hasText: TEST_NAME }).first().waitFor({ timeout: 30_000 });
  await workbench.screenshot('preview');
  assert.match(await answerDialog(workbench, 'Send', 'send'), /Send the failure of the check to/);
  const next = await until('the agent\'s next request to its LLM', () => llm.requests.slice(asked).find((r) => r.tools.length > 0), RUN_MS);
  const seen = JSON.stringify(next.body);
  for (const expected of [TEST_NAME, TEST_MESSAGE, 'Result: failed with exit code 1']) {
    assert.ok(seen.includes(expected), `the agent's next request holds ${expected}`);
  }
}
