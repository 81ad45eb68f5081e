// The welcome views of the Settings panel, reached as a person reaches them and left through their buttons:
// a server that needs a key (none set, then a wrong one), a fresh server whose first save Configure LLM makes,
// a server URL nothing answers on, and a server that stops answering until Retry.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { scenario } from '../harness/scenario';
import { SEEDED_SETTINGS } from '../../support/fixtures/settingsFixture';
import { pickQuickItem, SET_API_KEY } from '../harness/ui/quickPick';
import { SettingsPanel, openSeededPanel, until, STAND_IN_API } from '../harness/ui/settingsPanelUi';
import { freePort } from '../harness/codeServer';
import { collapsePane, conversationRows } from '../harness/ui/conversationSteps';

const NO_KEY = /needs a session API key/;
const REFUSED_KEY = /The server refused the API key/;
const NO_SETTINGS = /This server has no settings yet/;
const OFFLINE = /Cannot reach the OpenHands server/;

/** A loopback port nothing listens on: a free one, bound and released. */
const closedPort = freePort;

/** How often the Output panel shows `text` (its lines may be wrapped: whitespace is ignored). */
async function logCount(page: Page, text: string): Promise<number> {
  const squeeze = (value: string) => value.replace(/\s/g, '');
  const shown = squeeze(await page.locator('.part.panel .view-lines').first().innerText().catch(() => ''));
  return shown.split(squeeze(text)).length - 1;
}

export default [
  scenario('a server that needs a key: no key, a refused key, then no settings yet and Configure LLM', async ({ workbench, page, server, context }) => {
    // A fresh browser profile holds no key, and the reset server no settings.
    const panel = new SettingsPanel(workbench, page);
    await panel.open();
    const noKey = await panel.waitForWelcome(NO_KEY);
    assert.deepEqual(noKey.buttons, ['Set API Key', 'Change Server URL']);
    // The server, and once its openapi.json was read, its version and API.
    assert.equal(await panel.headerDescription(), `${context.contractUrl} · ${STAND_IN_API.v0}`);
    await panel.waitForStatusBar('OpenHands: no API key');
    await workbench.screenshot('no-key');

    await panel.clickWelcomeButton('Set API Key');
    await pickQuickItem(workbench, SET_API_KEY);
    await panel.answer(SET_API_KEY, 'e2e-not-the-session-key', { password: true });
    const refused = await panel.waitForWelcome(REFUSED_KEY);
    assert.deepEqual(refused.buttons, ['Set API Key', 'Show Log']);
    await panel.waitForStatusBar('OpenHands: unauthorized');
    await workbench.screenshot('refused-key');

    await panel.clickWelcomeButton('Set API Key');
    await pickQuickItem(workbench, SET_API_KEY);
    await panel.answer(SET_API_KEY, context.sessionApiKey, { password: true });
    const noSettings = await panel.waitForWelcome(NO_SETTINGS);
    assert.deepEqual(noSettings.buttons, ['Configure LLM']);
    await panel.waitForStatusBar('OpenHands: no settings yet');
    await workbench.screenshot('no-settings');

    const llmKey = 'sk-e2e-first-llm-key-19ab';
    const posts = server.requests.filter((r) => r.method === 'POST').length;
    await panel.clickWelcomeButton('Configure LLM');
    const { prefilled } = await panel.answer('Configure LLM (1/3): model', 'openai/gpt-4o');
    assert.equal(prefilled, 'anthropic/claude-sonnet-4-20250514');
    await panel.answer('Configure LLM (2/3): base URL', '');
    await panel.answer('Configure LLM (3/3): API key', llmKey, { password: true });
    await panel.waitForDescription('Model', 2, 'openai/gpt-4o');
    await panel.waitForDescription('API key', 2, 'set');
    await panel.waitForStatusBar('OpenHands');
    const sent = server.requests.filter((r) => r.method === 'POST').slice(posts);
    assert.deepEqual(sent.map((r) => [r.path, r.status]), [['/api/settings', 200]], 'Configure LLM did not make exactly one save');
    assert.deepEqual(JSON.parse(sent[0]!.body), { llm_model: 'openai/gpt-4o', llm_api_key: llmKey });
    const stored = server.storedSettings();
    assert.deepEqual([stored?.llm_model, stored?.llm_api_key], ['openai/gpt-4o', llmKey]);
    assert.equal(await panel.message(), 'Saved. New settings apply to new conversations.');
    await workbench.screenshot('configured');
    assert.ok(!(await page.content()).includes(llmKey), 'the page shows the LLM key');
  }),

  scenario('a server that cannot be reached or stops answering: Cannot reach, Show Log, Change Server URL, Retry', async ({ workbench, page, server, context }) => {
    const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
    const configured = fs.readFileSync(machineSettings, 'utf8');
    try {
      const panel = await openSeededPanel(workbench, page, server, context);
      const deadUrl = `http://127.0.0.1:${await closedPort()}`;
      // Change Server URL checks the address first: nothing answers, so it asks, and the default (Enter) loses
      // nothing: the box again with the address as typed, the old URL still in use; Save Anyway saves it.
      await workbench.runCommand('OpenHands: Change Server URL');
      await panel.answer('OpenHands: Change Server URL', deadUrl);
      const asked = workbench.page.locator('.monaco-dialog-box');
      await asked.waitFor({ state: 'visible', timeout: 30_000 });
      assert.match(await asked.innerText(), new RegExp(`nothing answers at ${deadUrl.replace(/[.]/g, '\\.')}[\\s\\S]*connection was refused`));
      const primary = await asked.locator('.dialog-buttons .monaco-button:not(.secondary)').allInnerTexts();
      assert.deepEqual(primary.map((text) => text.trim()), ['Edit the URL'], 'the default keeps the configured URL');
      await workbench.screenshot('nothing-answers');
      await workbench.page.keyboard.press('Enter');
      const { prefilled: typed } = await panel.answer('OpenHands: Change Server URL', deadUrl);
      assert.equal(typed, deadUrl, 'Edit the URL shows the address as typed');
      assert.equal(await panel.headerDescription(), `${context.contractUrl} · ${STAND_IN_API.v0}`, 'the server URL is still the old one');
      assert.match(await panel.answerModal('Save Anyway'), new RegExp(`^OpenHands: nothing answers at ${deadUrl.replace(/[.]/g, '\\.')}\n`));
      const offline = await panel.waitForWelcome(OFFLINE);
      assert.deepEqual(offline.buttons, ['Retry', 'Show Log', 'Change Server URL', 'Start a Local Agent Server']);
      assert.equal(await panel.headerDescription(), deadUrl);
      await panel.waitForStatusBar('OpenHands: offline');
      await workbench.screenshot('unreachable');

      // Show Log: the log says which URL could not be reached; Retry tries again, and the log says so again.
      await panel.clickWelcomeButton('Show Log');
      const failures = `Loading settings from ${deadUrl} failed: Cannot reach ${deadUrl}`;
      const before = await until('the log to show the failure', async () => {
        const count = await logCount(page, failures);
        return count > 0 ? count : undefined;
      });
      await panel.clickWelcomeButton('Retry');
      await until('Retry to try again', async () => ((await logCount(page, failures)) > before ? true : undefined));
      await panel.waitForWelcome(OFFLINE);
      await workbench.screenshot('log');

      await panel.clickWelcomeButton('Change Server URL');
      const { prefilled } = await panel.answer('OpenHands: Change Server URL', context.contractUrl);
      assert.equal(prefilled, deadUrl);
      await panel.waitForDescription('Model', 2, SEEDED_SETTINGS.llm_model);
      // The server, and once its openapi.json was read, its version and API.
    assert.equal(await panel.headerDescription(), `${context.contractUrl} · ${STAND_IN_API.v0}`);

      // The server drops every connection: Refresh ends offline; once it answers again, Retry brings the values back.
      server.setFault({ destroy: true, pathPrefix: '/api/settings' });
      await panel.pane.locator('.pane-header .action-label[aria-label="Refresh Settings"]').click();
      await panel.waitForWelcome(OFFLINE);
      await panel.waitForStatusBar('OpenHands: offline');
      await workbench.screenshot('connection-dropped');
      server.setFault(null);
      await panel.clickWelcomeButton('Retry');
      await panel.waitForDescription('Model', 2, SEEDED_SETTINGS.llm_model);
      await panel.waitForStatusBar('OpenHands');
      await workbench.screenshot('retried');

      // Another request finds the server gone (the conversations' refresh): the settings stay, with a word that
      // they are as last loaded; the server's answer again takes the word away.
      server.setFault({ destroy: true });
      await conversationRows(workbench); // the view shown, its list is read
      await workbench.runCommand('OpenHands: Refresh Conversations');
      await panel.waitForStatusBar('OpenHands: offline');
      await until('the Settings view to say its values may be stale', async () => (/may be out of date/.test(await panel.message()) ? true : undefined));
      await panel.waitForDescription('Model', 2, SEEDED_SETTINGS.llm_model);
      await workbench.screenshot('offline-stale');
      server.setFault(null);
      await workbench.runCommand('OpenHands: Refresh Settings');
      await panel.waitForStatusBar('OpenHands');
      await until('the word to go', async () => ((await panel.message()) === '' ? true : undefined));
      await collapsePane(workbench, 'Conversations');
    } finally {
      // Later scenarios share this code-server: never leave them another server URL.
      if (fs.readFileSync(machineSettings, 'utf8') !== configured) fs.writeFileSync(machineSettings, configured);
    }
  }),
];
