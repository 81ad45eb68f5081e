// The server is down when VS Code starts (every /api connection dropped): the status bar says offline and the
// Settings panel offers Retry; once the server is back, Retry connects and the settings show.
import * as assert from 'node:assert/strict';
import { SEEDED_SETTINGS } from '../../support/fixtures/settingsFixture';
import { scenario } from '../harness/scenario';
import { openSeededPanel } from '../harness/ui/settingsPanelUi';

export default scenario('server down at start: offline with Retry in the status bar and panel; back again, Retry connects', async ({ workbench, page, server, context }) => {
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
  await panel.clickWelcomeButton('Retry');
  await panel.waitForStatusBar('OpenHands');
  await panel.waitForDescription('Model', 2, SEEDED_SETTINGS.llm_model);
});
