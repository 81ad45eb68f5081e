// A server with nothing saved: GET settings is a 404, and a conversation cannot start (OBSERVED.md §3).
// These checks need a fresh server; on one that already has settings they are skipped, and so are later checks
// that need the file store to have no secrets.json.
import { describe, it } from 'node:test';
import { assertJson, CONVERSATION_SETTINGS_NOT_FOUND, SETTINGS_NOT_FOUND } from './expected';
import type { Client } from './target';

export interface RunState {
  /** The server had no settings when the suite began (and so no secrets.json: the suite never writes one). */
  fresh: boolean;
}

export function freshSuite(client: Client, state: RunState): void {
  describe('before the first save', () => {
    it('GET /api/settings is 404 {"error":"Settings not found"}', async (t) => {
      const answer = await client.get('/api/settings');
      state.fresh = answer.status === 404;
      if (!state.fresh) return t.skip(`the server already has settings (${answer.status}); start a fresh one`);
      assertJson(answer, 404, SETTINGS_NOT_FOUND);
    });

    it('POST /api/conversations is 400 CONFIGURATION$SETTINGS_NOT_FOUND', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      assertJson(await client.post('/api/conversations', '{"initial_user_msg":"hi"}'), 400, CONVERSATION_SETTINGS_NOT_FOUND);
    });

    it('and that failed conversation saved no settings', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      assertJson(await client.get('/api/settings'), 404, SETTINGS_NOT_FOUND);
    });
  });
}
