// A review of the agent's changes as the extension sends it (issue 33): the message the core builds from pending
// comment threads (src/core/review/reviewMessage.ts) on two files, one path with a space, one thread's lines holding
// a fence of their own; and what the server made of it: the agent server's user MessageEvents, read on the wire.
import assert from 'node:assert/strict';
import { reviewMessage } from '../../src/core/review/reviewMessage';
import { newThread } from '../../src/core/review/reviewThread';
import type { Client } from './target';

const PARSER = 'export function parse(items) {\n  for (let i = 0; i < items.length - 1; i++) {\n    use(items[i]);\n  }\n}\n';
const NOTES = '# Release\n\nRun `npm test` first:\n```sh\nnpm test\n```\n';

/** The review's follow-up and the lines it quotes, exactly. */
export function reviewFollowUp(conversationId: string): { text: string; paths: string[]; lines: string[] } {
  const threads = [
    newThread({ id: 'r1', conversationId, path: 'src/parser.ts', side: 'agent', range: { start: 2, end: 3 }, body: 'The loop skips the last item.' }, PARSER),
    newThread({ id: 'r2', conversationId, path: 'docs/release notes.md', side: 'agent', range: { start: 3, end: 6 }, body: 'Say **which** folder.' }, NOTES),
  ];
  return { text: reviewMessage(threads, 'Run the tests after.'), paths: threads.map((t) => t.path), lines: threads.flatMap((t) => t.lines) };
}

interface WireEvent { id: string; kind: string; source: string; llm_message?: { content: { type: string; text?: string }[] } }

/** The texts of the conversation's user MessageEvents in its agent server (conversation_url, its own key), in order. */
export async function userMessages(client: Client, id: string): Promise<string[]> {
  const [c] = JSON.parse((await client.get(`/api/v1/app-conversations?ids=${id}`)).text) as { conversation_url: string; session_api_key: string }[];
  const events: WireEvent[] = [];
  for (let page: string | null = ''; page !== null;) {
    const query = `limit=100${page ? `&page_id=${page}` : ''}`;
    const answer = await fetch(`${c.conversation_url}/events/search?${query}`, { headers: { 'X-Session-API-Key': c.session_api_key } });
    assert.equal(answer.status, 200);
    const parsed = await answer.json() as { items: WireEvent[]; next_page_id: string | null };
    events.push(...parsed.items);
    page = parsed.next_page_id;
  }
  return events.filter((e) => e.kind === 'MessageEvent' && e.source === 'user')
    .map((e) => (e.llm_message?.content ?? []).map((part) => part.text ?? '').join(''));
}

/** The review arrived as one user message, the text exactly as sent: each path quoted, each line as written. */
export function checkReviewArrived(before: readonly string[], after: readonly string[], review: ReturnType<typeof reviewFollowUp>): void {
  assert.deepEqual(after.slice(0, before.length), before, 'the earlier messages as they were');
  assert.deepEqual(after.slice(before.length), [review.text], 'one user MessageEvent, the review\'s text exactly');
  for (const path of review.paths) assert.ok(after.at(-1)!.includes(JSON.stringify(path)), path);
  for (const line of review.lines) assert.ok(after.at(-1)!.split('\n').includes(line), line);
}
