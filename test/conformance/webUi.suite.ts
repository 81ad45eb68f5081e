// Whether the server serves its web UI, as the extension finds out (src/api/detect.ts): PyPI's openhands-ai runs
// with SERVE_FRONTEND=false, so `GET /` answers 404 JSON and the client must offer no browser page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extensionClient } from './conversationList.suite';
import { assertJson } from './expected';
import type { Client } from './target';

export function webUiSuite(client: Client): void {
  describe('web UI', () => {
    it('GET / without the frontend: 404 {"detail":"Not Found"}, as is a conversation page', async () => {
      for (const path of ['/', '/conversations/abc']) assertJson(await client.request('GET', path, { key: null }), 404, '{"detail":"Not Found"}');
    });

    it('the client, connected as the extension connects, finds no web UI', async () => {
      assert.equal((await extensionClient(client.target)).api.webUi, false);
    });
  });
}
