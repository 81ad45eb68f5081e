// POST /api/conversations with settings and an LLM key saved (OBSERVED.md §6): 200 with a fresh 32-hex id and
// STARTING (the runtime starts, or fails, later), 422 for any unknown key, 400/500 for the server's own checks.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertInternalError,
  assertJson,
  CONVERSATION_STARTED,
  detail,
  SETTINGS_STORED,
  unprocessable,
  valueError,
} from './expected';
import type { RunState } from './fresh.suite';
import type { Client } from './target';

const PROVIDERS = "'github', 'gitlab', 'bitbucket' or 'enterprise_sso'";
const TASK_TYPES = "'MERGE_CONFLICTS', 'FAILING_CHECKS', 'UNRESOLVED_COMMENTS', 'OPEN_ISSUE', 'OPEN_PR' or 'CREATE_MICROAGENT'";
const task = (fields: Record<string, unknown>): string =>
  JSON.stringify({ suggested_task: { git_provider: 'github', task_type: 'OPEN_ISSUE', repo: 'o/r', issue_number: 1, title: 't', ...fields } });

/**
 * Every field of InitSessionRequest with a value. The suggested task wins over create_microagent (which would
 * otherwise name a repository to check), and repository "" skips the repository check.
 */
const EVERY_FIELD = JSON.stringify({
  repository: '',
  git_provider: 'github',
  selected_branch: 'main',
  initial_user_msg: 'hello',
  image_urls: ['https://example.com/a.png'],
  replay_json: '[]',
  suggested_task: { git_provider: 'github', task_type: 'OPEN_ISSUE', repo: 'o/r', issue_number: 1, title: 't' },
  create_microagent: { repo: 'o/r', git_provider: 'github', title: 'm' },
  conversation_instructions: 'be brief',
  mcp_config: {
    sse_servers: ['http://a.b/sse'],
    stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y'], env: { A: '1' } }],
    shttp_servers: [{ url: 'https://c.d/mcp', api_key: 'k' }],
  },
});

const STARTED: [string, string][] = [
  ['{}', '{}'],
  ['a message, no images, no replay', '{"initial_user_msg":"hello","image_urls":[],"replay_json":null}'],
  ['every optional field null', '{"repository":null,"git_provider":null,"selected_branch":null,"initial_user_msg":null,"image_urls":null,"replay_json":null,"suggested_task":null,"create_microagent":null,"conversation_instructions":null,"mcp_config":null}'],
  ['instructions and an MCP server', '{"initial_user_msg":"x","conversation_instructions":"be brief","mcp_config":{"sse_servers":["http://a.b/sse"]}}'],
  ['repository "" (no repository check)', '{"repository":"","initial_user_msg":"x"}'],
  ['git_provider and branch without repository', '{"git_provider":"github","selected_branch":"main"}'],
  ['suggested task OPEN_ISSUE, issue_number "3"', task({ issue_number: '3' })],
  ['suggested task MERGE_CONFLICTS on gitlab', task({ git_provider: 'gitlab', task_type: 'MERGE_CONFLICTS' })],
  ['every field at once', EVERY_FIELD],
];

const REFUSED: [string, string, object[]][] = [
  ['an unknown key', '{"foo":1}', [detail('extra_forbidden', ['body', 'foo'], 'Extra inputs are not permitted', 1)]],
  ['git_provider "GitHub"', '{"git_provider":"GitHub"}', [detail('enum', ['body', 'git_provider'], `Input should be ${PROVIDERS}`, 'GitHub', { expected: PROVIDERS })]],
  ['git_provider "azure_devops"', '{"git_provider":"azure_devops"}', [detail('enum', ['body', 'git_provider'], `Input should be ${PROVIDERS}`, 'azure_devops', { expected: PROVIDERS })]],
  ['image_urls as a string', '{"image_urls":"http://x"}', [detail('list_type', ['body', 'image_urls'], 'Input should be a valid list', 'http://x')]],
  ['initial_user_msg 5', '{"initial_user_msg":5}', [detail('string_type', ['body', 'initial_user_msg'], 'Input should be a valid string', 5)]],
  ['an MCP url without scheme', '{"mcp_config":{"sse_servers":["a.b"]}}', [valueError(['body', 'mcp_config', 'sse_servers', 0, 'url'], 'URL must include a scheme (http:// or https://)', 'a.b')]],
  ['an unknown key in mcp_config', '{"mcp_config":{"x":1}}', [detail('extra_forbidden', ['body', 'mcp_config', 'x'], 'Extra inputs are not permitted', 1)]],
  [
    'a suggested task missing fields',
    '{"suggested_task":{"task_type":"OPEN_ISSUE"}}',
    ['git_provider', 'repo', 'issue_number', 'title'].map((field) =>
      detail('missing', ['body', 'suggested_task', field], 'Field required', { task_type: 'OPEN_ISSUE' }),
    ),
  ],
  ['task_type in lower case', task({ task_type: 'open_issue' }), [detail('enum', ['body', 'suggested_task', 'task_type'], `Input should be ${TASK_TYPES}`, 'open_issue', { expected: TASK_TYPES })]],
  ['create_microagent without repo', '{"create_microagent":{}}', [detail('missing', ['body', 'create_microagent', 'repo'], 'Field required', {})]],
  ['an array body', '[]', [detail('model_attributes_type', ['body'], 'Input should be a valid dictionary or object to extract fields from', [])]],
  ['malformed JSON', '{', [detail('json_invalid', ['body', 1], 'JSON decode error', {}, { error: 'Expecting property name enclosed in double quotes' })]],
];

const CRASHES: [string, string][] = [
  ['suggested task OPEN_PR', task({ task_type: 'OPEN_PR' })],
  ['suggested task CREATE_MICROAGENT', task({ task_type: 'CREATE_MICROAGENT' })],
  ['suggested task on enterprise_sso', task({ git_provider: 'enterprise_sso' })],
];

/** Without any secrets.json, the repository check crashes (ProviderHandler(None)): a plain 500. */
const NEEDS_NO_SECRETS: [string, string][] = [
  ['repository', '{"repository":"octocat/Hello-World"}'],
  ['repository, git_provider and branch', '{"repository":"octocat/Hello-World","git_provider":"github","selected_branch":"master"}'],
  ['create_microagent with a repo', '{"create_microagent":{"repo":"o/r"}}'],
];

export function conversationsSuite(client: Client, state: RunState): void {
  describe('POST /api/conversations', () => {
    before(async () => {
      const saved = await client.post('/api/settings', '{"llm_model":"openai/gpt-4o","llm_api_key":"sk-conformance"}');
      assertJson(saved, 200, SETTINGS_STORED);
    });

    for (const [name, body] of STARTED) {
      it(`${name}: 200, a new 32-hex id, STARTING`, async () => {
        assertJson(await client.post('/api/conversations', body), 200, CONVERSATION_STARTED);
      });
    }

    it('two conversations get different ids', async () => {
      const ids = [];
      for (let i = 0; i < 2; i++) ids.push((JSON.parse((await client.post('/api/conversations', '{}')).text) as { conversation_id: string }).conversation_id);
      assert.notEqual(ids[0], ids[1]);
    });

    for (const [name, body, errors] of REFUSED) {
      it(`${name}: 422`, async () => {
        assertJson(await client.post('/api/conversations', body), 422, unprocessable(...errors));
      });
    }

    it('no body at all: 422 missing', async () => {
      const answer = await client.request('POST', '/api/conversations', { type: null });
      assertJson(answer, 422, unprocessable(detail('missing', ['body'], 'Field required', null)));
    });

    for (const [name, body] of CRASHES) {
      it(`${name}: 500 plain text`, async () => assertInternalError(await client.post('/api/conversations', body)));
    }

    for (const [name, body] of NEEDS_NO_SECRETS) {
      it(`${name}, no secrets.json: 500 plain text`, async (t) => {
        if (!state.fresh) return t.skip('the server was not fresh: it may have a secrets.json');
        assertInternalError(await client.post('/api/conversations', body));
      });
    }
  });

  const allowed = client.target.allowsConversationId;
  describe('conversation_id', () => {
    it('refused unless the server allows it: 422 extra_forbidden', { skip: allowed && 'the server allows conversation_id' }, async () => {
      const answer = await client.post('/api/conversations', '{"conversation_id":"abc"}');
      assertJson(answer, 422, unprocessable(detail('extra_forbidden', ['body', 'conversation_id'], 'Extra inputs are not permitted', 'abc')));
    });

    describe('with ALLOW_SET_CONVERSATION_ID=1', { skip: !allowed && 'the server does not allow conversation_id' }, () => {
      const started = (id: string): string => `{"status":"ok","conversation_id":"${id}","message":null,"conversation_status":"STARTING"}`;
      const id = `conformance${Date.now()}`;

      it('a given id is used as is', async () => {
        assertJson(await client.post('/api/conversations', `{"conversation_id":"${id}","initial_user_msg":"one"}`), 200, started(id));
      });

      it('the same id again: 200 with that id, no 409, STARTING again (RUNNING needs a runtime that started)', async () => {
        assertJson(await client.post('/api/conversations', `{"conversation_id":"${id}","initial_user_msg":"two"}`), 200, started(id));
      });

      it('every field of the request at once, with an id', async () => {
        const body = { ...JSON.parse(EVERY_FIELD) as object, conversation_id: `${id}-all` };
        assertJson(await client.post('/api/conversations', JSON.stringify(body)), 200, started(`${id}-all`));
      });

      it('"" gets a random id', async () => {
        assertJson(await client.post('/api/conversations', '{"conversation_id":""}'), 200, CONVERSATION_STARTED);
      });

      it('no format check: "../x y" is echoed', async () => {
        assertJson(await client.post('/api/conversations', '{"conversation_id":"../x y"}'), 200, started('../x y'));
      });

      for (const [name, value] of [['null', null], ['5', 5]] as const) {
        it(`${name}: 422 string_type (leave the key out instead)`, async () => {
          const answer = await client.post('/api/conversations', `{"conversation_id":${JSON.stringify(value)}}`);
          assertJson(answer, 422, unprocessable(detail('string_type', ['body', 'conversation_id'], 'Input should be a valid string', value)));
        });
      }
    });
  });
}
