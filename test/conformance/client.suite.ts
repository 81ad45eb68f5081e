// The extension's own client (src/api/client.ts) end to end against the server under test: loadSettings,
// storeSettings, updateSettings and createConversation as the extension calls them (undici's fetch), and each
// refusal arriving as the typed error the UI shows. Runs after the raw suites, from the state they left.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fetch as undiciFetch } from 'undici';
import { type FetchFunction, type OpenHandsClient } from '../../src/api/client';
import { createClient } from '../support/client';
import type { ApiError } from '../../src/api/http/apiError';
import { ServerError, UnauthorizedError, ValidationError } from '../../src/api/http/statusErrors';
import { StartFailedError } from '../../src/api/conversationErrors';
import type { ConversationRequest } from '../../src/api/model/conversations';
import type { LoadedSettings, McpRemoteServer, Settings } from '../../src/api/model/settings';
import type { RunState } from './fresh.suite';
import type { Target } from './target';
import { sessionCredential } from '../../src/api/http/credential';

const fetchImpl = undiciFetch as unknown as FetchFunction;

/** `key` undefined: no key header at all. */
const clientFor = (target: Target, key: string | undefined): OpenHandsClient =>
  createClient({ baseUrl: target.baseUrl, fetch: fetchImpl, getCredential: async () => sessionCredential(key), timeoutMs: 30_000 });

/** The 25 fields, none at its default. */
const FULL: Required<Settings> = {
  language: 'de',
  agent: 'CodeActAgent',
  max_iterations: 42,
  security_analyzer: 'llm',
  confirmation_mode: true,
  llm_model: 'anthropic/claude-sonnet-4-20250514',
  llm_api_key: 'sk-client-1',
  llm_base_url: 'http://llm.local:4000/v1',
  remote_runtime_resource_factor: 2,
  secrets_store: { provider_tokens: {} },
  enable_default_condenser: false,
  enable_sound_notifications: true,
  enable_proactive_conversation_starters: false,
  enable_solvability_analysis: false,
  user_consents_to_analytics: true,
  sandbox_base_container_image: 'python:3.12',
  sandbox_runtime_container_image: 'rt:1',
  mcp_config: {
    sse_servers: [{ url: 'http://mcp.local/sse', api_key: 'mcp-key-1' }],
    stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y', 'server-fs', 'x y'], env: { ROOT: '/tmp' } }],
    shttp_servers: [{ url: 'https://mcp.example/mcp', api_key: null }],
  },
  search_api_key: 'tvly-client-1',
  sandbox_api_key: 'sbx-client-1',
  max_budget_per_task: 2.5,
  email: 'octo@example.com',
  email_verified: true,
  git_user_name: 'octo',
  git_user_email: 'octo@example.com',
};

/** What loadSettings gives back after FULL was stored: the secrets only as flags. */
const LOADED: LoadedSettings = {
  ...FULL,
  llm_api_key: null,
  search_api_key: null,
  sandbox_api_key: null,
  provider_tokens_set: {},
  llm_api_key_set: true,
  search_api_key_set: true,
};

const STARTED = { status: 'ok', message: null, conversation_status: 'STARTING' };
const HEX32 = /^[0-9a-f]{32}$/;

/** Every field of the request; the suggested task wins over create_microagent, repository "" is no repository. */
const EVERY_FIELD: Required<Omit<ConversationRequest, 'conversation_id'>> = {
  repository: '',
  git_provider: 'github',
  selected_branch: 'main',
  initial_user_msg: 'hello',
  image_urls: ['https://example.com/a.png'],
  replay_json: '[]',
  suggested_task: { git_provider: 'gitlab', task_type: 'MERGE_CONFLICTS', repo: 'g/p', issue_number: 7, title: 't' },
  create_microagent: { repo: 'o/r', git_provider: 'github', title: 'm' },
  conversation_instructions: 'be brief',
  mcp_config: { sse_servers: [{ url: 'http://a.b/sse', api_key: null }], stdio_servers: [], shttp_servers: [] },
};

/** Awaits the rejection, checks its class, and hands the error to `check`. */
async function failure<E extends ApiError>(promise: Promise<unknown>, type: new (...args: never[]) => E, check: (error: E) => void): Promise<void> {
  const error = await promise.then(
    (value) => assert.fail(`expected ${type.name}, got ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof type, `expected ${type.name}, got ${String(error)}`);
  check(error);
}

export function clientFreshSuite(target: Target, state: RunState): void {
  describe('client, nothing saved yet', () => {
    it('loadSettings: null', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      assert.equal(await clientFor(target, target.apiKey).loadSettings(), null);
    });

    it('createConversation: ServerError settings_not_found (HTTP 400)', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      await failure(clientFor(target, target.apiKey).createConversation({ initial_user_msg: 'hi' }), ServerError, (e) => {
        assert.equal(e.status, 400);
        assert.equal(e.reason, 'settings_not_found');
        assert.equal(e.msgId, 'CONFIGURATION$SETTINGS_NOT_FOUND');
      });
    });
  });
}

export function clientSuite(target: Target, state: RunState): void {
  const client = clientFor(target, target.apiKey);

  describe('client operations', () => {
    it('storeSettings with all 25 fields, then loadSettings: each value back, secrets only as *_set', async () => {
      await client.storeSettings(FULL);
      assert.deepEqual(await client.loadSettings(), LOADED);
    });

    it('updateSettings changes only the given fields; the keys stay set', async () => {
      const expected = { ...LOADED, language: 'fr', max_iterations: 7, enable_sound_notifications: false };
      assert.deepEqual(await client.updateSettings({ language: 'fr', max_iterations: 7, enable_sound_notifications: false }), expected);
      assert.deepEqual(await client.loadSettings(), expected);
    });

    it('updateSettings with a function of the loaded settings: an MCP server added to the list', async () => {
      const added: McpRemoteServer = { url: 'https://second.example/sse', api_key: null };
      const updated = await client.updateSettings((current) => ({
        mcp_config: { ...FULL.mcp_config, sse_servers: [...(current?.mcp_config?.sse_servers ?? []), added] },
      }));
      assert.deepEqual(updated?.mcp_config?.sse_servers, [...FULL.mcp_config!.sse_servers!, added]);
      assert.equal(updated?.language, 'fr');
    });

    it('an MCP URL the server refuses is not stored: ValidationError at its path', async () => {
      const before = await client.loadSettings();
      // WHATWG URL reads "http:a.b" as http://a.b/; Python's urlsplit finds no host in it.
      const change = { mcp_config: { sse_servers: [{ url: 'http:a.b', api_key: null }] } };
      await failure(client.updateSettings(change), ValidationError, (e) => {
        assert.deepEqual(e.issues, [{ path: 'mcp_config.sse_servers.0.url', message: 'URL must include a valid domain/host' }]);
      });
      assert.deepEqual(await client.loadSettings(), before);
    });

    it('"" clears the LLM key; createConversation then fails: ServerError llm_authentication (HTTP 400)', async () => {
      const cleared = await client.updateSettings({ llm_api_key: '' });
      assert.equal(cleared?.llm_api_key_set, false);
      assert.equal(cleared?.search_api_key_set, true);
      await failure(client.createConversation({ initial_user_msg: 'hi' }), ServerError, (e) => {
        assert.equal(e.status, 400);
        assert.equal(e.reason, 'llm_authentication');
      });
    });

    it('with a key again, createConversation: ok, a new 32-hex id, STARTING', async () => {
      assert.equal((await client.updateSettings({ llm_api_key: 'sk-client-2' }))?.llm_api_key_set, true);
      const answer = await client.createConversation({ initial_user_msg: 'hello', conversation_instructions: 'be brief' });
      assert.match(answer.conversation_id, HEX32);
      assert.deepEqual(answer, { ...STARTED, conversation_id: answer.conversation_id });
    });

    it('createConversation with every field of the request', async () => {
      const answer = await client.createConversation(EVERY_FIELD);
      assert.match(answer.conversation_id, HEX32);
      assert.deepEqual(answer, { ...STARTED, conversation_id: answer.conversation_id });
    });

    if (target.allowsConversationId) {
      it('createConversation with a conversation_id: that id, STARTING', async () => {
        const id = `client-${Date.now()}`;
        assert.deepEqual(await client.createConversation({ conversation_id: id, initial_user_msg: 'x' }), { ...STARTED, conversation_id: id });
      });
    } else {
      it('createConversation with a conversation_id the server does not allow: ValidationError from the server', async () => {
        await failure(client.createConversation({ conversation_id: 'abc' }), ValidationError, (e) => {
          assert.equal(e.source, 'server');
          assert.deepEqual(e.issues, [{ path: 'conversation_id', message: 'Extra inputs are not permitted' }]);
        });
      });
    }

    it('a repository without any secrets.json: the bare 500 is a StartFailedError naming the missing token, and the next call works', async (t) => {
      if (!state.fresh) return t.skip('the server was not fresh: it may have a secrets.json');
      await failure(client.createConversation({ repository: 'octocat/Hello-World', git_provider: 'github' }), StartFailedError, (e) => {
        assert.equal(e.status, 500);
        assert.equal(e.likelyNoProviderToken, true);
        assert.match(e.message, /on octocat\/Hello-World and gave no reason \(HTTP 500\)\. Most likely it has no GitHub token/);
      });
      assert.equal((await client.loadSettings())?.llm_api_key_set, true);
    });

    it('a wrong key: UnauthorizedError, key sent; no key: UnauthorizedError, none sent', async (t) => {
      if (target.apiKey === undefined) return t.skip('the server checks no key');
      await failure(clientFor(target, 'wrong-key').loadSettings(), UnauthorizedError, (e) => {
        assert.equal(e.status, 401);
        assert.equal(e.keySent, true);
      });
      await failure(clientFor(target, undefined).createConversation({}), UnauthorizedError, (e) => assert.equal(e.keySent, false));
    });
  });
}
