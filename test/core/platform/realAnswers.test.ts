// Every failure answer the real servers gave on a newcomer's paths (connect, key, the first save, an edit, a start
// with and without a repository), as the conformance suite recorded it (test/support/fixtures/openhands/OBSERVED.md for 0.54.0,
// OBSERVED-V1.md for 1.11.0; "#N" is the transcript's request), sent byte for byte by a loopback server to the
// extension's own client: the message a person reads names the cause, and the buttons offered are the fix.
// Answers that are not failures are shown elsewhere: 404 "Settings not found" is the "no settings yet" view with
// Configure LLM (e2e settingsStates, firstHour).
import assert from 'node:assert/strict';
import type * as http from 'node:http';
import { after, describe, it } from 'node:test';
import type { OpenHandsClient, ServerApi } from '../../../src/api/client';
import { V0_SERVER } from '../../../src/api/createClient';
import { createClient } from '../../support/client';
import { sessionCredential } from '../../../src/api/http/credential';
import { ApiError } from '../../../src/api/http/apiError';
import { actionsFor, type ErrorAction } from '../../../src/core/platform/errorActions';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';
import { startTask } from '../../support/v1Answers';

interface RawAnswer {
  status: number;
  /** JSON bodies are sent as application/json; a string as the crash page's text/plain. */
  body: unknown;
  retryAfter?: string;
}

interface RealAnswer {
  /** Where it was recorded, and what the person did. */
  seen: string;
  api: ServerApi;
  /** The answers to the requests the call makes, in order; the last one repeats. */
  answers: RawAnswer[];
  key?: string;
  call(client: OpenHandsClient): Promise<unknown>;
  message: RegExp;
  actions: ErrorAction[];
}

const V1: ServerApi = { version: '1.11.0', settings: 'v1', conversations: 'v1' };
const CRASH = 'Internal Server Error'; // uvicorn's text/plain 500
const UNAUTHORIZED = { status: 401, body: { detail: 'Unauthorized' } };
const error = (message: string, msgId: string) => ({ status: 400, body: { status: 'error', message, msg_id: msgId } });
const start = (request: object) => (client: OpenHandsClient) => client.createConversation({ initial_user_msg: 'Add a widget factory', ...request });
const github = { repository: 'octocat/Hello-World', git_provider: 'github', selected_branch: 'main' } as const;
const save = (client: OpenHandsClient) => client.storeSettings({ llm_model: 'openai/gpt-4o', llm_api_key: 'sk-1' });
const working = { status: 200, body: startTask('a'.repeat(32), 'WORKING') };
const ended = (detail: string) => ({ status: 200, body: [startTask('a'.repeat(32), 'ERROR', { detail })] });
const NO_TOKEN_ACTIONS: ErrorAction[] = ['startWithoutRepository', 'openServerSettings', 'showLog'];

const TABLE: RealAnswer[] = [
  // 0.54.0
  { seen: '0.54.0 #1: settings loaded before a key is set', api: V0_SERVER, answers: [UNAUTHORIZED], key: '',
    call: (c) => c.loadSettings(), message: /requires a session API key \(HTTP 401\)\. Set one with "OpenHands: Set API Key"/, actions: ['setApiKey', 'showLog'] },
  { seen: '0.54.0 #2: a wrong key', api: V0_SERVER, answers: [UNAUTHORIZED],
    call: (c) => c.loadSettings(), message: /refused the session API key \(HTTP 401\)\. Set the key that matches the server's SESSION_API_KEY/, actions: ['setApiKey', 'showLog'] },
  { seen: '0.54.0 #45: a save refused field by field', api: V0_SERVER,
    answers: [{ status: 422, body: { detail: [{ type: 'bool_parsing', loc: ['body', 'confirmation_mode'], msg: 'Input should be a valid boolean, unable to interpret input', input: 'maybe' }] } }],
    call: save, message: /^The server rejected the request \(HTTP 422\): confirmation_mode: Input should be a valid boolean/, actions: ['showLog'] },
  { seen: '0.54.0 #76: a save the server crashes on', api: V0_SERVER, answers: [{ status: 500, body: CRASH }],
    call: save, message: /^The server failed \(HTTP 500\): Internal Server Error\. Retry, or see the server's log\.$/, actions: ['retry', 'showLog'] },
  { seen: '0.54.0 #17: a start before the first save', api: V0_SERVER, answers: [error('Settings not found', 'CONFIGURATION$SETTINGS_NOT_FOUND')],
    call: start({}), message: /^The server has no settings yet\. Configure the LLM/, actions: ['configureSettings'] },
  { seen: '0.54.0 #32: a start with an empty LLM key', api: V0_SERVER,
    answers: [error('Error authenticating with the LLM provider. Please check your API key', 'STATUS$ERROR_LLM_AUTHENTICATION')],
    call: start({}), message: /^The server has no usable LLM API key\. Set the LLM API key/, actions: ['setLlmApiKey'] },
  { seen: '0.54.0 #106-107: a repository start, no provider token (no secrets.json)', api: V0_SERVER, answers: [{ status: 500, body: CRASH }],
    call: start(github),
    message: /^The server could not start the conversation on octocat\/Hello-World and gave no reason \(HTTP 500\)\. Most likely it has no GitHub token: .* Add the token in the server's settings, or start without the repository\.$/,
    actions: NO_TOKEN_ACTIONS },
  { seen: '0.54.0 #106: a repository start without a provider', api: V0_SERVER, answers: [{ status: 500, body: CRASH }],
    call: start({ repository: 'octocat/Hello-World' }), message: /Most likely it has no token for the repository's git provider/, actions: NO_TOKEN_ACTIONS },
  { seen: '0.54.0 #113: a repository start, secrets saved but no token for it', api: V0_SERVER,
    answers: [error('Unable to access repo octocat/Hello-World', 'STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR')],
    call: start(github), message: /^The server cannot access the repository \(Unable to access repo octocat\/Hello-World\)\. Add a git provider token on the server, or start without a repository\.$/,
    actions: ['startWithoutRepository', 'openServerSettings'] },
  { seen: '0.54.0 #101: a start without a repository the server crashes on', api: V0_SERVER, answers: [{ status: 500, body: CRASH }],
    call: start({}), message: /^The server failed \(HTTP 500\): Internal Server Error\. Retry, or see the server's log\.$/, actions: ['retry', 'showLog'] },
  { seen: '0.54.0 §8: the rate limit', api: V0_SERVER, answers: [{ status: 429, body: { message: 'Too many requests' }, retryAfter: '1' }],
    call: start({}), message: /rate limiting requests \(HTTP 429\)\. Try again in 1 s\./, actions: ['retry'] },
  // 1.11.0
  { seen: '1.11.0 #11: settings loaded before a key is set', api: V1, answers: [UNAUTHORIZED], key: '',
    call: (c) => c.loadSettings(), message: /requires a session API key \(HTTP 401\)/, actions: ['setApiKey', 'showLog'] },
  { seen: '1.11.0 #12: a wrong key', api: V1, answers: [UNAUTHORIZED],
    call: (c) => c.loadSettings(), message: /refused the session API key \(HTTP 401\)/, actions: ['setApiKey', 'showLog'] },
  { seen: '1.11.0 #111: a diff save pydantic refuses', api: V1,
    answers: [{ status: 400, body: { error: '1 validation error for ConversationSettings\nmax_iterations\n  Input should be a valid integer [type=int_parsing]' } }],
    call: save, message: /^The server refused the request \(HTTP 400\): 1 validation error for ConversationSettings/, actions: ['showLog'] },
  { seen: '1.11.0 #223-231: settings poisoned by another client', api: V1, answers: [{ status: 500, body: CRASH }],
    call: (c) => c.loadSettings(), message: /^The server failed \(HTTP 500\): Internal Server Error\. Retry, or see the server's log\.$/, actions: ['retry', 'showLog'] },
  { seen: '1.11.0 #145-146: a repository start, no provider token: ERROR with detail ""', api: V1, answers: [working, ended('')],
    call: start(github),
    message: /^The server could not start the conversation on octocat\/Hello-World and gave no reason\. Most likely it has no GitHub token: .* start without the repository\.$/,
    actions: NO_TOKEN_ACTIONS },
  { seen: '1.11.0 #147-148: the same with the repository alone', api: V1, answers: [working, ended('')],
    call: start({ repository: 'octocat/Hello-World' }), message: /Most likely it has no token for the repository's git provider/, actions: NO_TOKEN_ACTIONS },
  { seen: '1.11.0 §9: an agent server that did not start', api: V1, answers: [working, ended('500: Agent Server Failed to start properly')],
    call: start({}), message: /^The server could not start the conversation: 500: Agent Server Failed to start properly$/, actions: ['retry', 'showLog'] },
  { seen: '1.11.0: a start without a repository that ends in ERROR without a reason', api: V1, answers: [working, ended('')],
    call: start({}), message: /^The server could not start the conversation and gave no reason\. See the server's log, then retry\.$/, actions: ['retry', 'showLog'] },
  { seen: '1.11.0 §7: the rate limit', api: V1, answers: [{ status: 429, body: { message: 'Too many requests' }, retryAfter: '1' }],
    call: start({}), message: /rate limiting requests \(HTTP 429\)\. Try again in 1 s\./, actions: ['retry'] },
];

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** Answers each request with the next of `answers` (the last one again once they run out). */
async function answering(answers: RawAnswer[]): Promise<LoopbackServer> {
  let next = 0;
  const server = await startLoopbackServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const answer = answers[Math.min(next++, answers.length - 1)]!;
      const text = typeof answer.body === 'string';
      res.writeHead(answer.status, {
        'content-type': text ? 'text/plain; charset=utf-8' : 'application/json',
        ...(answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}),
      });
      res.end(text ? answer.body as string : JSON.stringify(answer.body));
    });
  });
  servers.push(server);
  return server;
}

describe('what a person reads for each real failure answer, and the buttons offered', () => {
  for (const row of TABLE) {
    it(row.seen, async () => {
      const server = await answering(row.answers);
      const key = row.key ?? 'a-wrong-or-right-key';
      const client = createClient({
        baseUrl: server.url, fetch: (url, init) => fetch(url, init), timeoutMs: 5000,
        getCredential: async () => (key ? sessionCredential(key) : undefined),
      }, row.api);
      const failure = await row.call(client).then(() => undefined, (e: unknown) => e);
      assert.ok(failure instanceof ApiError, `not a typed failure: ${String(failure)}`);
      assert.match(failure.message, row.message);
      assert.deepEqual(actionsFor(failure), row.actions);
    });
  }
});
