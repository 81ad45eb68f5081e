// The server's own export of a conversation: V1's zip bytes kept exact with the server's file name, V0's
// trajectory JSON, a refusal as the typed error; and V0's approve/reject as its web UI sends it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient } from '../support/client';
import { sessionCredential } from '../../src/api/http/credential';
import { ServerError } from '../../src/api/http/statusErrors';
import { attachmentName } from '../../src/api/trajectory';

interface Seen { url: string; method: string; body: unknown }

function client(line: 'v0' | 'v1', answer: (seen: Seen) => Response, seen: Seen[]) {
  const fetch = async (url: string, init: RequestInit) => {
    const exchange = { url: new URL(url).pathname, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) as unknown : undefined };
    seen.push(exchange);
    return answer(exchange);
  };
  const api = line === 'v1' ? { version: '1.11.0', settings: 'v1', conversations: 'v1' } as const : { version: undefined, settings: 'v0', conversations: 'v0' } as const;
  return createClient({ baseUrl: 'http://127.0.0.1:3000', fetch, getCredential: async () => sessionCredential('k'), timeoutMs: 5000 }, api);
}

describe('the server\'s export of a conversation', () => {
  it('V1: the zip\'s exact bytes under the server\'s file name', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x80]);
    const seen: Seen[] = [];
    const saved = await client('v1', () => new Response(zip, { status: 200, headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="conversation_5f1e.zip"' } }), seen).downloadTrajectory!('5f1e');
    assert.deepEqual([saved.fileName, [...saved.bytes]], ['conversation_5f1e.zip', [...zip]]);
    assert.deepEqual(seen.map((s) => s.url), ['/api/v1/app-conversations/5f1e/download']);
  });

  it('V1: an unknown conversation is the server\'s own 404, its words kept', async () => {
    const refuse = () => new Response('{"detail":"Conversation not found: x"}', { status: 404, headers: { 'content-type': 'application/json' } });
    await assert.rejects(client('v1', refuse, []).downloadTrajectory!('x'), (error: unknown) => error instanceof ServerError && error.status === 404 && error.message.includes('Conversation not found: x'));
  });

  it('V0: the trajectory JSON, named by the conversation', async () => {
    const seen: Seen[] = [];
    const saved = await client('v0', () => new Response('{"trajectory":[]}', { status: 200, headers: { 'content-type': 'application/json' } }), seen).downloadTrajectory!('abc');
    assert.deepEqual([saved.fileName, new TextDecoder().decode(saved.bytes)], ['trajectory_abc.json', '{"trajectory":[]}']);
    assert.deepEqual(seen.map((s) => s.url), ['/api/conversations/abc/trajectory']);
  });

  it('takes only a plain file name from content-disposition', () => {
    assert.equal(attachmentName('attachment; filename="../../etc/passwd"'), 'passwd');
    assert.equal(attachmentName('attachment; filename=".."'), undefined);
    assert.equal(attachmentName('attachment; filename="a b;.zip"'), undefined);
    assert.equal(attachmentName(null), undefined);
  });
});

describe('V0 approve and reject', () => {
  it('posts the agent-state change 0.54.0\'s web UI sends', async () => {
    const seen: Seen[] = [];
    const v0 = client('v0', () => new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json' } }), seen);
    await v0.confirmAction!('abc', true, undefined);
    await v0.confirmAction!('abc', false, 'ignored');
    assert.deepEqual(seen.map((s) => [s.method, s.url, s.body]), [
      ['POST', '/api/conversations/abc/events', { action: 'change_agent_state', args: { agent_state: 'user_confirmed' } }],
      ['POST', '/api/conversations/abc/events', { action: 'change_agent_state', args: { agent_state: 'user_rejected' } }],
    ]);
  });
});
