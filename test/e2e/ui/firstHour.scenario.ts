// A newcomer's first hour with a server nobody has set up, of each release line: the stand-in of the line in
// `npm test`, the real OpenHands 0.54.0 and 1.11.0 in the real-server lane (`npm run test:openhands`). Everything
// is checked as a person sees it, since a real server cannot be looked into:
// Change Server URL to it (it needs a key), a wrong key (refused), the right one (no settings yet), Configure LLM
// (the first save), an edit (Confirmation mode), Start Conversation in the workspace's github repository (the
// pre-flight warns that the server has no github token; the server then fails the start without a reason, as both
// real lines do: the message names the missing github token and offers Start Without Repository and Open Server
// Settings, no Retry), Start Without Repository from that message, and Send File to OpenHands without the repository.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scenarioOn } from '../harness/scenario';
import { E2E_LINES } from '../harness/contract';
import { LLM_MODEL, answerDialog, answerInput, buttonsOf, clearNotifications, clickButton, key, notification } from '../harness/ui/conversationSteps';
import { pickQuickItem, SET_API_KEY } from '../harness/ui/quickPick';
import { panelOnServer, until, type SettingsPanel } from '../harness/ui/settingsPanelUi';

const MESSAGE = 'Add a widget factory with tests';
const FILE_MESSAGE = 'Summarize this file';
// A 1.x start runs an agent server first: ERROR or READY 8-30 s after the POST on this machine, more under load.
const START_MS = 150_000;

/** The buttons of the welcome view that says `text`, once they are drawn (the text can show first). */
function welcomeButtons(panel: SettingsPanel, text: RegExp): Promise<string[]> {
  return until(`the buttons of the view saying ${String(text)}`, async () => {
    const { buttons } = await panel.waitForWelcome(text);
    return buttons.length > 0 ? buttons : undefined;
  });
}

export default scenarioOn(E2E_LINES, 'first hour on a fresh server', async ({ workbench, page, context, target }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  try {
    const panel = await panelOnServer(workbench, page, target);
    assert.deepEqual(await welcomeButtons(panel, /needs a session API key/), ['Set API Key', 'Change Server URL']);
    await workbench.screenshot('connected');

    await panel.clickWelcomeButton('Set API Key');
    await pickQuickItem(workbench, SET_API_KEY);
    await panel.answer(SET_API_KEY, key(context, 'not-the-server-key'), { password: true });
    assert.deepEqual(await welcomeButtons(panel, /The server refused the API key/), ['Set API Key', 'Show Log']);
    await panel.waitForStatusBar('OpenHands: unauthorized');
    await workbench.screenshot('wrong-key');

    await panel.clickWelcomeButton('Set API Key');
    await pickQuickItem(workbench, SET_API_KEY);
    await panel.answer(SET_API_KEY, target.sessionApiKey, { password: true });
    assert.deepEqual(await welcomeButtons(panel, /This server has no settings yet/), ['Configure LLM']);
    await workbench.screenshot('no-settings');
    await panel.clickWelcomeButton('Configure LLM');
    await panel.answer('Configure LLM (1/3): model', LLM_MODEL);
    await panel.answer('Configure LLM (2/3): base URL', '');
    await panel.answer('Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
    await panel.waitForDescription('Model', 2, LLM_MODEL);
    await panel.waitForDescription('API key', 2, 'set');
    await panel.waitForStatusBar('OpenHands');

    await panel.inlineAction('Confirmation mode', 2, 'Edit Setting');
    await panel.waitForDescription('Confirmation mode', 2, 'on');
    assert.match(await panel.message(), /^Saved Confirmation mode\./);
    await workbench.screenshot('configured');

    // The workspace's repository: origin git@github.com:octo/widgets.git, branch feature/e2e, never pushed.
    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', MESSAGE);
    const warning = await answerDialog(workbench, 'Start Anyway', 'warning');
    assert.match(warning, /Branch feature\/e2e has no upstream/);
    assert.match(warning, /The server has no GitHub token/);
    const failed = await notification(workbench, /Most likely it has no GitHub token/, START_MS);
    assert.match(await failed.innerText(), /could not start the conversation on octo\/widgets and gave no reason/);
    // No Open Server Settings: the server serves no web UI (PyPI's openhands-ai), so it has no settings page.
    assert.deepEqual(await buttonsOf(failed), ['Start Without Repository', 'Show Log']);
    await workbench.screenshot('no-token');
    await clickButton(failed, 'Start Without Repository');
    await notification(workbench, `conversation started — ${MESSAGE}`, START_MS);
    await workbench.screenshot('started');
    await clearNotifications(workbench);

    assert.ok((await workbench.rightClickExplorerItem('README.md')).includes('Send File to OpenHands'));
    await workbench.clickContextMenuItem('Send File to OpenHands');
    await answerInput(workbench, 'OpenHands: Send README.md', FILE_MESSAGE);
    await answerDialog(workbench, 'Start Without Repository');
    await notification(workbench, `conversation started — ${FILE_MESSAGE}`, START_MS);
    await clearNotifications(workbench);

    const sideBar = await workbench.openActivityBarItem();
    const conversations = sideBar.locator('.pane-header', { hasText: 'Conversations' });
    if ((await conversations.getAttribute('aria-expanded')) !== 'true') await conversations.click();
    for (const title of [MESSAGE, FILE_MESSAGE]) await sideBar.locator('.monaco-list-row', { hasText: title }).waitFor({ timeout: 30_000 });
    await workbench.screenshot('conversations');
  } finally {
    fs.writeFileSync(machineSettings, original); // the next scenarios talk to the run's contract server again
  }
}, { timeoutMs: 480_000 });
