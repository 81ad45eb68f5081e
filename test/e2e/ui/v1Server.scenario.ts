// A current OpenHands (V1 API only, as 1.11.0): the URL changed to it, the key set, Configure LLM makes the first
// save; the Settings view names the version and API. Start Conversation in the workspace's repository: the server
// has no github token, so its start task ends in ERROR without a reason, as the real one does; the message says
// the likely cause and offers Start Without Repository (no Open Server Settings: no web UI), no useless Retry. Without the
// repository the start is followed through its steps, shown in the progress notification, to READY. The Advanced
// group shows the server's other settings.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scenario } from '../harness/scenario';
import { startContractServer } from '../../support/standin/contractServer';
import { SettingsPanel } from '../harness/ui/settingsPanelUi';
import {
  LLM_MODEL, answerDialog, answerInput, buttonsOf, clearNotifications, clickButton, key, notification, setApiKey,
} from '../harness/ui/conversationSteps';

const MESSAGE = 'Add a changelog entry for the widget factory';

export default scenario('a V1 server: detected and named, configured, a start without a token explained, a start followed to READY', async ({ workbench, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const v1 = await startContractServer({ api: 'v1', sessionApiKey: context.sessionApiKey });
  try {
    v1.setStartTaskTiming({ readyAfterMs: 8000 });
    await workbench.runCommand('OpenHands: Change Server URL');
    await answerInput(workbench, 'OpenHands: Change Server URL', v1.url);
    await setApiKey(workbench, context);
    await workbench.runCommand('OpenHands: Configure LLM');
    await answerInput(workbench, 'Configure LLM (1/3): model', LLM_MODEL);
    await answerInput(workbench, 'Configure LLM (2/3): base URL', '');
    await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
    const sideBar = await workbench.openActivityBarItem();
    await sideBar.locator('.pane-header', { hasText: 'OpenHands 1.11.0, V1 API' }).waitFor({ timeout: 30_000 });
    await sideBar.locator('.monaco-list-row', { hasText: LLM_MODEL }).waitFor({ timeout: 30_000 });
    await workbench.screenshot('settings');

    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', MESSAGE);
    await answerDialog(workbench, 'Start Anyway', 'warning');
    const failed = await notification(workbench, /Most likely it has no GitHub token/, 60_000);
    // The stand-in answers as PyPI's server, without its web UI: no settings page to open.
    assert.deepEqual(await buttonsOf(failed), ['Start Without Repository', 'Show Log']);
    await workbench.screenshot('start-error');

    await clickButton(failed, 'Start Without Repository');
    // The start task's step, in words, beside the progress's title.
    await notification(workbench, /starting a conversation on no repository: (preparing|preparing the workspace|starting the agent)$/);
    await workbench.screenshot('progress');
    await notification(workbench, `conversation started — ${MESSAGE}`, 60_000);
    await workbench.screenshot('result');
    await clearNotifications(workbench);

    // Every other setting, as the server's published schema describes it (the last scenario of a run: the tree's
    // expansion is left as it is).
    const panel = new SettingsPanel(workbench, workbench.page);
    for (const group of ['LLM', 'Agent']) await panel.setExpanded(group, 1, false);
    await panel.setExpanded('Advanced', 1, true);
    await panel.setExpanded('Condenser', 2, true);
    assert.equal(await panel.description('Max size', 3), '240');
    await workbench.screenshot('advanced');
    assert.ok(v1.requests.some((r) => r.path.startsWith('/api/v1/app-conversations/start-tasks?ids=')));
    assert.ok(v1.requests.every((r) => !r.path.startsWith('/api/settings') && !r.path.startsWith('/api/conversations')), 'a V0 route was called');
  } finally {
    fs.writeFileSync(machineSettings, original); // the next scenarios talk to the run's contract server again
    await v1.close();
  }
}, { timeoutMs: 180_000 });
