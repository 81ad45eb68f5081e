// Filter by State among hundreds (issue 42, item 7), on a V1 stand-in (1.11.0) holding 300 conversations, the 3
// oldest ended with an error: no server filters by state (1.11.0's search takes a title, dates and a sandbox), so
// the view loads pages until the filter has a page of matches or the list ends, in a notification that counts the
// conversations searched and can be cancelled; the filter's line says how many were searched.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { clickButton, conversationRows, notification, setApiKey } from '../harness/ui/conversationSteps';
import { until } from '../../support/until';

const COUNT = 300;
const TITLES = Array.from({ length: COUNT }, (_, i) => `Batch job ${String(i + 1).padStart(3, '0')}`);

export default scenario('Filter by State among 300: pages load until it finds, with a count and Cancel, and the line says how many were searched', async ({ workbench, page, server, context }) => {
  const ids = server.seedConversations(COUNT, { titles: TITLES });
  for (const id of ids.slice(0, 3)) server.setConversationStatus(id, { sandbox_status: 'ERROR' });
  await setApiKey(workbench, context);
  const rows = await conversationRows(workbench);
  await rows.filter({ hasText: TITLES.at(-1)! }).waitFor({ timeout: 30_000 });

  // Each page of the list takes a while: the search can be seen, and cancelled.
  server.setFault({ delayMs: 800, pathPrefix: '/api/v1/app-conversations/search', method: 'GET' });
  await workbench.runCommand('OpenHands: Filter Conversations by State');
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: 'Show Only Conversations That Are…' }).waitFor({ timeout: 30_000 });
  await widget.locator('.monaco-list-row', { hasText: 'Ended with an error' }).locator('.quick-input-list-checkbox, input[type="checkbox"], .monaco-checkbox').first().click();
  await widget.locator('.quick-input-box input').press('Enter');
  const progress = await notification(workbench, /conversations searched/);
  await until('60 searched', async () => {
    const searched = Number(/(\d+) conversations searched/.exec(await progress.innerText())?.[1] ?? 0);
    return searched >= 60 ? searched : undefined;
  });
  await workbench.screenshot('searching');
  await clickButton(progress, 'Cancel');
  const stopped = rows.filter({ hasText: /^0 of \d+ searched: only Ended with an error/ });
  await stopped.waitFor({ timeout: 30_000 });
  const searched = Number(/of (\d+) searched/.exec(await stopped.innerText())![1]);
  assert.ok(searched >= 60 && searched < COUNT, `cancelled after ${searched} searched`);
  await workbench.screenshot('cancelled');

  server.setFault(null);
  await rows.filter({ hasText: 'Load more…' }).click();
  await rows.filter({ hasText: `3 of all ${COUNT}: only Ended with an error` }).waitFor({ timeout: 60_000 });
  const shown = await rows.allInnerTexts();
  assert.deepEqual(shown.slice(1).map((text) => /Batch job \d{3}/.exec(text)?.[0]), TITLES.slice(0, 3).reverse(), 'the three that ended with an error, newest first');
  await workbench.screenshot('found');
}, { timeoutMs: 240_000, line: 'v1' });
