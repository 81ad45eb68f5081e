// Apply Changes in the real VS Code, on a real run: the V1 stand-in's agent, driven by the scripted LLM, does the
// real-work script in its git workspace (base files committed, then an edit, a new file, a deletion, a move, a
// binary and a Latin-1 file). The e2e workspace gets the same base files with the git CLI first, as the agent
// commits them. Started from the workspace (its folder recorded), the conversation's changes are applied into a
// clean checkout (files checked on disk, byte for byte), undone (every file back, byte-equal), then applied over a
// locally edited base.txt: merged three ways, both changes in it; an applied file edited since: Undo Apply asks
// first (Escape writes nothing), undoes the rest keeping the edit, then restores it too. Last, a local edit of the
// agent's own line: a conflict, completed in VS Code's merge editor.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scenario } from '../harness/scenario';
import { startContractServer } from '../../support/standin/contractServer';
import { GITIGNORE, REAL_WORK_BYTES, REAL_WORK_TASK, REAL_WORK_SCRIPT } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { until } from '../../support/until';
import { agentRunFinished, answerDialog, clearNotifications, clickButton, notification, startOnServerWithLlm } from '../harness/ui/conversationSteps';
import { pickQuickItem } from '../harness/ui/quickPick';
import type { Workbench } from '../harness/workbench';

const BASE: Record<string, string> = { '.gitignore': GITIGNORE, 'base.txt': 'alpha\nbeta\ngamma\n', 'doomed.txt': 'to be removed\n', 'old-name.txt': 'moving\n' };
const AGENT: Record<string, Buffer | null> = {
  'base.txt': Buffer.from('alpha\nBETA\ngamma\n'), 'doomed.txt': null, 'old-name.txt': null, 'new-name.txt': Buffer.from('moving\n'),
  'notes/added.md': Buffer.from('# Added\n\nA new file.\n'), 'image.bin': REAL_WORK_BYTES['image.bin'], 'latin1.txt': REAL_WORK_BYTES['latin1.txt'],
};
const APPLY = 'OpenHands: Apply Changes to the Workspace';

/** Every file the apply may touch, as it is on disk (null: absent). */
function filesOn(folder: string): Record<string, Buffer | null> {
  const paths = new Set([...Object.keys(BASE), ...Object.keys(AGENT)]);
  return Object.fromEntries([...paths].map((p) => [p, fs.existsSync(path.join(folder, p)) ? fs.readFileSync(path.join(folder, p)) : null]));
}

/**
 * Over a local edit of the agent's own line: the file stays the person's and waits in the merge editor, whose
 * result starts as a three-way merge (the person's other line already in, one conflict left); Accept Agent and
 * Complete Merge write the result to the file.
 */
async function mergeAConflict(workbench: Workbench, folder: string): Promise<void> {
  const file = path.join(folder, 'base.txt');
  fs.writeFileSync(file, 'alpha\nbeta, mine\ngamma\nmy own line\n');
  const mine = fs.readFileSync(file);
  await workbench.runCommand(APPLY);
  await pickQuickItem(workbench, 'OpenHands: Apply the changes of which conversation?');
  await pickQuickItem(workbench, 'OpenHands: files with changes of your own (1)');
  await notification(workbench, /5 files updated, 0 merged, 0 skipped\. 1 file has conflicts and waits in the merge editor/, 60_000);
  const editor = workbench.page.locator('.merge-editor').first();
  await editor.waitFor({ state: 'visible', timeout: 30_000 });
  const result = editor.locator('.code-view').filter({ hasText: 'Result' }).locator('.view-lines');
  const resultText = async () => (await result.innerText()).replace(/\u00a0/g, ' ');
  await until('the person\'s other line in the merge result', async () => (/my own line/.test(await resultText()) ? true : undefined));
  await editor.getByText(/1 Conflict Remaining/i).first().waitFor({ timeout: 30_000 });
  const resultHeader = editor.locator('.code-view').filter({ hasText: 'Result' }).locator('.header .description').first();
  assert.equal((await resultHeader.innerText()).trim(), 'base.txt', 'the Result header names the file by its workspace-relative path');
  await workbench.screenshot('merge-editor');
  assert.deepEqual(fs.readFileSync(file), mine, 'the file stays the person\'s until the merge is complete');

  await editor.getByText('Accept Agent', { exact: true }).first().click();
  await until('the agent\'s line in the merge result', async () => (/BETA[\s\S]*my own line/.test(await resultText()) ? true : undefined));
  assert.deepEqual(fs.readFileSync(file), mine, 'the file stays the person\'s while they merge');
  await workbench.screenshot('merge-resolved');
  await workbench.page.locator('.part.editor .editor-actions .action-label[aria-label*="Complete Merge"]').click();
  await notification(workbench, 'OpenHands: the merge of base.txt is written to the file.', 30_000);
  assert.equal(fs.readFileSync(file, 'utf8'), 'alpha\nBETA\ngamma\nmy own line\n');
  await editor.waitFor({ state: 'detached', timeout: 10_000 });
}

export default scenario('Apply Changes: a real run applied into a clean checkout, undone, merged over a local edit, a conflict completed in the merge editor', async ({ workbench, context }) => {
  const folder = context.workspaceFolder;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder, encoding: 'utf8' });
  const originalHead = git('rev-parse', 'HEAD').trim();
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const v1 = await startContractServer({ api: 'v1', sessionApiKey: context.sessionApiKey });
  const llm = await startScriptedLlm({ script: REAL_WORK_SCRIPT });
  try {
    for (const [name, text] of Object.entries(BASE)) fs.writeFileSync(path.join(folder, name), text);
    git('add', ...Object.keys(BASE));
    git('-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', 'commit', '-qm', 'The base files the agent commits');
    const clean = filesOn(folder);

    await startOnServerWithLlm(workbench, context, v1.url, llm.baseUrl, REAL_WORK_TASK);
    await answerDialog(workbench, 'Start Anyway');
    await clickButton(await notification(workbench, /Most likely it has no GitHub token/, 60_000), 'Start Without Repository');
    await agentRunFinished(v1.url, context.sessionApiKey);
    await clearNotifications(workbench);

    // Into a clean checkout: every file the agent's, byte for byte.
    await workbench.runCommand(APPLY);
    await pickQuickItem(workbench, 'OpenHands: Apply the changes of which conversation?');
    const applied = await notification(workbench, 'OpenHands: 6 files updated, 0 merged, 0 skipped.', 60_000);
    await workbench.screenshot('applied');
    assert.deepEqual(filesOn(folder), { ...clean, ...AGENT });

    // Undo: every file back, byte-equal.
    await clickButton(applied, 'Undo');
    await notification(workbench, /the apply of ".*" was undone; 7 files restored\./);
    assert.deepEqual(filesOn(folder), clean);
    assert.equal(fs.existsSync(path.join(folder, 'notes')), false, 'the folder the apply made is gone');
    await clearNotifications(workbench);

    // Over a local edit on lines apart from the agent's: base.txt is merged three ways, both changes in it.
    fs.appendFileSync(path.join(folder, 'base.txt'), 'my own line\n');
    const edited = filesOn(folder);
    await workbench.runCommand(APPLY);
    await pickQuickItem(workbench, 'OpenHands: Apply the changes of which conversation?');
    await pickQuickItem(workbench, 'OpenHands: files with changes of your own (1)', undefined, { shot: 'own-changes' });
    await notification(workbench, 'OpenHands: 5 files updated, 1 merged, 0 skipped.', 60_000);
    assert.deepEqual(filesOn(folder), { ...edited, ...AGENT, 'base.txt': Buffer.from('alpha\nBETA\ngamma\nmy own line\n') });

    // A file the apply wrote, edited since: Undo Apply asks first, and Escape writes nothing and keeps it undoable.
    const applied2 = filesOn(folder);
    fs.appendFileSync(path.join(folder, 'notes/added.md'), 'my note\n');
    const noted = filesOn(folder);
    await workbench.runCommand('OpenHands: Undo Apply');
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    const question = await dialog.innerText();
    await workbench.screenshot('undo-asks');
    await workbench.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    assert.deepEqual(filesOn(folder), noted, 'Escape leaves every file as it was');
    assert.notDeepEqual(noted, applied2);
    assert.match(question, /1 file was changed after the apply/);

    // Asked again, Enter takes the default, which keeps the edit and undoes the rest; a third Undo Apply can still
    // restore it.
    await workbench.runCommand('OpenHands: Undo Apply');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    const primary = await dialog.locator('.dialog-buttons .monaco-button:not(.secondary)').allInnerTexts();
    assert.deepEqual(primary.map((text) => text.trim()), ['Undo the Rest, Keep My Edits'], 'the default keeps the person\'s edits');
    await workbench.page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await notification(workbench, /the apply of ".*" was undone; 6 files restored\. Your changes to 1 file were kept/);
    assert.deepEqual(filesOn(folder), { ...edited, 'notes/added.md': noted['notes/added.md'] });
    await workbench.runCommand('OpenHands: Undo Apply');
    await answerDialog(workbench, 'Restore Them Too');
    await notification(workbench, /the apply of ".*" was undone; 1 file restored\./);
    assert.deepEqual(filesOn(folder), edited);
    await clearNotifications(workbench);
    await mergeAConflict(workbench, folder);
  } finally {
    for (const name of [...Object.keys(BASE), ...Object.keys(AGENT)]) fs.rmSync(path.join(folder, name), { force: true });
    fs.rmSync(path.join(folder, 'notes'), { recursive: true, force: true });
    git('reset', '-q', '--hard', originalHead);
    fs.writeFileSync(machineSettings, original);
    await llm.close();
    await v1.close();
  }
}, { timeoutMs: 300_000 });
