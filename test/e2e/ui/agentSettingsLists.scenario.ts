// The Settings view's LLM Profiles and Secrets on a real OpenHands Agent Server 1.58.2 (the real-server lane only: no
// stand-in speaks this line), as a person uses them: Configure LLM (the view shows only the groups the server keeps), Save Current LLM as Profile from the group's row,
// Activate it (marked active), Rename, Delete (Keep is the button Enter picks); Add Secret (its value typed in a
// password box, never on the page), listed by name, Delete.
import * as assert from 'node:assert/strict';
import { scenarioOn } from '../harness/scenario';
import { answerInput, clearNotifications, key } from '../harness/ui/conversationSteps';
import { pickQuickItem, SET_API_KEY } from '../harness/ui/quickPick';
import { assertNoSecretInPage, panelOnServer, until } from '../harness/ui/settingsPanelUi';

const MODEL = 'openai/gpt-4o-mini';
const GROUPS = ['LLM', 'Agent', 'LLM Profiles', 'Secrets', 'Advanced'];

export default scenarioOn(['agent'], 'Agent server settings: LLM profiles (save the current LLM, activate, rename, delete) and secrets (add, listed by name only, delete)', async ({ workbench, page, context, target }) => {
  const panel = await panelOnServer(workbench, page, target);
  await workbench.runCommand(SET_API_KEY);
  await pickQuickItem(workbench, SET_API_KEY);
  await answerInput(workbench, SET_API_KEY, target.sessionApiKey, { password: true });
  await workbench.readNotification('OpenHands API key saved');
  await clearNotifications(workbench);

  await workbench.runCommand('OpenHands: Configure LLM');
  await answerInput(workbench, 'Configure LLM (1/3): model', MODEL);
  await answerInput(workbench, 'Configure LLM (2/3): base URL', 'http://127.0.0.1:9/v1');
  await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
  await panel.waitForDescription('Model', 2, MODEL);
  // Only the groups of what an agent server keeps: none of the app server's (sandbox, search, git identity, ...).
  assert.deepEqual(await panel.groups(), GROUPS);
  await workbench.screenshot('groups');

  await panel.setExpanded('LLM Profiles', 1, true);
  await panel.waitForDescription('No LLM profiles', 2, 'right-click to save the current LLM');
  await panel.inlineAction('LLM Profiles', 1, 'Save Current LLM as Profile');
  await panel.answer('Save the current LLM as a profile', 'daily');
  await panel.waitForDescription('daily', 2, MODEL);
  assert.match(await panel.message(), /Saved the current LLM as the profile daily/);
  await panel.contextAction('daily', 2, 'Activate LLM Profile');
  await panel.waitForDescription('daily', 2, `${MODEL} · active`);
  assert.deepEqual(await panel.inlineActions('daily', 2), ['Delete LLM Profile'], 'the active profile offers no Activate');

  await panel.setExpanded('Secrets', 1, true);
  await panel.inlineAction('Secrets', 1, 'Add Secret');
  await panel.answer('Add a secret (1/2): name', 'NPM_TOKEN');
  const value = key(context, 'secret');
  await panel.answer('Add a secret (2/2): value of NPM_TOKEN', value, { password: true });
  await panel.waitForDescription('NPM_TOKEN', 2, 'set');
  await assertNoSecretInPage(page, [value, target.sessionApiKey]);
  await workbench.screenshot('profiles-and-secrets');

  await panel.inlineAction('NPM_TOKEN', 2, 'Delete Secret');
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 30_000 });
  // The button Enter picks is the focused one (Linux lays the buttons out in reverse order: the DOM's order says nothing).
  const focused = await until('the dialog to focus a button', async () => (await page.evaluate('document.activeElement && document.activeElement.textContent') as string | null)?.trim() || undefined);
  assert.equal(focused, 'Keep', 'Enter keeps the secret');
  await panel.answerModal('Delete');
  await panel.waitForDescription('No secrets', 2, 'right-click to add one');

  await panel.contextAction('daily', 2, 'Rename LLM Profile');
  await panel.answer('Rename the profile daily', 'work');
  await panel.waitForDescription('work', 2, `${MODEL} · active`);
  await panel.contextAction('work', 2, 'Delete LLM Profile');
  await panel.answerModal('Delete');
  await panel.waitForDescription('No LLM profiles', 2, 'right-click to save the current LLM');
  await until('the LLM to stay as configured', async () => ((await panel.description('Model', 2)) === MODEL ? true : undefined));
  await workbench.screenshot('lists-emptied');
}, { timeoutMs: 300_000 });
