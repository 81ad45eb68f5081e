// A server restarted with fewer conversations during an outage (issue 42, item 6), on a V1 stand-in (1.11.0): the
// view had three pages loaded and a transcript open; once the server answers again the view lists what it holds,
// none of the rows from before, and the open tab says its conversation is no longer on the server.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { conversationRows, setApiKey } from '../harness/ui/conversationSteps';
import { transcriptPage, viewSettled } from '../harness/ui/transcriptSteps';
import { until } from '../../support/until';

const BEFORE = Array.from({ length: 45 }, (_, i) => `Task ${String(i + 1).padStart(2, '0')} before the restart`);
const AFTER = 'The only one after the restart';

export default scenario('Conversations view after an outage: a server restarted with fewer conversations is listed as it is, an open tab says its conversation is gone', async ({ workbench, page, server, context }) => {
  server.seedConversations(BEFORE.length, { titles: BEFORE });
  await setApiKey(workbench, context);
  const rows = await conversationRows(workbench);
  await rows.filter({ hasText: BEFORE.at(-1)! }).waitFor({ timeout: 30_000 });
  await viewSettled(server, page);
  const more = rows.filter({ hasText: 'Load more…' });
  const list = page.locator('.part.sidebar .pane', { has: page.locator('.pane-header h3.title', { hasText: /^Conversations$/ }) }).locator('.monaco-list').first();
  // The list draws only the rows in sight: scrolled until `last` is drawn.
  const toEnd = (last: typeof rows) => until('the end of the list', async () => {
    if (await last.count()) return true;
    await list.hover();
    await page.mouse.wheel(0, 2_000);
    return undefined;
  }, 15_000);
  await rows.filter({ hasText: BEFORE.at(-1)! }).click();
  const frame = await transcriptPage(page);
  for (const page2 of [2, 3]) {
    await toEnd(more);
    await more.click();
    await until(`page ${page2}`, () => server.requests.find((r) => r.path.includes(`page_id=${(page2 - 1) * 20}`) && r.status === 200));
  }
  await toEnd(rows.filter({ hasText: BEFORE[0]! }));
  assert.equal(await more.count(), 0, 'every page loaded');
  await workbench.screenshot('before');

  server.setFault({ destroy: true, pathPrefix: '/api' });
  await workbench.runCommand('OpenHands: Refresh Conversations');
  await until('the status bar to say offline', async () => ((await workbench.statusBarTexts()).includes('OpenHands: offline') ? true : undefined));
  server.reset();
  server.seedConversations(1, { titles: [AFTER] });
  server.setFault(null);

  const only = rows.filter({ hasText: AFTER });
  await only.waitFor({ timeout: 30_000 });
  const shown = await until('the rows from before to go', async () => {
    const texts = await rows.allInnerTexts();
    return texts.length === 1 ? texts : undefined;
  }, 30_000).catch(async () => rows.allInnerTexts());
  assert.equal(shown.length, 1, `the view lists what the server holds, not ${JSON.stringify(shown.slice(0, 5))}…`);
  await frame.locator('header.top .state', { hasText: 'The server no longer has this conversation.' }).waitFor({ timeout: 30_000 });
  await workbench.screenshot('after');
}, { timeoutMs: 180_000, line: 'v1' });
