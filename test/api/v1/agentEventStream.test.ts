// The agent server's event socket through the extension's client, against the stand-in's (held to 1.11.0's
// sockets.py by its own tests): first-frame auth with the conversation's own key, every event resent, or those
// from the newest held on; a wrong key ends the stream with an error; the URL never holds the key.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient } from '../../support/client';
import { sessionCredential } from '../../../src/api/http/credential';
import type { ConversationEvent } from '../../../src/api/model/events';
import type { AgentServerApi } from '../../../src/api/client';
import { V1AgentServer } from '../../../src/api/v1/agentServerApi';
import { socketUrl } from '../../../src/api/v1/agentEventStream';
import { get, post, serve } from '../../support/standin/testClient';

const V1 = { version: '1.11.0', settings: 'v1', conversations: 'v1' } as const;

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(check(), 'condition not met in time');
};

function listen(agent: AgentServerApi, newest: ConversationEvent | undefined) {
  const events: ConversationEvent[] = [];
  const ended: { error?: Error; done: boolean } = { done: false };
  const stream = agent.events.stream!(newest, { onEvent: (e) => events.push(e), onClose: (error) => { ended.done = true; ended.error = error; } });
  return { events, ended, stream };
}

describe('the agent server\'s event stream', () => {
  const standin = serve({ api: 'v1', sessionApiKey: 'k', controlApi: true, agentAuthTimeoutMs: 200 });

  async function conversation(): Promise<{ id: string; agent: V1AgentServer }> {
    const [id] = (JSON.parse((await post(standin.url, '/_test/conversations', JSON.stringify({ count: 1, messages: ['hello'] }))).text) as { ids: string[] }).ids;
    const client = createClient({ baseUrl: standin.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('k'), timeoutMs: 5000 }, V1);
    const reach = await client.agentServer!(id);
    assert.ok(reach.reachable, JSON.stringify(reach));
    return { id, agent: reach.agent as V1AgentServer };
  }

  it('resends every event after a fresh full state, mapped, with the conversation\'s own key in the first frame', async () => {
    const { agent } = await conversation();
    const stored = (await agent.events.latest(100)).events;
    const socket = listen(agent, undefined);
    await until(() => socket.events.length >= stored.length + 1);
    assert.deepEqual(socket.events[0].kind === 'other' && socket.events[0].rawKind, 'ConversationStateUpdateEvent', 'full_state first');
    assert.deepEqual(socket.events.slice(1).map((e) => e.id), stored.map((e) => e.id));
    assert.deepEqual(socket.events.slice(1), stored, 'the same model events as the search gives');
    socket.stream.close();
    await until(() => socket.ended.done);
    assert.equal(socket.ended.error, undefined, 'closed by us: no error');
  });

  it('resends from the newest held on (inclusive)', async () => {
    const { agent } = await conversation();
    const stored = (await agent.events.latest(100)).events;
    const socket = listen(agent, stored.at(-1));
    await until(() => socket.events.some((e) => e.id === stored.at(-1)!.id));
    assert.ok(!socket.events.some((e) => stored.slice(0, -1).some((s) => s.id === e.id && s.timestamp < stored.at(-1)!.timestamp)), 'nothing older');
    socket.stream.close();
  });

  it('a wrong key ends the stream with an error', async () => {
    const { id } = await conversation();
    const [found] = JSON.parse((await get(standin.url, `/api/v1/app-conversations?ids=${id}`, { 'X-Session-API-Key': 'k' })).text) as { conversation_url: string }[];
    const address = { baseUrl: new URL(found.conversation_url).origin, conversationPath: undefined, key: 'wrong' };
    const stranger = new V1AgentServer({ baseUrl: standin.url, fetch: (u, init) => fetch(u, init), getCredential: async () => undefined, timeoutMs: 5000 }, address, id);
    const socket = listen(stranger, undefined);
    await until(() => socket.ended.done);
    assert.ok(socket.ended.error instanceof Error);
    assert.deepEqual(socket.events, []);
  });

  it('builds the socket URL without the key: ws for http, wss for https, a proxy prefix kept', () => {
    const newest = { id: 'e', timestamp: '2026-11-25T06:26:15.000100', origin: 'agent', kind: 'other', rawKind: 'x', text: '' } as const;
    assert.equal(socketUrl('http://127.0.0.1:4000', 'abc', undefined), 'ws://127.0.0.1:4000/sockets/events/abc?resend_mode=all');
    assert.equal(socketUrl('https://h.example/runtime/x', 'abc', newest), 'wss://h.example/runtime/x/sockets/events/abc?resend_mode=since&after_timestamp=2026-11-25T06%3A26%3A15.000100');
  });
});
