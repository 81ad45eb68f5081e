// What the server refuses a new conversation for, each with the action that fixes it, started with the key
// binding: no settings yet -> Configure Settings; no usable LLM key -> Set LLM API Key; no access to the
// repository -> Open Server Settings or Start Without Repository. Once fixed, the typed message goes again as it
// was: nobody types it twice.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { answerDialog, answerInput, buttonsOf, clearNotifications, clickButton, key, LLM_MODEL, nextConversation, notification, openedAt, setApiKey, storeSettings } from '../harness/ui/conversationSteps';

export default scenario(
  'a refused conversation offers its fix',
  async ({ workbench, page, server, context }) => {
    server.seedProviderTokens({ github: { token: key(context, 'github-token') } });
    await setApiKey(workbench, context);
    const start = async (message: string) => {
      await page.keyboard.press('Control+Alt+KeyJ');
      await answerInput(workbench, 'OpenHands: Start Conversation', message);
      await answerDialog(workbench, 'Start Anyway'); // the branch has no upstream
    };

    // 1. A fresh server: no settings.
    await start('First message, before any settings');
    let error = await notification(workbench, 'The server has no settings yet');
    assert.deepEqual(await buttonsOf(error), ['Configure Settings']);
    await workbench.screenshot('no-settings');
    let from = server.requests.length;
    await clickButton(error, 'Configure Settings');
    await answerInput(workbench, 'Configure LLM (1/3): model', LLM_MODEL);
    await answerInput(workbench, 'Configure LLM (2/3): base URL', '');
    await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
    let sent = await nextConversation(server, from);
    assert.equal(sent.request.status, 200);
    assert.equal(sent.body.initial_user_msg, 'First message, before any settings');
    assert.equal(sent.body.repository, 'octo/widgets');
    assert.equal(server.storedSettings()?.llm_api_key, key(context, 'llm'));
    await notification(workbench, 'conversation started — First message, before any settings');
    await clearNotifications(workbench);

    // 2. Settings without a usable LLM key.
    await storeSettings(server, context, { llm_model: LLM_MODEL, llm_api_key: '' });
    await start('Second message, without an LLM key');
    error = await notification(workbench, 'The server has no usable LLM API key');
    assert.deepEqual(await buttonsOf(error), ['Set LLM API Key']);
    await workbench.screenshot('llm-key');
    from = server.requests.length;
    await clickButton(error, 'Set LLM API Key');
    await answerInput(workbench, /^Set .*API key$/i, key(context, 'llm-new'), { password: true });
    sent = await nextConversation(server, from);
    assert.equal(sent.request.status, 200);
    assert.equal(sent.body.initial_user_msg, 'Second message, without an LLM key');
    assert.equal(server.storedSettings()?.llm_api_key, key(context, 'llm-new'));
    await notification(workbench, 'conversation started — Second message, without an LLM key');
    await clearNotifications(workbench);

    // 3. The server's github token does not reach octo/widgets.
    server.seedProviderTokens({ github: { token: key(context, 'github-token'), repositories: ['octo/other'] } });
    await start('Third message, no access to the repository');
    error = await notification(workbench, 'The server cannot access the repository');
    assert.deepEqual(await buttonsOf(error), ['Start Without Repository', 'Open Server Settings']);
    await workbench.screenshot('git-provider');
    const opened = page.context().waitForEvent('page', { timeout: 15_000 });
    await clickButton(error, 'Open Server Settings');
    const tab = await opened;
    await tab.waitForURL(/\/settings\/integrations$/, { timeout: 15_000 }).catch(() => undefined);
    assert.match(tab.url(), openedAt(page, context.contractUrl, '/settings/integrations'));
    await tab.close();
    await clearNotifications(workbench);

    await start('Third message, no access to the repository');
    error = await notification(workbench, 'The server cannot access the repository');
    from = server.requests.length;
    await clickButton(error, 'Start Without Repository');
    sent = await nextConversation(server, from);
    assert.equal(sent.request.status, 200);
    assert.equal(sent.body.initial_user_msg, 'Third message, no access to the repository');
    assert.deepEqual(Object.keys(sent.body).filter((key) => ['repository', 'git_provider', 'selected_branch'].includes(key)), []);
    await notification(workbench, 'conversation started — Third message, no access to the repository');
  },
  // Open Server Settings needs the server's web UI, as the Docker image serves it.
  { timeoutMs: 240_000, webUi: true },
);
