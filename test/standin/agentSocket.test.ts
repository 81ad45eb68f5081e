// The stand-in agent server's websocket /sockets/events/{id} (agentEventSocket.ts), read with the extension's own
// client (src/api/http/webSocket.ts): first-frame auth and its failures, the deprecated header, 1.6.0's header-only
// auth, the resend modes, and new events pushed while the agent runs (driven by the scripted LLM).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApiError } from '../../src/api/http/apiError';
import { openWebSocket } from '../../src/api/http/webSocket';
import { startScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { get, post, serve } from '../support/standin/testClient';

const KEY = { 'X-Session-API-Key': 'k' };
const json = <T>(text: string): T => JSON.parse(text) as T;

interface Conversation { id: string; conversation_url: string; session_api_key: string }
interface Event { id: string; kind: string; key?: string; timestamp: string; source: string }
interface Closed { code: number; reason: string; error?: ApiError }

/** Opens the conversation's event socket; `auth` the first frame's key (undefined: no frame). */
function connect(c: Conversation, query: string, auth: string | undefined, headers?: Record<string, string>) {
  const frames: Event[] = [];
  let resolveClosed!: (closed: Closed) => void;
  const closed = new Promise<Closed>((resolve) => { resolveClosed = resolve; });
  const url = `${c.conversation_url.replace('http:', 'ws:').replace('/api/conversations/', '/sockets/events/')}${query}`;
  const socket = openWebSocket(url, {
    headers,
    onOpen: (send) => { if (auth !== undefined) send(JSON.stringify({ type: 'auth', session_api_key: auth })); },
    onText: (text) => frames.push(json<Event>(text)),
    onClose: (code, reason, error) => resolveClosed({ code, reason, error }),
  });
  return { frames, closed, socket };
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 600 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(check(), 'condition not met in time');
};

async function seeded(url: string, count = 1): Promise<Conversation[]> {
  const ids = json<{ ids: string[] }>((await post(url, '/_test/conversations', JSON.stringify({ count, messages: Array(count).fill('hello') }))).text).ids;
  return json<Conversation[]>((await get(url, `/api/v1/app-conversations?ids=${ids.join('&ids=')}`, KEY)).text);
}

async function searched(c: Conversation): Promise<Event[]> {
  return json<{ items: Event[] }>((await get(c.conversation_url, '/events/search', { 'X-Session-API-Key': c.session_api_key })).text).items;
}

describe('stand-in agent server websocket', () => {
  const v1 = serve({ api: 'v1', sessionApiKey: 'k', controlApi: true, agentAuthTimeoutMs: 200 });

  it('resend_mode=all: a fresh full_state first, then every stored event as events/search gives it', async () => {
    const [c] = await seeded(v1.url);
    const socket = connect(c, '?resend_mode=all', c.session_api_key);
    const stored = await searched(c);
    await until(() => socket.frames.length === stored.length + 1);
    assert.deepEqual([socket.frames[0].kind, socket.frames[0].key], ['ConversationStateUpdateEvent', 'full_state']);
    assert.deepEqual(socket.frames.slice(1), stored);
    socket.socket.close();
  });

  it('no resend_mode: only the full_state, then each new event as it is made (the agent\'s, by the scripted LLM)', async () => {
    const llm = await startScriptedLlm({ finishMessage: 'Done.' });
    try {
      const settings = JSON.stringify({ agent_settings_diff: { llm: { model: 'openai/gpt-4o', api_key: 'sk-x', base_url: llm.baseUrl } } });
      await post(v1.url, '/api/v1/settings', settings, KEY);
      const [c] = await seeded(v1.url);
      const socket = connect(c, '', c.session_api_key);
      await until(() => socket.frames.length === 1);
      await post(v1.url, `/api/v1/app-conversations/${c.id}/send-message`, '{"content":[{"type":"text","text":"again"}]}', KEY);
      await until(() => socket.frames.some((e) => e.kind === 'ObservationEvent'));
      const kinds = socket.frames.map((e) => e.key ?? e.kind);
      assert.deepEqual(kinds.slice(0, 3), ['full_state', 'MessageEvent', 'last_user_message_id']);
      assert.ok(kinds.includes('ActionEvent'));
      const stored = await searched(c);
      assert.deepEqual(socket.frames.slice(1), stored.slice(-(socket.frames.length - 1)));
      socket.socket.close();
    } finally {
      await llm.close();
    }
  });

  it('resend_mode=since&after_timestamp: the events at or after it, naive or with a zone', async () => {
    const [c] = await seeded(v1.url);
    await post(v1.url, `/api/v1/app-conversations/${c.id}/send-message`, '{"content":[{"type":"text","text":"more"}],"run":false}', KEY);
    const stored = await searched(c);
    for (const after of [stored[1].timestamp, `${stored[1].timestamp.slice(0, 19)}.${stored[1].timestamp.slice(20, 26)}+00:00`]) {
      const socket = connect(c, `?resend_mode=since&after_timestamp=${encodeURIComponent(after)}`, c.session_api_key);
      await until(() => socket.frames.length === stored.length);
      assert.deepEqual(socket.frames.slice(1).map((e) => e.id), stored.slice(1).map((e) => e.id));
      socket.socket.close();
    }
  });

  it('the app server\'s key, a wrong key, or no frame within the wait: closed 4001 "Authentication failed"', async () => {
    const [c] = await seeded(v1.url);
    for (const auth of ['k', 'wrong', undefined]) {
      const { code, reason, error } = await connect(c, '?resend_mode=all', auth).closed;
      assert.deepEqual([code, reason, error], [4001, 'Authentication failed', undefined], String(auth));
    }
  });

  it('another conversation\'s key: 4004; the deprecated header: served, a wrong one refused (403)', async () => {
    const [a, b] = await seeded(v1.url, 2);
    assert.deepEqual((await connect(a, '', b.session_api_key).closed).code, 4004);
    const viaHeader = connect(a, '', undefined, { 'X-Session-API-Key': a.session_api_key });
    await until(() => viaHeader.frames.length === 1);
    viaHeader.socket.close();
    const refused = await connect(a, '', undefined, { 'X-Session-API-Key': 'wrong' }).closed;
    assert.deepEqual([refused.code, refused.error?.kind], [1006, 'unauthorized']);
  });

  it('a conversation id that is not a UUID, or an unknown resend_mode: the handshake is refused', async () => {
    const [c] = await seeded(v1.url);
    const bad = { ...c, conversation_url: c.conversation_url.replace(c.id, 'nope') };
    assert.equal((await connect(bad, '', c.session_api_key).closed).error?.kind, 'unauthorized');
    assert.equal((await connect(c, '?resend_mode=some', c.session_api_key).closed).error?.kind, 'unauthorized');
  });
});

describe('stand-in agent server websocket, 1.6.0', () => {
  const mixed = serve({ api: 'mixed', sessionApiKey: 'k', controlApi: true });

  it('takes the key only in the header: a first frame alone is refused (403)', async () => {
    const [c] = await seeded(mixed.url);
    assert.equal((await connect(c, '', c.session_api_key).closed).error?.kind, 'unauthorized');
    const stored = await searched(c);
    const socket = connect(c, '?resend_mode=all', undefined, { 'X-Session-API-Key': c.session_api_key });
    await until(() => socket.frames.length === 1 + stored.length);
    assert.deepEqual(socket.frames.slice(1), stored);
    socket.socket.close();
  });
});
