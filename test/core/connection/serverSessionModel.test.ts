import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OpenHandsClient } from '../../../src/api/client';
import { ServerSessionModel, type Server } from '../../../src/core/connection/serverSessionModel';
import type { ServerUrlResult } from '../../../src/core/connection/serverUrl';

const A = 'http://127.0.0.1:3000';
const B = 'http://127.0.0.1:3001';

/** A connection the test settles itself, to say when each server answers. */
interface Pending {
  readonly url: string;
  readonly signal: AbortSignal;
  answer(): void;
  fail(error: Error): void;
}

function setup(configured: ServerUrlResult = { ok: true, url: A }) {
  const world = { configured, pending: [] as Pending[], connected: [] as (string | undefined)[] };
  const model = new ServerSessionModel({
    configuredUrl: () => world.configured,
    connectClient: (url, signal) => new Promise<OpenHandsClient>((resolve, reject) => {
      const client = { api: { version: '1.11.0', settings: 'v1', conversations: 'v1' } } as unknown as OpenHandsClient;
      world.pending.push({ url, signal, answer: () => resolve(client), fail: reject });
    }),
    connectedChanged: (server: Server | undefined) => world.connected.push(server?.url),
    logger: { info: () => undefined },
  });
  return { model, world };
}

/** A session connected to A. */
async function connectedSetup() {
  const { model, world } = setup();
  void model.connect();
  world.pending[0].answer();
  await model.connect();
  return { model, world };
}

describe('ServerSessionModel', () => {
  it('asks what the server speaks once per connection, again on Retry, and again after a failure', async () => {
    const { model, world } = setup();
    const first = model.connect();
    assert.equal(model.connect(), first);
    assert.equal(world.pending.length, 1);
    world.pending[0].fail(new Error('offline'));
    await assert.rejects(first);
    void model.connect();
    assert.equal(world.pending.length, 2, 'a failed connection is asked again');
    world.pending[1].answer();
    assert.equal((await model.connect())?.url, A);
    void model.connect(true);
    assert.equal(world.pending.length, 3, 'Retry asks again');
  });

  it('has no server to connect to while the URL is not usable', async () => {
    const { model, world } = setup({ ok: false, problem: 'no URL' });
    assert.equal(await model.connect(), undefined);
    assert.equal(model.serverUrl, undefined);
    assert.equal(world.pending.length, 0);
  });

  it('a switch uses the chosen URL at once, cancels what went to the old server, and the old answer connects nothing', async () => {
    const { model, world } = setup();
    const old = model.connect();
    const before = model.superseded;
    assert.equal(model.switchTo(B), true);
    assert.equal(model.serverUrl, B, 'before the configuration says so');
    assert.ok(before.aborted && world.pending[0].signal.aborted);
    world.pending[0].answer();
    await old;
    assert.equal(model.server, undefined, 'the old server does not count as connected');
    assert.equal(model.switchTo(B), false, 'the same URL again is no switch');
    world.configured = { ok: true, url: B };
    assert.equal(model.configurationChanged({ serverUrl: true, clientOptions: false }), false, 'the setting catching up is no change');
  });

  it('a switch whose setting could not be written puts the configured URL back', () => {
    const { model } = setup();
    model.switchTo(B);
    model.switchFailed();
    assert.equal(model.serverUrl, A);
  });

  it('a new URL in the configuration changes the server; a new timeout keeps the URL and connects again', async () => {
    const { model, world } = await connectedSetup();
    assert.equal(model.configurationChanged({ serverUrl: false, clientOptions: false }), false);
    assert.equal(model.configurationChanged({ serverUrl: false, clientOptions: true }), true);
    assert.equal(model.serverUrl, A);
    assert.equal(model.server, undefined);
    void model.connect();
    assert.ok(world.pending[0].signal.aborted && world.pending.length === 2, 'a fresh connection, the old one cancelled');
    world.configured = { ok: true, url: B };
    assert.equal(model.configurationChanged({ serverUrl: true, clientOptions: false }), true);
    assert.equal(model.serverUrl, B);
  });

  it('a key change of the current server supersedes its loads and connects again; another server\'s does nothing', async () => {
    const { model, world } = await connectedSetup();
    const before = model.superseded;
    assert.equal(model.keyChanged(B), false);
    assert.ok(!before.aborted && model.server);
    assert.equal(model.keyChanged(A), true);
    assert.ok(before.aborted && !model.server);
    assert.ok(!world.pending[0].signal.aborted, 'the same server: its requests are not cancelled');
    void model.connect();
    assert.equal(world.pending.length, 2);
    assert.deepEqual(world.connected, [A, undefined]);
  });
});
