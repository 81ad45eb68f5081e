// Apply Changes in the real VS Code, on a real run: the V1 stand-in's agent, driven by the scripted LLM, does the
// real-work script in its git workspace (base files committed, then an edit, a new file, a deletion, a move, a
// binary and a Latin-1 file). The e2e workspace gets the same base files with the git CLI first, as the agent
// commits them. Started from the workspace (its folder recorded), the conversation's changes are applied into a
// clean checkout (files checked on disk, byte for byte), undone (every file back, byte-equal), then applied over a
// locally edited base.txt: the person's file is left as it is and VS Code's merge editor opens on it; an applied file
// edited since: Undo Apply asks first (Escape writes nothing), undoes the rest keeping the edit, then restores it too.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scenario } from '../harness/scenario';
import { startContractServer } from '../../support/standin/contractServer';
import { GITIGNORE, REAL_WORK_BYTES, REAL_WORK_TASK, REAL_WORK_SCRIPT } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { until } from '../../support/until';
import { answerDialog, clearNotifications, clickButton, notification, startOnServerWithLlm } from '../harness/ui/conversationSteps';
import { pickQuickItem } from '../harness/ui/quickPick';

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

async function finished(url: string, key: string): Promise<void> {
  await until('the agent to finish its run', async () => {
    const answer = await fetch(`${url}/api/v1/app-conversations/search?limit=10`, { headers: { 'X-Session-API-Key': key } });
    const { items } = await answer.json() as { items: { execution_status: string | null }[] };
    return items.some((c) => c.execution_status === 'finished') ? true : undefined;
  }, 120_000);
}

export default scenario('Apply Changes: a real run applied into a clean checkout, undone, applied over a local edit with the merge editor', async ({ workbench, context }) => {
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
    await finished(v1.url, context.sessionApiKey);
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

    // Over a local edit: base.txt is the person's; the merge editor opens on it, and it is not written.
    fs.appendFileSync(path.join(folder, 'base.txt'), 'my own line\n');
    const edited = filesOn(folder);
    await workbench.runCommand(APPLY);
    await pickQuickItem(workbench, 'OpenHands: Apply the changes of which conversation?');
    await pickQuickItem(workbench, 'OpenHands: files with changes of your own (1)', undefined, { shot: 'own-changes' });
    await notification(workbench, 'OpenHands: 5 files updated, 1 merged, 0 skipped.', 60_000);
    await workbench.page.locator('.merge-editor').first().waitFor({ state: 'visible', timeout: 30_000 });
    await workbench.screenshot('merge-editor');
    assert.deepEqual(filesOn(folder), { ...edited, ...AGENT, 'base.txt': edited['base.txt'] });

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

    // Asked again: undo the rest and keep the edit; a third Undo Apply can still restore it.
    await workbench.runCommand('OpenHands: Undo Apply');
    await answerDialog(workbench, 'Undo the Rest, Keep My Edits');
    await notification(workbench, /the apply of ".*" was undone; 5 files restored\. Your changes to 1 file were kept/);
    assert.deepEqual(filesOn(folder), { ...edited, 'notes/added.md': noted['notes/added.md'] });
    await workbench.runCommand('OpenHands: Undo Apply');
    await answerDialog(workbench, 'Restore Them Too');
    await notification(workbench, /the apply of ".*" was undone; 1 file restored\./);
    assert.deepEqual(filesOn(folder), edited);
  } finally {
    for (const name of [...Object.keys(BASE), ...Object.keys(AGENT)]) fs.rmSync(path.join(folder, name), { force: true });
    fs.rmSync(path.join(folder, 'notes'), { recursive: true, force: true });
    git('reset', '-q', '--hard', originalHead);
    fs.writeFileSync(machineSettings, original);
    await llm.close();
    await v1.close();
  }
}, { timeoutMs: 300_000 });
