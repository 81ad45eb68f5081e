// The V1 schemas held to the real server's own description (openapi.json of openhands-ai 1.11.0, recorded in
// test/support/fixtures/openhands/recorded/): a route, field or status this client uses that the server no longer has fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AppConversation, EXECUTION_STATUSES, SANDBOX_STATUSES } from '../../../src/api/v1/conversationList';
import { START_TASK_STATUSES, SendMessageRequest, SendMessageResponse, StartRequest, StartTask, SuccessAnswer } from '../../../src/api/v1/schemas';
import { V1_LOCATIONS } from '../../../src/api/v1/settingsMapping';

const RECORDED = join(__dirname, '..', '..', '..', '..', 'test', 'support', 'fixtures', 'openhands', 'recorded');
interface Spec { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, { properties?: Record<string, unknown>; enum?: string[] }> } }
const spec = JSON.parse(readFileSync(join(RECORDED, 'openapi-1.11.0.json'), 'utf8')) as Spec;
const settingsBody = JSON.parse(readFileSync(join(RECORDED, 'settings-1.11.0.json'), 'utf8')) as Record<string, unknown>;
const properties = (name: string) => Object.keys(spec.components.schemas[name]?.properties ?? {});

describe('V1 schemas against the recorded openapi.json of 1.11.0', () => {
  it('the routes this client calls exist with their methods', () => {
    assert.ok(spec.paths['/api/v1/settings']?.get && spec.paths['/api/v1/settings']?.post);
    assert.ok(spec.paths['/api/v1/app-conversations']?.post);
    assert.ok(spec.paths['/api/v1/app-conversations/start-tasks']?.get);
  });

  it('every field of the start request is one the server takes', () => {
    const known = properties('AppConversationStartRequest-Input');
    for (const field of Object.keys(StartRequest().shape)) assert.ok(known.includes(field), field);
    assert.deepEqual(properties('SendMessageRequest').filter((f) => f === 'role' || f === 'content'), ['role', 'content']);
    assert.ok(properties('TextContent').includes('text') && properties('ImageContent').includes('image_urls'));
  });

  it('the start task has the fields read, and exactly the statuses known here', () => {
    const known = properties('AppConversationStartTask');
    for (const field of Object.keys(StartTask().shape)) assert.ok(known.includes(field), field);
    assert.deepEqual(spec.components.schemas.AppConversationStartTaskStatus?.enum, [...START_TASK_STATUSES]);
  });

  it('the conversation list, status, pause and follow-up routes exist with their methods and parameters', () => {
    const search = spec.paths['/api/v1/app-conversations/search']?.get as { parameters: { name: string }[] } | undefined;
    assert.deepEqual(search?.parameters.map((p) => p.name).filter((n) => n === 'page_id' || n === 'limit'), ['page_id', 'limit']);
    const batch = spec.paths['/api/v1/app-conversations']?.get as { parameters: { name: string }[] } | undefined;
    assert.deepEqual(batch?.parameters.map((p) => p.name), ['ids']);
    assert.ok(spec.paths['/api/v1/sandboxes/{sandbox_id}/pause']?.post);
    assert.ok(spec.paths['/api/v1/app-conversations/{conversation_id}/send-message']?.post);
  });

  it('the changes and file routes take the parameters sent', () => {
    const params = (route: string) => (spec.paths[route]?.get as { parameters: { name: string }[] } | undefined)?.parameters.map((p) => p.name);
    assert.deepEqual(params('/api/v1/app-conversations/{conversation_id}/git/changes'), ['conversation_id', 'path', 'ref']);
    assert.deepEqual(params('/api/v1/app-conversations/{conversation_id}/file'), ['conversation_id', 'file_path']);
  });

  it('the conversation has the fields read, and exactly the sandbox and execution statuses known here', () => {
    const known = properties('AppConversation');
    for (const field of Object.keys(AppConversation().shape)) assert.ok(known.includes(field), field);
    assert.deepEqual(properties('AppConversationPage'), ['items', 'next_page_id']);
    assert.deepEqual(spec.components.schemas.SandboxStatus?.enum, [...SANDBOX_STATUSES]);
    assert.deepEqual(spec.components.schemas.ConversationExecutionStatus?.enum, [...EXECUTION_STATUSES]);
  });

  it('the follow-up request and the answers read are the server\'s', () => {
    for (const field of Object.keys(SendMessageRequest().shape)) assert.ok(properties('AppSendMessageRequest').includes(field), field);
    for (const field of Object.keys(SendMessageResponse().shape)) assert.ok(properties('AppSendMessageResponse').includes(field), field);
    assert.deepEqual(Object.keys(SuccessAnswer().shape), properties('Success'));
  });

  it('every settings field mapped has its place in a real settings answer', () => {
    assert.deepEqual(properties('GETSettingsModel').filter((f) => f in settingsBody).length, properties('GETSettingsModel').length);
    for (const [field, at] of Object.entries(V1_LOCATIONS)) {
      let node: unknown = at.section === 'top' ? settingsBody : settingsBody[at.section];
      for (const key of at.path) {
        assert.ok(typeof node === 'object' && node !== null && key in node, `${field}: ${at.section}.${at.path.join('.')}`);
        node = (node as Record<string, unknown>)[key];
      }
    }
  });
});
