// The package as a person gets it: dist/openhands-conversations.vsix installed by `code-server --install-extension`
// (npm run test:vsix), no development path. The Extensions view lists it with the PNG icon the build made, it
// activates from the bundle it ships, and Start Conversation reaches the stand-in server.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { answerDialog, answerInput, clearNotifications, key, nextConversation, notification, setApiKey, storeSettings } from '../harness/ui/conversationSteps';

const MESSAGE = 'Check the packaged extension';

export default scenario(
  'the installed .vsix lists its icon and starts a conversation',
  async ({ workbench, page, server, context }) => {
    await workbench.waitForActivityBarItem();
    // The Extensions side bar's Installed section (the gallery is offline).
    await workbench.openActivityBarItem('Extensions');
    const item = page.locator('.extension-list-item', { hasText: 'OpenHands Conversations' });
    await item.waitFor({ timeout: 30_000 });
    const icon = item.locator('img.icon');
    await icon.waitFor({ timeout: 15_000 });
    const src = decodeURIComponent(String(await icon.getAttribute('src')));
    assert.match(src, /openhands-conversations[^/]*\/dist\/icon\.png/, `the icon is the installed package's PNG: ${src}`);
    // Drawn from the package: the browser decoded it at its size.
    assert.equal(await icon.evaluate((img: { naturalWidth: number }) => img.naturalWidth), 128);
    await workbench.screenshot('extensions-view');

    await storeSettings(server, context);
    server.seedProviderTokens({ github: { token: key(context, 'github-token') } });
    await setApiKey(workbench, context);
    const from = server.requests.length;
    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', MESSAGE);
    await answerDialog(workbench, 'Start Anyway');
    const { body } = await nextConversation(server, from);
    assert.equal(body.initial_user_msg, MESSAGE);
    assert.equal(body.repository, 'octo/widgets');
    await notification(workbench, `conversation started — ${MESSAGE}`);
    await workbench.screenshot('started');
    await clearNotifications(workbench);
  },
  { installed: true, timeoutMs: 180_000 },
);
