// A topology like OpenHands Cloud's, on this machine: the app server and each conversation's agent server (its
// runtime) on host names of their own, none a loopback name, the runtime over https at the default port with a
// certificate this process trusts (NODE_EXTRA_CA_CERTS). Run only by scripts/topology.sh, inside a network
// namespace of its own whose hosts file gives the names below (it says which address each has). The product code
// is the client and the core follow and changes loader, unchanged: only the names resolve differently.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as https from 'node:https';
import { after, before, describe, it } from 'node:test';
import type { OpenHandsClient } from '../../src/api/client';
import { connectClient } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import type { ConversationEvent } from '../../src/api/model/events';
import { loadChanges } from '../../src/core/changes/changeLoader';
import { systemClock } from '../../src/core/conversations/refreshSchedule';
import { TranscriptFollower } from '../../src/core/transcript/follow';
import type { FollowUpdate } from '../../src/core/transcript/followTypes';
import { startContractServer, type ContractServer } from '../support/standin/contractServer';
import { until } from '../support/until';

const KEY = 'topology-session-key';
const RUNTIME_HOSTS = ['*.runtime.openhands.test'];

/** The addresses scripts/topology.sh gives each name in the namespace's hosts file. */
const ADDRESS = {
  app: '127.0.0.11', // openhands.test
  runtime: '127.0.0.12', // r1.runtime.openhands.test
  workHost: '127.0.0.13', // work-1-r1.runtime.openhands.test
  lookAlike: '127.0.0.14', // r1.runtime.openhands.test.evil.test
  elsewhere: '127.0.0.15', // no name: where the stand-ins that point at the two above really serve
} as const;

const tls = () => ({ key: fs.readFileSync(process.env.TOPOLOGY_KEY!, 'utf8'), cert: fs.readFileSync(process.env.TOPOLOGY_CERT!, 'utf8') });

/** A TLS listener on `host:443` that answers 404 and counts what reaches it. */
async function countingListener(host: string): Promise<{ count: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server = https.createServer(tls(), (_request, res) => { requests++; res.writeHead(404).end(); });
  server.on('upgrade', (_request, socket) => { requests++; socket.destroy(); });
  await new Promise<void>((resolve) => server.listen(443, host, resolve));
  return { count: () => requests, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

/** A V1 stand-in whose app server answers on `openhands.test` and whose conversations' agent server is `publicUrl`. */
async function standIn(publicUrl: string, agentHost: string): Promise<{ server: ContractServer; appUrl: string }> {
  const server = await startContractServer({
    api: 'v1', sessionApiKey: KEY, controlApi: true, host: ADDRESS.app,
    agentServer: { host: agentHost, port: 443, tls: tls(), publicUrl },
  });
  return { server, appUrl: server.url.replace(ADDRESS.app, 'openhands.test') };
}

const connect = (appUrl: string, runtimeHosts: readonly string[]): Promise<OpenHandsClient> => connectClient({
  baseUrl: appUrl, fetch: (url, init) => fetch(url, init), getCredential: async () => sessionCredential(KEY),
  timeoutMs: 10_000, readRetries: 0, runtimeHosts,
});

describe('a conversation\'s runtime on a host of its own (Cloud-like topology)', () => {
  let runtime: Awaited<ReturnType<typeof standIn>>;
  let id: string;
  before(async () => {
    runtime = await standIn('https://r1.runtime.openhands.test', ADDRESS.runtime);
    [id] = runtime.server.seedConversations(1, { messages: ['Tidy the parser'], changedFiles: 6 });
  });
  after(() => runtime.server.close());

  it('is not reached until the server\'s runtime hosts are set', async () => {
    assert.deepEqual(await (await connect(runtime.appUrl, [])).agentServer!(id), { reachable: false, reason: 'other-host' });
  });

  it('is followed live over its stream (wss), a follow-up\'s message arriving through it', async () => {
    const client = await connect(runtime.appUrl, RUNTIME_HOSTS);
    let last: FollowUpdate | undefined;
    const follower = new TranscriptFollower({ appServer: client.events!(id), agentReach: (call) => client.agentServer!(id, call) }, systemClock, (update) => { last = update; });
    try {
      follower.setVisible(true);
      await until('the follow to stream from the agent server', () => (last?.status.mode === 'stream' && last.events.length > 0) || undefined);
      assert.equal(last!.status.source, 'agent-server');
      await client.sendMessage!(id, { text: 'Also rename parse() to parseAll()' });
      const said = (event: ConversationEvent) => event.kind === 'message' && event.origin === 'user' && event.text.includes('parseAll');
      await until('the follow-up to arrive through the stream', () => last!.events.some(said) || undefined);
      assert.equal(last!.status.mode, 'stream');
    } finally {
      follower.dispose();
    }
  });

  it('gives the exact patch that Apply uses, from the runtime', async () => {
    const state = await loadChanges(await connect(runtime.appUrl, RUNTIME_HOSTS), { id, repository: null, branch: null });
    assert.equal(state.kind, 'loaded', JSON.stringify(state));
    const changes = state.kind === 'loaded' ? state.changes : undefined;
    assert.ok(changes?.patch && changes.patch.bytes.length > 0, 'no exact patch from the agent server');
    assert.equal(changes.files.length, 6);
    assert.equal(changes.agentUnreachable, undefined);
  });
});

describe('hosts that never get a conversation\'s key, even under the runtime domain', () => {
  for (const [name, publicUrl, listenerAt] of [
    ['a host that serves what the agent runs', 'https://work-1-r1.runtime.openhands.test', ADDRESS.workHost],
    ['a look-alike of the runtime domain', 'https://r1.runtime.openhands.test.evil.test', ADDRESS.lookAlike],
  ] as const) {
    it(`${name} (${new URL(publicUrl).hostname}) receives nothing`, async () => {
      const listener = await countingListener(listenerAt);
      const { server, appUrl } = await standIn(publicUrl, ADDRESS.elsewhere);
      try {
        const [id] = server.seedConversations(1, { changedFiles: 2 });
        const client = await connect(appUrl, RUNTIME_HOSTS);
        assert.deepEqual(await client.agentServer!(id), { reachable: false, reason: 'other-host' });
        const state = await loadChanges(client, { id, repository: null, branch: null });
        assert.equal(state.kind === 'loaded' && state.changes.agentUnreachable, 'other-host');
        await assert.rejects(client.confirmAction!(id, true, undefined), /does not send its key/);
        assert.equal(listener.count(), 0, `${publicUrl} received a request`);
      } finally {
        await server.close();
        await listener.close();
      }
    });
  }
});
