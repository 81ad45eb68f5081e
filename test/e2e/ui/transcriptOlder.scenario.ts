// Load older (issue 31 item 3): a conversation of 250 events (the stand-in's long one: rounds of an agent message,
// a command and an edit), three pages of 100 for the transcript tab. Opened from its row, the tab shows the newest
// page and "Load older events"; each click adds the page before, in order, with no item twice and none missing
// (the page's first event, an edit's result whose edit lies on the page before, joins its edit once that is
// read); after the oldest page the control is gone. One request to the agent server per click.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { scenario } from '../harness/scenario';
import { setApiKey } from '../harness/ui/conversationSteps';
import { itemTitles, openNewestFromRow } from '../harness/ui/transcriptSteps';
import { until } from '../../support/until';

const EVENTS = 250;
const ROUNDS = 49; // longConversation.ts: a system prompt, 49 rounds of 5 events, 2 more messages, a finish and its result

/** The titles of rounds `from`..ROUNDS, then the two last messages and the finish. */
function titlesFrom(from: number): string[] {
  const rounds = Array.from({ length: ROUNDS - from + 1 }, () => ['Agent', 'Ran a command', 'Edited notes.md']).flat();
  return [...rounds, 'Agent', 'Agent', 'Finished'];
}

function messagesFrom(from: number): string[] {
  const steps = Array.from({ length: ROUNDS - from + 1 }, (_, i) => `Step ${from + i}: checking the tests, then updating notes.md.`);
  return [...steps, 'Still working (246).', 'Still working (247).'];
}

/** Waits for the page to show exactly `titles` (failing with what it shows instead), then checks the messages. */
async function shows(frame: Frame, titles: string[], messages: string[]): Promise<void> {
  let shown: string[] = [];
  await until(`the ${titles.length} items`, async () => {
    shown = await itemTitles(frame);
    return JSON.stringify(shown) === JSON.stringify(titles) ? true : undefined;
  }, 15_000).catch(() => assert.deepEqual(shown, titles));
  assert.deepEqual(await frame.locator('article.agent .markdown').allInnerTexts(), messages);
}

export default scenario('the transcript tab: Load older pages back through a 250-event conversation, in order, nothing twice, nothing missing', async ({ workbench, server, context }) => {
  const [id] = server.seedConversations(1, { events: EVENTS });
  await setApiKey(workbench, context);
  const frame = await openNewestFromRow(workbench, server);
  const older = frame.locator('button.older');
  await frame.locator('article', { hasText: 'All steps done.' }).waitFor({ timeout: 30_000 });
  await older.waitFor({ state: 'visible', timeout: 10_000 });
  const olderReads = () => server.agentRequests.filter((r) => r.path.startsWith(`/api/conversations/${id}/events/search?`) && r.path.includes('page_id='));

  // The newest page: events 150-249; the first, round 30's edit result, without its edit (on the page before).
  await shows(frame, ['Result of file_editor', ...titlesFrom(31)], messagesFrom(31));
  assert.equal(olderReads().length, 0);
  await workbench.screenshot('transcript-older-newest');

  // Events 50-249: round 30's edit joins its result; round 10's edit result waits for its edit.
  await older.click();
  await shows(frame, ['Result of file_editor', ...titlesFrom(11)], messagesFrom(11));
  assert.equal(olderReads().length, 1);
  assert.ok(await older.isVisible(), 'one page more to read');

  // Events 0-49, the oldest: everything, and no control.
  await older.click();
  await shows(frame, titlesFrom(1), messagesFrom(1));
  await until('the control gone', async () => ((await older.isVisible()) ? undefined : true), 10_000);
  const reads = olderReads();
  assert.equal(reads.length, 2, JSON.stringify(reads.map((r) => r.path)));
  assert.ok(reads.every((r) => r.status === 200 && r.path.includes('limit=100') && r.path.includes('sort_order=TIMESTAMP_DESC')), JSON.stringify(reads.map((r) => r.path)));
  const searches = server.agentRequests.filter((r) => r.path.includes('/events/search')).length;
  const appReads = server.requests.filter((r) => r.path.includes(`/conversation/${id}/events`)).length;
  console.log(`transcript older: ${searches} event reads from the agent server (2 for Load older), ${appReads} from the app server`);
  await frame.locator('article').first().scrollIntoViewIfNeeded();
  await workbench.screenshot('transcript-older-oldest');
}, { line: 'v1', timeoutMs: 120_000 });
