// The "Get started" walkthrough as a new user meets it: it opens by itself on the first start (VS Code's
// "open walkthroughs on install" on), and each step turns done as the extension's state changes, never by a click
// on the step: the server answers (Change Server URL from a dead URL), the key is accepted (Set API Key), the
// fresh server gets its first settings (Configure LLM), a conversation starts. A second start does not open it
// again; OpenHands: Get Started does, with the steps still done.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { freePort } from '../harness/codeServer';
import { scenario } from '../harness/scenario';
import type { Workbench } from '../harness/workbench';
import { answerDialog, answerInput, clearNotifications, key, nextConversation, notification } from '../harness/ui/conversationSteps';
import { pickQuickItem, SET_API_KEY } from '../harness/ui/quickPick';
import { until } from '../harness/ui/settingsPanelUi';

const TITLE = 'Get started with OpenHands Conversations';
const STEPS = ['Connect to your OpenHands server', 'Set the session key, if it needs one', 'Configure the LLM', 'Start a first conversation'];

function walkthrough(page: Page) {
  return page.locator('.gettingStartedContainer', { hasText: TITLE });
}

/** Which steps show as done (aria-checked), by title, in order. */
async function doneSteps(page: Page): Promise<boolean[]> {
  const container = walkthrough(page);
  return Promise.all(STEPS.map(async (title) =>
    (await container.locator('button.getting-started-step', { hasText: title }).first().getAttribute('aria-checked')) === 'true'));
}

async function waitForDone(page: Page, expected: boolean[], what: string): Promise<void> {
  let seen: boolean[] = [];
  await until(what, async () => {
    seen = await doneSteps(page);
    return seen.join() === expected.join() ? true : undefined;
  }).catch((error: unknown) => { throw new Error(`${String(error)}; steps done: ${seen.join(', ')}`); });
}

/** Expands the step (a click on its title shows its text and buttons, it does not complete it) and clicks `button`. */
async function clickStepButton(workbench: Workbench, step: string, button: string): Promise<void> {
  const container = walkthrough(workbench.page);
  await container.locator('button.getting-started-step', { hasText: step }).first().click();
  await container.getByRole('button', { name: button, exact: true }).click();
}

function editJson(file: string, change: Record<string, unknown>): void {
  fs.writeFileSync(file, `${JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), ...change }, null, 2)}\n`);
}

export default scenario(
  'the walkthrough opens on the first start and each step turns done as the state changes',
  async ({ workbench, page, server, context }) => {
    const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
    const configured = fs.readFileSync(machineSettings, 'utf8');
    try {
      // This page's extension host has read the walkthrough setting while it was off (its first start counts only
      // once the setting is on): its status bar item shows once activate() ran. Under load it could otherwise
      // activate after the edit below, open the walkthrough here and leave none for the start that is checked.
      await page.locator('.part.statusbar .statusbar-item', { hasText: 'OpenHands' }).first().waitFor({ timeout: 30_000 });
      // A person whose VS Code opens walkthroughs on install, and whose server URL nothing answers on yet.
      const deadUrl = `http://127.0.0.1:${await freePort()}`;
      // Both machine-scoped: in a remote window (code-server) only the machine's settings count for them.
      editJson(machineSettings, { 'openhands.serverUrl': deadUrl, 'workbench.welcomePage.walkthroughs.openOnInstall': true });
      await page.locator('.part.statusbar', { hasText: 'OpenHands: offline' }).waitFor({ timeout: 30_000 });
      // This page's first load met the stand-in: forget the progress it made, as a new install has none.
      await workbench.runCommand('Developer: Reset Welcome Page Walkthrough Progress');

      await workbench.open(page.url()); // the first start with the setting on: a new extension host
      await walkthrough(page).waitFor({ timeout: 30_000 });
      await waitForDone(page, [false, false, false, false], 'a fresh walkthrough');
      await workbench.screenshot('opened');

      await clickStepButton(workbench, STEPS[0]!, 'Change Server URL');
      await answerInput(workbench, 'OpenHands: Change Server URL', context.contractUrl);
      // The stand-in needs a key: it answered as an OpenHands, and refuses requests without the key.
      await waitForDone(page, [true, false, false, false], 'the server to answer');
      await page.locator('.part.statusbar', { hasText: 'OpenHands: no API key' }).waitFor({ timeout: 30_000 });
      await workbench.screenshot('connected');

      await clickStepButton(workbench, STEPS[1]!, 'Set API Key');
      await pickQuickItem(workbench, SET_API_KEY);
      await answerInput(workbench, SET_API_KEY, context.sessionApiKey, { password: true });
      await waitForDone(page, [true, true, false, false], 'the key to be accepted');
      await page.locator('.part.statusbar', { hasText: 'OpenHands: no settings yet' }).waitFor({ timeout: 30_000 });
      await clearNotifications(workbench);
      await workbench.screenshot('key-set');

      await clickStepButton(workbench, STEPS[2]!, 'Configure LLM');
      await answerInput(workbench, 'Configure LLM (1/3): model', 'openai/gpt-4o');
      await answerInput(workbench, 'Configure LLM (2/3): base URL', '');
      await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'walkthrough-llm'), { password: true });
      await waitForDone(page, [true, true, true, false], 'the first settings');
      assert.equal(server.storedSettings()?.llm_model, 'openai/gpt-4o');
      await workbench.screenshot('llm-configured');

      server.seedProviderTokens({ github: { token: key(context, 'github-token') } });
      const from = server.requests.length;
      await clickStepButton(workbench, STEPS[3]!, 'Start Conversation');
      await answerInput(workbench, 'OpenHands: Start Conversation', 'Say hello');
      await answerDialog(workbench, 'Start Anyway');
      assert.equal((await nextConversation(server, from)).body.initial_user_msg, 'Say hello');
      await notification(workbench, 'conversation started — Say hello');
      await waitForDone(page, [true, true, true, true], 'the first conversation');
      await clearNotifications(workbench);
      await workbench.screenshot('all-done');

      // A second start: the walkthrough does not open by itself again (closed first: the workbench would restore
      // it as an open editor); the palette opens it, progress kept. Reload Window, not a page load: it shuts the
      // window down as VS Code does, so what the workbench and the extension stored is written before it goes.
      await workbench.runCommand('View: Close All Editors');
      await walkthrough(page).waitFor({ state: 'detached', timeout: 15_000 });
      await workbench.reloadWindow();
      // Connected: activate() ran, and with it the first-run check.
      await page.locator('.part.statusbar .statusbar-item', { hasText: /(^|\s)OpenHands$/ }).waitFor({ timeout: 30_000 });
      assert.equal(await walkthrough(page).count(), 0, 'the walkthrough opened by itself a second time');
      await workbench.runCommand('OpenHands: Get Started');
      await walkthrough(page).waitFor({ timeout: 30_000 });
      await waitForDone(page, [true, true, true, true], 'the kept progress');
      await workbench.screenshot('reopened');
    } finally {
      // Later scenarios share this code-server: never leave them another server URL or the walkthrough setting.
      fs.writeFileSync(machineSettings, configured);
    }
  },
  { timeoutMs: 240_000 },
);
