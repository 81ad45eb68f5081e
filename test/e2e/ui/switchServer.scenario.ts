// Two servers in openhands.servers, "Local" and "Team" (the stand-in under two origins: 127.0.0.1 and localhost,
// so two URLs with a key each). Switching from the status bar menu in one pick while Local's settings are still
// loading: that request is cancelled (the stand-in sees the connection closed before it answers), the Settings and
// Conversations views follow to Team, which has no key (Local's is not sent there); back to Local from the
// palette, whose key was kept: its settings and conversations again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scenario } from '../harness/scenario';
import { escapeRegExp } from '../harness/workbench';
import { SEEDED_SETTINGS } from '../../support/fixtures/settingsFixture';
import { openSeededPanel, until } from '../harness/ui/settingsPanelUi';

const NO_KEY = /needs a session API key/;

export default scenario('Switch Server: the views follow, the old request is cancelled, keys stay apart', async ({ workbench, page, server, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const configured = fs.readFileSync(machineSettings, 'utf8');
  const local = context.contractUrl;
  const team = local.replace('127.0.0.1', 'localhost');
  try {
    const servers = [{ name: 'Local', url: local }, { name: 'Team', url: team }];
    fs.writeFileSync(machineSettings, JSON.stringify({ ...JSON.parse(configured), 'openhands.servers': servers }, null, 2));
    server.seedConversations(3);
    const panel = await openSeededPanel(workbench, page, server, context);
    assert.equal((await panel.headerDescription()).split(' · ')[0], local);
    const conversations = await panel.showConversations();
    const listed = conversations.locator('.monaco-list-row', { hasText: /· (starting|running|stopped|waiting)\b/ });
    const refused = conversations.locator('.monaco-list-row', { hasText: 'Could not load the conversations' });
    const rowCount = (count: number) => until(`${count} conversations listed`, async () => ((await listed.count()) === count ? true : undefined), 30_000);
    await rowCount(3);

    // Local's settings take 20 s to come: the switch happens while they are on their way.
    server.setFault({ delayMs: 20_000, pathPrefix: '/api/settings', times: 1 });
    await panel.pane.locator('.pane-header').hover(); // a view's title actions show while it is hovered or focused
    await panel.pane.locator('.pane-header .action-label[aria-label="Refresh Settings"]').click();
    const pending = await until('the slow GET /api/settings to reach the server', async () =>
      server.requests.find((r) => r.path === '/api/settings' && r.status === 0 && !r.abandoned));
    assert.equal(pending.headers.host, new URL(local).host);

    await page.locator('.part.statusbar .statusbar-item', { hasText: /OpenHands/ }).first().click();
    const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await rows.filter({ hasText: 'Team' }).waitFor({ timeout: 15_000 });
    await workbench.screenshot('status-bar-menu');
    await rows.filter({ hasText: 'Team' }).click();

    const started = Date.now();
    await until('the request to Local to be cancelled', async () => (pending.abandoned ? true : undefined), 15_000);
    assert.ok(Date.now() - started < 15_000);
    await panel.waitForWelcome(NO_KEY);
    assert.equal((await panel.headerDescription()).split(' · ')[0], team);
    await panel.waitForStatusBar('OpenHands: no API key');
    await refused.waitFor({ timeout: 30_000 });
    assert.match(await refused.innerText(), /requires a session API key/);
    assert.equal(await listed.count(), 0, "Local's conversations still listed for Team");
    const toTeam = server.requests.filter((r) => r.headers.host === new URL(team).host);
    assert.ok(toTeam.length > 0, 'nothing reached Team');
    assert.ok(toTeam.every((r) => r.headers['x-session-api-key'] === undefined), "Local's key was sent to Team");
    await workbench.screenshot('team-no-key');

    await workbench.runCommand('OpenHands: Switch Server');
    await rows.filter({ hasText: new RegExp(`Local[\\s\\S]*${escapeRegExp(local)}`) }).click();
    await panel.waitForDescription('Model', 2, SEEDED_SETTINGS.llm_model);
    await panel.waitForStatusBar('OpenHands');
    await rowCount(3);
    assert.equal(await refused.count(), 0);
    await workbench.screenshot('back-to-local');
  } finally {
    fs.writeFileSync(machineSettings, configured);
  }
}, { timeoutMs: 180_000 });
