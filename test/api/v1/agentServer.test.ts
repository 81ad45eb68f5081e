// The agent server of a V1 conversation: where it may be reached (a case per rule: sandbox status, a missing
// URL, the app server's host, loopback under any name, another host) and that it gets only the conversation's
// own key, never the server's, and no redirect carries that key off its origin.
import assert from 'node:assert/strict';
import type * as http from 'node:http';
import { after, describe, it } from 'node:test';
import { createClient } from '../../support/client';
import { sessionCredential } from '../../../src/api/http/credential';
import { RedirectError } from '../../../src/api/http/transportErrors';
import { AgentServerUnreachableError } from '../../../src/api/agentServerErrors';
import { agentPlace } from '../../../src/api/v1/agentReach';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

const CONVERSATION = '5f1e8a3c-2b4d-4e6f-8a9b-0c1d2e3f4a5b';
const conversationUrl = (origin: string) => `${origin}/api/conversations/${CONVERSATION.replace(/-/g, '')}`;

describe('where a V1 agent server may be reached', () => {
  const reach = (app: string, url: string | null, status = 'RUNNING') => agentPlace(app, status, url, 'own-key');

  it('only while its sandbox runs, with a URL', () => {
    assert.deepEqual(reach('http://127.0.0.1:3000', 'http://127.0.0.1:4000/api/conversations/x', 'PAUSED'), { reachable: false, reason: 'paused' });
    for (const status of ['STARTING', 'ERROR', 'MISSING', 'SOMETHING_NEW']) {
      assert.deepEqual(reach('http://127.0.0.1:3000', 'http://127.0.0.1:4000/api/conversations/x', status), { reachable: false, reason: 'not-running' }, status);
    }
    assert.deepEqual(reach('http://127.0.0.1:3000', null), { reachable: false, reason: 'no-url' });
    assert.deepEqual(reach('http://127.0.0.1:3000', 'not a url'), { reachable: false, reason: 'no-url' });
  });

  it('on the app server\'s own host, any port, never down from https to http', () => {
    assert.deepEqual(reach('http://oh.example.com', 'http://OH.example.com:8000/api/conversations/x'),
      { reachable: true, address: { baseUrl: 'http://oh.example.com:8000', conversationPath: '/api/conversations/x', key: 'own-key' } });
    assert.deepEqual(reach('https://oh.example.com', 'http://oh.example.com:8000/api/conversations/x'), { reachable: false, reason: 'other-host' });
  });

  it('on loopback under any of its names when the app server is on loopback', () => {
    for (const [app, agent] of [
      ['http://localhost:3000', 'http://127.0.0.1:4000'], ['http://127.0.0.1:3000', 'http://localhost:4000'],
      ['http://127.0.0.1:3000', 'http://[::1]:4000'], ['http://[::1]:3000', 'http://127.9.9.9:4000'], ['http://127.0.0.2:3000', 'http://127.0.0.1:4000'],
    ]) {
      const place = reach(app, `${agent}/api/conversations/x`);
      assert.ok(place.reachable, `${app} -> ${agent}`);
      assert.equal(place.address.baseUrl, agent);
    }
  });

  it('never on another host, nor by another scheme or with user info', () => {
    for (const [app, agent] of [
      ['https://oh.example.com', 'http://localhost:4000/api/conversations/x'],
      ['http://localhost:3000', 'http://evil.example.com/api/conversations/x'],
      ['http://oh.example.com', 'http://oh.example.com.evil.example/api/conversations/x'],
      ['http://10.0.0.5:3000', 'http://10.0.0.6:3000/api/conversations/x'],
      ['http://localhost:3000', 'http://user:pw@localhost:4000/api/conversations/x'],
      ['http://localhost:3000', 'file:///etc/passwd'],
      ['http://localhost:3000', 'ws://localhost:4000/api/conversations/x'],
    ]) {
      assert.deepEqual(reach(app, agent), { reachable: false, reason: 'other-host' }, `${app} -> ${agent}`);
    }
  });

  it('its root is the URL less /api/conversations/<id>, a proxy prefix kept', () => {
    const place = reach('http://127.0.0.1:3000', 'http://127.0.0.1:4000/runtime/abc/api/conversations/x');
    assert.deepEqual(place.reachable && [place.address.baseUrl, place.address.conversationPath], ['http://127.0.0.1:4000/runtime/abc', '/api/conversations/x']);
    const bare = reach('http://127.0.0.1:3000', 'http://127.0.0.1:4000/agent/');
    assert.deepEqual(bare.reachable && [bare.address.baseUrl, bare.address.conversationPath], ['http://127.0.0.1:4000/agent', undefined]);
  });

  it('on a runtime host of the server (Cloud\'s built in, others set), a path mode\'s prefix kept', () => {
    const cloud = agentPlace('https://app.all-hands.dev', 'RUNNING', 'https://r1.prod-runtime.all-hands.dev/api/conversations/x', 'k');
    assert.deepEqual(cloud.reachable && cloud.address.baseUrl, 'https://r1.prod-runtime.all-hands.dev');
    const team = 'https://openhands.example.com';
    const pathMode = 'https://runtimes.example.com/r1/api/conversations/x';
    assert.deepEqual(agentPlace(team, 'RUNNING', pathMode, 'k'), { reachable: false, reason: 'other-host' });
    const set = agentPlace(team, 'RUNNING', pathMode, 'k', ['runtimes.example.com']);
    assert.deepEqual(set.reachable && [set.address.baseUrl, set.address.conversationPath], ['https://runtimes.example.com/r1', '/api/conversations/x']);
  });
});

interface Seen { url: string; key: string | undefined; body: string }

async function agentServer(answer: (seen: Seen) => { status: number; body: unknown; headers?: Record<string, string> }): Promise<{ server: LoopbackServer; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = await startLoopbackServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      const exchange = { url: req.url ?? '', key: req.headers['x-session-api-key'] as string | undefined, body };
      seen.push(exchange);
      const { status, body: out, headers } = answer(exchange);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(out));
    });
  }, { host: '127.0.0.2' });
  servers.push(server);
  return { server, seen };
}

async function appServer(conversation: Record<string, unknown>): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = await startLoopbackServer((req, res) => {
    seen.push({ url: req.url ?? '', key: req.headers['x-session-api-key'] as string | undefined, body: '' });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ id: CONVERSATION, sandbox_id: 's1', sandbox_status: 'RUNNING', ...conversation }]));
  });
  servers.push(server);
  return { url: server.url, seen };
}

const V1 = { version: '1.11.0', settings: 'v1', conversations: 'v1' } as const;
const client = (url: string) => createClient({ baseUrl: url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('server-key'), timeoutMs: 5000 }, V1);
const page = { items: [{ id: 'e1', timestamp: '2026-11-25T06:26:15.000001', source: 'user', kind: 'MessageEvent', llm_message: { content: [{ type: 'text', text: 'hi' }] } }], next_page_id: null };

describe('a V1 agent server through the client', () => {
  it('gets the conversation\'s own key only, and its events map', async () => {
    const agent = await agentServer(() => ({ status: 200, body: page }));
    const app = await appServer({ conversation_url: conversationUrl(agent.server.url), session_api_key: 'own-key' });
    const reach = await client(app.url).agentServer!(CONVERSATION);
    assert.ok(reach.reachable);
    assert.equal(reach.agent.events.source, 'agent-server');
    const window = await reach.agent.events.latest(10);
    assert.deepEqual(window.events.map((e) => e.kind === 'message' && e.text), ['hi']);
    assert.deepEqual(agent.seen.map((s) => s.key), ['own-key']);
    assert.match(agent.seen[0].url, new RegExp(`^/api/conversations/${CONVERSATION.replace(/-/g, '')}/events/search\\?`));
    assert.deepEqual(app.seen.map((s) => [s.url, s.key]), [[`/api/v1/app-conversations?ids=${CONVERSATION}`, 'server-key']]);
  });

  it('a hand-over\'s upload folder is /tmp, with no request (a sandbox\'s host-wide routes take it; the agent line\'s own is its workspace\'s .git)', async () => {
    const agent = await agentServer(() => ({ status: 200, body: page }));
    const app = await appServer({ conversation_url: conversationUrl(agent.server.url), session_api_key: 'own-key' });
    const reach = await client(app.url).agentServer!(CONVERSATION);
    assert.ok(reach.reachable);
    assert.equal(await reach.agent.uploadFolder!(), '/tmp');
    assert.deepEqual(agent.seen, []);
  });

  it('sends no key at all where the conversation has none (never the server\'s)', async () => {
    const agent = await agentServer(() => ({ status: 200, body: page }));
    const app = await appServer({ conversation_url: conversationUrl(agent.server.url), session_api_key: null });
    const reach = await client(app.url).agentServer!(CONVERSATION);
    assert.ok(reach.reachable);
    await reach.agent.events.since(undefined);
    assert.deepEqual(agent.seen.map((s) => s.key), [undefined]);
  });

  it('reads since the newest event held by its id and time', async () => {
    const agent = await agentServer(() => ({ status: 200, body: page }));
    const app = await appServer({ conversation_url: conversationUrl(agent.server.url), session_api_key: 'own-key' });
    const reach = await client(app.url).agentServer!(CONVERSATION);
    assert.ok(reach.reachable);
    const [held] = (await reach.agent.events.latest(1)).events;
    await reach.agent.events.since(held);
    const query = new URL(agent.seen[1].url, 'http://x').searchParams;
    assert.deepEqual([query.get('page_id'), query.get('timestamp__gte'), query.get('sort_order')], ['e1', '2026-11-25T06:26:15', 'TIMESTAMP']);
  });

  for (const status of [301, 302, 303, 307, 308]) {
    it(`follows no ${status} off its origin with the key: events, changes, patch, file bytes, approval`, async () => {
      const elsewhere = await agentServer(() => ({ status: 200, body: page }));
      const agent = await agentServer(() => ({ status, body: {}, headers: { location: `${elsewhere.server.url.replace('127.0.0.2', 'localhost')}/api/x` } }));
      const app = await appServer({ conversation_url: conversationUrl(agent.server.url), session_api_key: 'own-key' });
      const reach = await client(app.url).agentServer!(CONVERSATION);
      assert.ok(reach.reachable);
      await assert.rejects(reach.agent.events.latest(5), RedirectError);
      await assert.rejects(reach.agent.changes(null), RedirectError);
      await assert.rejects(reach.agent.patch(null), RedirectError);
      await assert.rejects(reach.agent.fileBytes('a.txt'), RedirectError);
      await assert.rejects(client(app.url).confirmAction!(CONVERSATION, true, undefined), RedirectError);
      assert.ok(agent.seen.length >= 5 && agent.seen.every((s) => s.key === 'own-key'));
      assert.equal(elsewhere.seen.length, 0, 'a request reached the other origin');
    });
  }

  it('makes no agent request for a paused sandbox; an approval then says so', async () => {
    const agent = await agentServer(() => ({ status: 200, body: page }));
    const app = await appServer({ sandbox_status: 'PAUSED', conversation_url: null, session_api_key: 'own-key' });
    assert.deepEqual(await client(app.url).agentServer!(CONVERSATION), { reachable: false, reason: 'paused' });
    await assert.rejects(client(app.url).confirmAction!(CONVERSATION, true, undefined), (error: unknown) => error instanceof AgentServerUnreachableError && error.reason === 'paused');
    assert.equal(agent.seen.length, 0);
  });

  it('approves and rejects through the agent server\'s respond_to_confirmation', async () => {
    const agent = await agentServer(() => ({ status: 200, body: { success: true } }));
    const app = await appServer({ conversation_url: conversationUrl(agent.server.url), session_api_key: 'own-key' });
    await client(app.url).confirmAction!(CONVERSATION, true, undefined);
    await client(app.url).confirmAction!(CONVERSATION, false, 'Not that file');
    assert.deepEqual(agent.seen.map((s) => [s.url, s.key, JSON.parse(s.body)]), [
      [`/api/conversations/${CONVERSATION.replace(/-/g, '')}/events/respond_to_confirmation`, 'own-key', { accept: true }],
      [`/api/conversations/${CONVERSATION.replace(/-/g, '')}/events/respond_to_confirmation`, 'own-key', { accept: false, reason: 'Not that file' }],
    ]);
  });
});
