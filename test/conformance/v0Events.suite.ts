// V0's events route through the extension's client (0.54.0: GET /api/conversations/{id}/events). The real 0.54.0
// here runs no agent (its runtime needs Docker), so this covers only a conversation whose runtime never started:
// the route answers, its events (if any) map to known kinds, paging and `since` agree, a wrong key is refused.
// The trajectory route needs a running conversation: it is only checked to fail as a typed error, not a crash.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { createClient } from '../support/client';
import { ApiError } from '../../src/api/http/apiError';
import { sessionCredential } from '../../src/api/http/credential';
import { UnauthorizedError } from '../../src/api/http/statusErrors';
import type { FetchFunction } from '../../src/api/http/transport';
import type { Client } from './target';

const fetchImpl = undiciFetch as unknown as FetchFunction;

export function v0EventsSuite(client: Client): void {
  const real = client.target.name.startsWith('real');
  const ours = (key = client.target.apiKey) => createClient({ baseUrl: client.target.baseUrl, fetch: fetchImpl, getCredential: async () => sessionCredential(key), timeoutMs: 30_000 });

  describe('V0 events through the extension\'s client (a conversation whose runtime never started)', { skip: !real && 'the V0 stand-in serves no events route yet' }, () => {
    it('the events route answers; its events map to known kinds; pages and since agree', async (t) => {
      const { conversation_id: id } = JSON.parse((await client.post('/api/conversations', '{}')).text) as { conversation_id: string };
      const reader = ours().events!(id);
      const newest = await reader.latest(20);
      const all = await reader.since(undefined);
      t.diagnostic(`${all.length} events: ${all.map((e) => (e.kind === 'other' ? e.rawKind : e.kind)).join(', ') || 'none'}`);
      assert.deepEqual(newest.events.map((e) => e.id), all.slice(-20).map((e) => e.id));
      assert.equal(newest.olderCursor, all.length > 20 ? newest.events[0].id : null);
      assert.deepEqual(all.filter((e) => e.kind === 'other' && e.rawKind === 'unknown'), [], 'every event has its kind');
      const ids = all.map((e) => Number(e.id));
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'in id order');
      const trajectory = ours().downloadTrajectory!(id).then((saved) => `saved ${saved.bytes.length} bytes`, (error: unknown) => {
        assert.ok(error instanceof ApiError, String(error));
        return `${error.kind}: ${error.message}`;
      });
      t.diagnostic(`trajectory: ${await trajectory}`);
      if (client.target.apiKey) await assert.rejects(ours('wrong').events!(id).latest(1), UnauthorizedError);
    });
  });
}
