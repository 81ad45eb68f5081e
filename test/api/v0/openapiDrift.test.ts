// The V0 conversation list schemas held to the real server's own description (openapi.json of openhands-ai 0.54.0,
// recorded in test/support/fixtures/openhands/recorded/): a route, field or status this client reads that the server lacks fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { V0ConversationInfo, V0ConversationPage } from '../../../src/api/v0/conversationList';

const RECORDED = join(__dirname, '..', '..', '..', '..', 'test', 'support', 'fixtures', 'openhands', 'recorded');
interface Spec { paths: Record<string, Record<string, { parameters?: { name: string }[] }>>; components: { schemas: Record<string, { properties?: Record<string, unknown>; enum?: string[] }> } }
const spec = JSON.parse(readFileSync(join(RECORDED, 'openapi-0.54.0.json'), 'utf8')) as Spec;
const properties = (name: string) => Object.keys(spec.components.schemas[name]?.properties ?? {});

describe('V0 conversation list against the recorded openapi.json of 0.54.0', () => {
  it('list, read and stop exist with their methods; the list pages by page_id and limit', () => {
    assert.deepEqual(spec.paths['/api/conversations']?.get?.parameters?.map((p) => p.name).slice(0, 2), ['page_id', 'limit']);
    assert.ok(spec.paths['/api/conversations/{conversation_id}']?.get);
    assert.ok(spec.paths['/api/conversations/{conversation_id}/stop']?.post);
  });

  it('the fields read are the server\'s, and its statuses are the three the state mapping knows', () => {
    for (const field of Object.keys(V0ConversationInfo().shape)) assert.ok(properties('ConversationInfo').includes(field), field);
    assert.deepEqual(Object.keys(V0ConversationPage().shape), properties('ConversationInfoResultSet'));
    assert.deepEqual(spec.components.schemas.ConversationStatus?.enum, ['STARTING', 'RUNNING', 'STOPPED']);
    assert.ok(spec.components.schemas.RuntimeStatus?.enum?.every((s) => /^(STATUS|CHAT_INTERFACE)\$/.test(s)));
  });
});
