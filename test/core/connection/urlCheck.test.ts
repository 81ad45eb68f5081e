import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { connectClient } from '../../../src/api/createClient';
import { checkServerAnswers } from '../../../src/core/connection/urlCheck';
import { closedPortUrl, startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';

/** The check as Change Server URL runs it: the client's own detection, with the check's timeout. */
const attemptAt = (baseUrl: string) => (timeoutMs: number) =>
  connectClient({ baseUrl, fetch: (input, init) => globalThis.fetch(input, init), getCredential: async () => undefined, timeoutMs, readRetries: 0 });

describe('checkServerAnswers', () => {
  let silent: Server;
  let silentUrl: string;
  let notOpenHands: LoopbackServer;
  before(async () => {
    // Takes the connection and never answers: a proxy or a firewall that holds it.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    notOpenHands = await startLoopbackServer((_req, res) => { res.writeHead(404, { 'content-type': 'application/json' }); res.end('{"detail":"Not Found"}'); });
  });
  after(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    await notOpenHands.close();
  });

  it('says nothing answers where the connection is refused, in the client\'s words', async () => {
    const url = await closedPortUrl();
    const check = await checkServerAnswers(attemptAt(url));
    assert.equal(check.answers, false);
    assert.match(check.answers ? '' : check.reason, /connection was refused/);
  });

  it('gives up on silence after its own short time and saves without asking: a busy server is silent too', async () => {
    const started = Date.now();
    const check = await checkServerAnswers(attemptAt(silentUrl), 300);
    assert.deepEqual(check, { answers: true });
    assert.ok(Date.now() - started < 3000, 'the check does not wait for the request timeout');
  });

  it('counts any HTTP answer as an answer, even from a server that is no OpenHands', async () => {
    assert.deepEqual(await checkServerAnswers(attemptAt(notOpenHands.url)), { answers: true });
  });
});
