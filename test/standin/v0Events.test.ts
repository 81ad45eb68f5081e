// The stand-in's V0 events route (v0Events.ts): its answer for a conversation it holds (no events: it runs no V0
// agent), its refusals, and its place in openapi.json on both lines that have it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { get, serve } from '../support/standin/testClient';

const KEY = { 'X-Session-API-Key': 'k' };

describe('stand-in V0 events route', () => {
  const v0 = serve({ api: 'v0', sessionApiKey: 'k' });

  it('answers events and has_more for a conversation it holds; 404 for one it does not; 401 without the key', async () => {
    const [id] = v0.server.seedConversations(1);
    assert.deepEqual([(await get(v0.url, `/api/conversations/${id}/events?start_id=0&limit=20&reverse=true`, KEY)).text], ['{"events":[],"has_more":false}']);
    const unknown = await get(v0.url, '/api/conversations/nope/events', KEY);
    assert.deepEqual([unknown.status, unknown.text], [404, '{"detail":"Conversation nope not found"}']);
    assert.equal((await get(v0.url, `/api/conversations/${id}/events`)).status, 401);
  });

  it('refuses a limit over 100 (400) and a parameter of the wrong type (422)', async () => {
    const [id] = v0.server.seedConversations(1);
    const over = await get(v0.url, `/api/conversations/${id}/events?limit=101`, KEY);
    assert.deepEqual([over.status, over.text], [400, '{"detail":"Invalid limit"}']);
    assert.equal((await get(v0.url, `/api/conversations/${id}/events?start_id=x`, KEY)).status, 422);
    assert.equal((await get(v0.url, `/api/conversations/${id}/events?reverse=maybe`, KEY)).status, 422);
  });
});

for (const api of ['v0', 'mixed'] as const) {
  describe(`stand-in V0 events route in openapi.json (--api ${api})`, () => {
    const line = serve({ api });
    it('is listed with GET only (the POST that adds an event is not served)', async () => {
      const paths = (JSON.parse((await get(line.url, '/openapi.json')).text) as { paths: Record<string, Record<string, unknown>> }).paths;
      assert.deepEqual(Object.keys(paths['/api/conversations/{conversation_id}/events']), ['get']);
    });
  });
}
