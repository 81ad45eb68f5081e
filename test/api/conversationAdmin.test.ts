// Renaming, deleting, searching and counting through the client, on each line's stand-in (held to the real servers
// by test/conformance/conversationAdmin.suite.ts): the routes each line takes, and an unknown id said as such.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { connectClient } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import type { OpenHandsClient } from '../../src/api/client';
import { startContractServer, type ContractServer } from '../support/standin/contractServer';

const KEY = 'admin-test-key';
const servers: ContractServer[] = [];
after(() => Promise.all(servers.map((server) => server.close())));

async function serverOf(api: 'v0' | 'mixed' | 'v1'): Promise<{ server: ContractServer; client: OpenHandsClient }> {
  const server = await startContractServer({ api, sessionApiKey: KEY });
  servers.push(server);
  const client = await connectClient({ baseUrl: server.url, fetch: (url, init) => fetch(url, init), getCredential: async () => sessionCredential(KEY), timeoutMs: 10_000, readRetries: 0 });
  return { server, client };
}

const unknown = (error: unknown) => error instanceof Error && /does not know conversation|not found|unknown_app_conversation/i.test(error.message);

describe('conversation admin on a V1 server', () => {
  it('renames, finds by a word of the title (any case), counts, deletes; each route as 1.11.0 has it', async () => {
    const { server, client } = await serverOf('v1');
    const [parser, other] = server.seedConversations(2, { titles: ['Fix the parser loop', 'Write docs'] });
    await client.renameConversation!(other, 'Parser docs');
    assert.deepEqual((await client.searchConversations!({ text: 'PARSER', limit: 10 })).items.map((c) => c.title), ['Parser docs', 'Fix the parser loop']);
    assert.equal(await client.countConversations!('loop'), 1);
    assert.equal(await client.countConversations!(undefined), 2);
    await client.deleteConversation!(parser);
    assert.deepEqual(await client.getConversations([parser]), []);
    await assert.rejects(client.deleteConversation!(parser), unknown);
    await assert.rejects(client.renameConversation!(parser, 'x'), unknown);
    const methods = server.requests.filter((r) => r.method === 'PATCH' || r.method === 'DELETE').map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{32}/, '<id>')}`);
    assert.deepEqual(methods, ['PATCH /api/v1/app-conversations/<id>', 'DELETE /api/v1/app-conversations/<id>', 'DELETE /api/v1/app-conversations/<id>', 'PATCH /api/v1/app-conversations/<id>']);
  });

  it('reads what a conversation cost from its metrics, and none where nothing was spent', async () => {
    const { server, client } = await serverOf('v1');
    const [spent] = server.seedConversations(1, { cost: { usd: 0.4213, promptTokens: 120_400, completionTokens: 3_250 } });
    const [idle] = server.seedConversations(1);
    const [withCost, without] = [spent, idle].map((id) => client.getConversations([id]));
    assert.deepEqual((await withCost)[0]?.cost, { usd: 0.4213, promptTokens: 120_400, completionTokens: 3_250 });
    assert.equal((await without)[0]?.cost, undefined);
  });
});

describe('conversation admin on the mixed line (1.0-1.6)', () => {
  it('renames through V1\'s PATCH and deletes through V0\'s route, which knows V1 conversations there', async () => {
    const { server, client } = await serverOf('mixed');
    const [id] = server.seedConversations(1);
    await client.renameConversation!(id, 'Renamed');
    assert.equal((await client.getConversations([id]))[0]?.title, 'Renamed');
    await client.deleteConversation!(id);
    assert.deepEqual(await client.getConversations([id]), []);
    assert.deepEqual(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path), [`/api/conversations/${id}`]);
  });
});

describe('conversation admin on a V0 server', () => {
  it('renames and deletes; no search or count; an unknown id is said to be unknown', async () => {
    const { server, client } = await serverOf('v0');
    const [id] = server.seedConversations(1);
    await client.renameConversation!(id, 'Parser loop');
    assert.equal((await client.getConversations([id]))[0]?.title, 'Parser loop');
    assert.equal(client.searchConversations, undefined);
    assert.equal(client.countConversations, undefined);
    await client.deleteConversation!(id);
    assert.deepEqual(await client.getConversations([id]), []);
    await assert.rejects(client.deleteConversation!(id), unknown);
    await assert.rejects(client.renameConversation!(id, 'x'), unknown);
  });
});
