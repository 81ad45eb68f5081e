// The server is down when VS Code starts (every /api connection dropped): the status bar says offline and the
// Settings panel offers Retry; once the server is back, Retry connects and the settings show.
// The server goes down while connected: the first request that cannot reach it (here the Conversations view's)
// makes the status bar offline at once (the Settings panel keeps the settings it read); when it is back, the
// view, the Settings panel and the status bar come back together, within one probe interval (15 s), not after each one's own failure backoff.
import * as assert from 'node:assert/strict';
import { SEEDED_SETTINGS } from '../../support/fixtures/settingsFixture';
import { until } from '../../support/until';
import { scenario } from '../harness/scenario';
import { openSeededPanel } from '../harness/ui/settingsPanelUi';

export default [scenario('server down at start: offline with Retry in the status bar and panel; back again, Retry connects', async ({ workbench, page, server, context }) => {
  // The key is set first (code-server keeps it in the browser, so it survives the reload).
  const panel = await openSeededPanel(workbench, page, server, context);
  server.setFault({ destroy: true, pathPrefix: '/api' });
  const from = server.requests.length;
  // A fresh workbench and extension host, against a dead server; it reopens the OpenHands side bar, not the explorer.
  await page.reload();
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await workbench.waitForActivityBarItem();
  await panel.open();
  await panel.waitForStatusBar('OpenHands: offline');
  const welcome = await panel.waitForWelcome(/Cannot reach the OpenHands server/);
  assert.ok(welcome.buttons.includes('Retry'), `the offline view offers ${JSON.stringify(welcome.buttons)}`);
  const dropped = server.requests.slice(from).filter((r) => r.path.startsWith('/api/'));
  assert.ok(dropped.length > 0 && dropped.every((r) => r.status === 0), 'the extension did not try the dead server');
  await workbench.screenshot('offline');

  server.setFault(null);
  // A read that failed is tried twice more (0.5 s, then 1 s later): one of those may reach the server back before
  // the click does, and then the view connects by itself and takes the Retry button away. Either way it connects.
  const clicked = await panel.clickWelcomeButton('Retry', 10_000).then(() => true, async (error: unknown) => {
    if (await panel.offersWelcomeButton('Retry')) throw error;
    return false;
  });
  console.log(clicked ? 'server back: Retry clicked' : 'server back: connected by a retried read before the click');
  await panel.waitForStatusBar('OpenHands');
  await panel.waitForDescription('Model', 2, SEEDED_SETTINGS.llm_model);
}),

scenario('server down while connected: offline at the first request that fails; back, every view and the status bar reconnect at once', async ({ workbench, page, server, context }) => {
  server.seedConversations(2);
  const panel = await openSeededPanel(workbench, page, server, context);
  const conversations = await panel.showConversations();
  const rows = conversations.locator('.monaco-list-row');
  const unreachable = conversations.locator('.monaco-list-row', { hasText: /Cannot reach/ });
  await until('the seeded conversations to show', async () => ((await rows.count()) >= 2 && (await unreachable.count()) === 0 ? true : undefined));
  await panel.waitForStatusBar('OpenHands');

  server.setFault({ destroy: true, pathPrefix: '/api' });
  await workbench.runCommand('OpenHands: Refresh Conversations');
  await unreachable.first().waitFor({ timeout: 30_000 });
  const offline = await until('the status bar to say offline', async () =>
    ((await workbench.statusBarTexts()).includes('OpenHands: offline') ? true : undefined), 5_000)
    .catch(async () => `still ${JSON.stringify(await panel.statusBarItem())} 5 s after the view said it cannot reach the server`);
  assert.equal(offline, true, 'the status bar');
  await workbench.screenshot('offline-while-connected');
  // Down for a while, as a restarting server is: long enough for each view's own failure backoff to grow past 15 s.
  await page.waitForTimeout(20_000);
  assert.ok((await workbench.statusBarTexts()).includes('OpenHands: offline'), 'still offline while the server is down');

  server.setFault(null);
  const backAt = Date.now();
  const viewBack = until('the Conversations view to list again', async () =>
    ((await unreachable.count()) === 0 && (await rows.count()) >= 2 ? Date.now() - backAt : undefined), 60_000);
  const barBack = until('the status bar to say connected', async () =>
    ((await workbench.statusBarTexts()).includes('OpenHands') ? Date.now() - backAt : undefined), 60_000);
  const [view, bar] = await Promise.all([viewBack, barBack]);
  await panel.waitForDescription('Model', 2, SEEDED_SETTINGS.llm_model);
  console.log(`server back: Conversations view listed after ${view} ms, status bar connected after ${bar} ms`);
  assert.ok(view <= 16_000 && bar <= 16_000, `back after ${view} ms (view) and ${bar} ms (status bar): more than one probe interval`);
  assert.ok(Math.abs(view - bar) <= 4_000, `the view (${view} ms) and the status bar (${bar} ms) came back apart`);
  await workbench.screenshot('back');
}, { timeoutMs: 180_000 })];
