// The agent line's live follow through the extension's own client (V1AgentServer over the session socket) against
// the real agent server, with the LLM streaming (`llm.stream`) a word at a time from the scripted LLM: the agent's
// words arrive as a message being written whose id is the event that ends it (1.58.2: the ActionEvent whose thought
// they are), and a connection cut mid-run (a TCP relay in between drops every socket) resumes with `after_seq`:
// every event the server stored arrives exactly once (1.49.1 sent live frames out of seq order: sessionFrames.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ConversationEvent, PartialMessage } from '../../src/api/model/events';
import { sessionCredential } from '../../src/api/http/credential';
import { V1AgentServer } from '../../src/api/v1/agentServerApi';
import type { ScriptStep } from '../support/scriptedLlm/script';
import { startScriptedLlm, type ScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { relay } from '../support/tcpRelay';
import { RUN_LIMIT_MS, jsonOf, startFromStored, storeScriptedLlm, untilStatus, userMessage, Workspaces } from './agentServer';
import type { Client } from './target';
import { until } from './v1Work.suite';

const THOUGHT = 'I will write the first note now, word by word, so that the words can be seen as they are written here.';
const SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: 'printf one > one.txt', thought: THOUGHT },
  { tool: 'terminal', command: 'printf two > two.txt', thought: 'Now the second note, also written a word at a time for the stream.' },
];

/** Every event the server stored, in its order (events search, oldest first). */
async function storedIds(client: Client, id: string): Promise<string[]> {
  const ids: string[] = [];
  let page: string | null = null;
  do {
    const answer: { items: { id: string }[]; next_page_id: string | null } = jsonOf<{ items: { id: string }[]; next_page_id: string | null }>(await client.get(`/api/conversations/${id}/events/search?limit=100&sort_order=TIMESTAMP${page ? `&page_id=${page}` : ''}`), 200);
    ids.push(...answer.items.map((e) => e.id));
    page = answer.next_page_id;
  } while (page);
  return ids;
}

export function agentStreamSuite(client: Client): void {
  let llm: ScriptedLlm | undefined;
  const workspaces = new Workspaces();

  describe('agent line: the live follow through the extension\'s client (session socket, streamed words, a cut resumed)', () => {
    before(async () => {
      llm = await startScriptedLlm({ script: SCRIPT, delayMs: 300, wordMs: 120, finishMessage: 'Both notes are written.' });
      await storeScriptedLlm(client, llm.baseUrl);
      const stream = await client.request('PATCH', '/api/settings', { body: JSON.stringify({ agent_settings_diff: { llm: { stream: true } } }) });
      assert.equal(stream.status, 200, stream.text);
    });
    after(async () => { await llm?.close(); workspaces.removeAll(); });

    it('a run followed from its start, cut mid-run: each stored event arrives once; the words arrive before their event', async () => {
      const started = await startFromStored(client, workspaces.make());
      const cutter = await relay(new URL(client.target.baseUrl));
      const events: ConversationEvent[] = [];
      const partials: PartialMessage[] = [];
      let closed: { error?: Error } | undefined;
      const key = client.target.apiKey;
      const agent = new V1AgentServer({ baseUrl: cutter.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential(key), timeoutMs: 10_000 },
        { baseUrl: cutter.url, conversationPath: undefined, key }, started.id, 'first-message', true);
      const stream = agent.events.stream!(undefined, {
        onEvent: (e) => events.push(e), onPartial: (p) => partials.push(p), onClose: (error) => { closed = { error }; },
      });
      try {
        const sent = await client.post(`/api/conversations/${started.id}/events`, JSON.stringify({ ...userMessage('Write both notes.'), run: true }));
        assert.equal(sent.status, 200, sent.text);
        await until('the first words', RUN_LIMIT_MS, async () => partials.length >= 3 || undefined);
        cutter.cut(); // mid-sentence: the rest of the words and the events stored meanwhile come after the resume
        await untilStatus(client, started.id, 'finished');
        const stored = await storedIds(client, started.id);
        await until('every stored event through the stream', RUN_LIMIT_MS, async () => stored.every((id) => events.some((e) => e.id === id)) || undefined)
          .catch((error: Error) => assert.fail(`${error.message}: ${events.length} of ${stored.length} events, missing ${stored.filter((id) => !events.some((e) => e.id === id)).join(' ')} (stored: ${stored.join(' ')}); connections ${cutter.paths.join(' ')}; closed: ${closed ? closed.error?.message ?? 'without error' : 'no'}`));
        const streamed = events.map((e) => e.id).filter((id) => stored.includes(id));
        // Each once; not in the search's order: 1.49.1 sent two events out of their seq (and time) order, and the
        // transcript's store places events by time anyway.
        assert.deepEqual([...streamed].sort(), [...stored].sort(), 'each stored event once');
        assert.equal(new Set(events.map((e) => e.id)).size, events.length, 'nothing twice');
        assert.equal(closed, undefined, `the stream stayed open: ${closed?.error?.message}`);
        const resumes = cutter.paths.filter((p) => p.startsWith('/sockets/session/'));
        assert.equal(resumes[0], `/sockets/session/${started.id}?after_seq=-1`);
        assert.match(resumes[1] ?? '', new RegExp(`^/sockets/session/${started.id}\\?after_seq=\\d+$`), resumes.join(' '));
        const written = partials.filter((p) => p.text.length > 0);
        const action = events.find((e) => e.id === written[0]!.id);
        assert.ok(action?.kind === 'action', `the words' id is an action event's: ${action?.kind}`);
        assert.equal(action.thought, THOUGHT);
        assert.ok(THOUGHT.startsWith(written[0]!.text) && written.filter((p) => p.id === action.id).length >= 3, 'the words grew toward the thought');
      } finally {
        stream.close();
        await cutter.close();
      }
    });
  });
}
