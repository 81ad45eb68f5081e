// The stand-in's V1 agent (v1Agent.ts) beyond the conformance suite's real-work run (v1Work.suite.ts, run against
// the stand-in by v1Suites.test.ts): an LLM that cannot be reached leaves the run to the /_test/agent timing, one
// that fails ends it in error, a follow-up runs again, the workspaces go with the server, the agent server's
// filters and errors; and every path the stand-in's openapi.json lists is served.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startContractServer } from '../support/standin/contractServer';
import { API_LINES } from '../support/standin/routes';
import { GITIGNORE, REAL_WORK_BYTES, REAL_WORK_SCRIPT } from '../support/scriptedLlm/script';
import { startScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { call, get, post, serve } from '../support/standin/testClient';

const KEY = { 'X-Session-API-Key': 'k' };
const START = '{"initial_message":{"content":[{"type":"text","text":"go"}]}}';
const json = <T>(text: string): T => JSON.parse(text) as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Conversation { id: string; execution_status: string | null; conversation_url: string; session_api_key: string }
interface Event { id: string; kind: string; key?: string; value?: unknown; source: string; code?: string; observation?: { metadata?: { working_dir: string } } }

async function setLlm(url: string, baseUrl: string): Promise<void> {
  const body = JSON.stringify({ agent_settings_diff: { llm: { model: 'openai/gpt-4o', api_key: 'sk-x', base_url: baseUrl } } });
  assert.equal((await post(url, '/api/v1/settings', body, KEY)).status, 200);
}

/** Starts a conversation and waits until its execution status is `until`. */
async function startUntil(url: string, until: string): Promise<Conversation> {
  const task = json<{ id: string }>((await post(url, '/api/v1/app-conversations', START, KEY)).text);
  for (let i = 0; i < 200; i++) {
    const [t] = json<{ app_conversation_id: string | null }[]>((await get(url, `/api/v1/app-conversations/start-tasks?ids=${task.id}`, KEY)).text);
    const [c] = t.app_conversation_id ? json<(Conversation | null)[]>((await get(url, `/api/v1/app-conversations?ids=${t.app_conversation_id}`, KEY)).text) : [null];
    if (c?.execution_status === until) return c;
    await sleep(50);
  }
  throw new Error(`no ${until}`);
}

const events = async (url: string, id: string): Promise<Event[]> => json<{ items: Event[] }>((await get(url, `/api/v1/conversation/${id}/events/search`, KEY)).text).items;

describe('stand-in V1 agent', () => {
  const v1 = serve({ api: 'v1', sessionApiKey: 'k', controlApi: true });

  it('an LLM at a closed port: the run follows the /_test/agent timing (running, then as told), no action', async () => {
    await setLlm(v1.url, 'http://127.0.0.1:9/v1');
    await post(v1.url, '/_test/agent', '{"runMs":300}');
    const c = await startUntil(v1.url, 'finished');
    const kinds = (await events(v1.url, c.id)).map((e) => e.key ?? e.kind);
    assert.deepEqual(kinds, ['SystemPromptEvent', 'MessageEvent', 'last_user_message_id', 'execution_status']);
  });

  it('an LLM that answers 500: error, with a ConversationErrorEvent', async () => {
    const failing = createServer((_req, res) => res.writeHead(500).end('{"error":"boom"}'));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      await setLlm(v1.url, `http://127.0.0.1:${(failing.address() as AddressInfo).port}/v1`);
      const c = await startUntil(v1.url, 'error');
      const last = (await events(v1.url, c.id)).slice(-2);
      assert.deepEqual(last.map((e) => [e.kind, e.key ?? e.code]), [['ConversationErrorEvent', 'LLMError'], ['ConversationStateUpdateEvent', 'execution_status']]);
    } finally {
      failing.close();
    }
  });

  it('a follow-up runs the agent again: a second finish; the agent server filters by class path, limit over 100 a 500', async () => {
    const llm = await startScriptedLlm({ finishMessage: 'Done.' });
    try {
      await setLlm(v1.url, llm.baseUrl);
      const c = await startUntil(v1.url, 'finished');
      await post(v1.url, `/api/v1/app-conversations/${c.id}/send-message`, '{"content":[{"type":"text","text":"again"}]}', KEY);
      for (let i = 0; i < 100 && (await events(v1.url, c.id)).filter((e) => e.kind === 'ActionEvent').length < 2; i++) await sleep(50);
      const agent = { 'X-Session-API-Key': c.session_api_key };
      const actions = await get(c.conversation_url, '/events/search?kind=openhands.sdk.event.llm_convertible.action.ActionEvent', agent);
      assert.equal(json<{ items: unknown[] }>(actions.text).items.length, 2);
      assert.equal(json<{ items: unknown[] }>((await get(c.conversation_url, '/events/search?kind=ActionEvent', agent)).text).items.length, 0);
      assert.equal((await get(c.conversation_url, '/events/search?limit=101', agent)).status, 500);
      assert.deepEqual([(await get(c.conversation_url.replace(c.id, '0'.repeat(32)), '/events/search', agent)).text],
        ['{"detail":"Conversation not found: 00000000-0000-0000-0000-000000000000"}']);
    } finally {
      await llm.close();
    }
  });
});

describe('stand-in V1 agent: workspaces', () => {
  it('a run\'s git workspace (branch master) is removed when the server closes', async () => {
    const server = await startContractServer({ api: 'v1', sessionApiKey: 'k' });
    const llm = await startScriptedLlm({ script: [{ tool: 'terminal', command: 'git branch --show-current; git status --short | wc -l' }] });
    try {
      await setLlm(server.url, llm.baseUrl);
      const c = await startUntil(server.url, 'finished');
      const observation = (await events(server.url, c.id)).find((e) => e.observation?.metadata)!.observation!;
      assert.ok(existsSync(observation.metadata!.working_dir));
      await server.close();
      assert.equal(existsSync(observation.metadata!.working_dir), false);
    } finally {
      await llm.close();
    }
  });

});

describe('stand-in V1 agent: confirmation mode', () => {
  const v1 = serve({ api: 'v1', sessionApiKey: 'k', controlApi: true });

  it('confirmation mode (1.11.0): a HIGH-risk action waits; accept carries it out, reject records the rejection and leaves the agent idle', async () => {
    const llm = await startScriptedLlm({ script: [{ tool: 'terminal', command: 'echo approved > approved.txt', risk: 'HIGH' }, { tool: 'finish', message: 'Done.' }], goOnAfterFollowUp: true });
    try {
      await setLlm(v1.url, llm.baseUrl);
      await post(v1.url, '/api/v1/settings', '{"conversation_settings_diff":{"confirmation_mode":true}}', KEY);
      const waiting = async () => {
        const c = await startUntil(v1.url, 'waiting_for_confirmation');
        const agent = { 'X-Session-API-Key': c.session_api_key };
        return { c, agent, respond: (body: string) => post(c.conversation_url, '/events/respond_to_confirmation', body, agent) };
      };
      const first = await waiting();
      const state = json<{ confirmation_policy: unknown }>((await get(first.c.conversation_url, '', first.agent)).text);
      assert.deepEqual(state.confirmation_policy, { threshold: 'HIGH', confirm_unknown: true, kind: 'ConfirmRisky' });
      const action = (await events(v1.url, first.c.id)).find((e) => e.kind === 'ActionEvent') as Event & { security_risk: string };
      assert.equal(action.security_risk, 'HIGH');
      assert.equal((await first.respond('{}')).status, 422);
      assert.deepEqual([(await first.respond('{"accept":true}')).text], ['{"success":true}']);
      for (let i = 0; i < 100 && !(await events(v1.url, first.c.id)).some((e) => e.kind === 'ObservationEvent' && (e as { action_id?: string }).action_id === action.id); i++) await sleep(50);
      assert.ok((await events(v1.url, first.c.id)).some((e) => e.kind === 'ObservationEvent' && (e as { action_id?: string }).action_id === action.id));

      const second = await waiting();
      assert.equal((await second.respond('{"accept":false}')).status, 200);
      const after = (await events(v1.url, second.c.id)).slice(-2) as (Event & { rejection_reason?: string; action_id?: string })[];
      assert.deepEqual(after.map((e) => [e.kind, e.key ?? e.rejection_reason]), [['ConversationStateUpdateEvent', 'execution_status'], ['UserRejectObservation', 'User rejected the action.']]);
      assert.equal(after[0].value, 'idle');
      await post(v1.url, `/api/v1/app-conversations/${second.c.id}/send-message`, '{"content":[{"type":"text","text":"Leave it; finish."}]}', KEY);
      for (let i = 0; i < 100 && !(await events(v1.url, second.c.id)).some((e) => e.kind === 'ObservationEvent'); i++) await sleep(50);
      const kinds = (await events(v1.url, second.c.id)).filter((e) => e.kind === 'ActionEvent' || e.kind.includes('Observation')).map((e) => e.kind);
      assert.deepEqual(kinds, ['ActionEvent', 'UserRejectObservation', 'ActionEvent', 'ObservationEvent'], 'the agent goes on with the script (finish), not the rejected action');
    } finally {
      await post(v1.url, '/api/v1/settings', '{"conversation_settings_diff":{"confirmation_mode":false}}', KEY);
      await llm.close();
    }
  });
});

describe('stand-in agent server: the git-delta patch of a real-work run applies on a fresh copy of the base', () => {
  it('git apply of /api/file/archive?format=git-delta&base_ref=HEAD gives the agent\'s files; git/diff loses final newlines', async () => {
    const server = await startContractServer({ api: 'v1', sessionApiKey: 'k' });
    const llm = await startScriptedLlm({ script: REAL_WORK_SCRIPT });
    const copy = mkdtempSync(join(tmpdir(), 'standin-apply-'));
    try {
      await setLlm(server.url, llm.baseUrl);
      const c = await startUntil(server.url, 'finished');
      const agent = { 'X-Session-API-Key': c.session_api_key };
      const workspace = (await events(server.url, c.id)).find((e) => e.observation?.metadata)!.observation!.metadata!.working_dir;
      const base = new URL(c.conversation_url).origin;
      const diff = await get(base, '/api/git/diff?path=base.txt&ref=HEAD', agent);
      assert.equal(diff.text, '{"modified":"alpha\\nBETA\\ngamma","original":"alpha\\nbeta\\ngamma"}');
      const archive = await fetch(`${base}/api/file/archive?path=${encodeURIComponent(workspace)}&format=git-delta&base_ref=HEAD`, { headers: agent });
      assert.deepEqual([archive.status, archive.headers.get('x-archive-base-ref')], [200, 'HEAD']);
      assert.match(archive.headers.get('x-archive-base-commit') ?? '', /^[0-9a-f]{40}$/);
      writeFileSync(`${copy}.patch`, Buffer.from(await archive.arrayBuffer()));
      const sh = (command: string) => execFileSync('bash', ['-c', command], { cwd: copy, encoding: 'utf8' });
      sh(`git init -q && printf '${GITIGNORE.replace(/\n/g, '\\n')}' > .gitignore && printf 'alpha\\nbeta\\ngamma\\n' > base.txt && printf 'to be removed\\n' > doomed.txt && printf 'moving\\n' > old-name.txt`);
      sh(`git add -A && git -c user.name=t -c user.email=t@example.invalid commit -qm base && git apply --check ../${basename(copy)}.patch && git apply ../${basename(copy)}.patch`);
      assert.equal(sh('git status --porcelain --untracked-files=all | sort'), ' D doomed.txt\n D old-name.txt\n M base.txt\n?? image.bin\n?? latin1.txt\n?? new-name.txt\n?? notes/added.md\n');
      for (const [name, bytes] of Object.entries(REAL_WORK_BYTES)) assert.deepEqual(readFileSync(join(copy, name)), bytes, name);
    } finally {
      rmSync(copy, { recursive: true, force: true });
      rmSync(`${copy}.patch`, { force: true });
      await llm.close();
      await server.close();
    }
  });
});

describe('stand-in openapi.json: every path it lists is served', () => {
  for (const api of API_LINES) {
    const line = serve({ api, sessionApiKey: 'k' });
    it(`--api ${api}: no listed operation answers the generic 404 or 405 (path parameters: a seeded conversation's)`, async () => {
      const doc = json<{ paths: Record<string, Record<string, unknown>> }>((await get(line.url, '/openapi.json')).text);
      assert.ok(Object.keys(doc.paths).length > 3);
      const [id] = line.server.seedConversations(1);
      const [seeded] = api === 'v0' ? [{ sandbox_id: '' }] : json<{ sandbox_id: string }[]>((await get(line.url, `/api/v1/app-conversations?ids=${id}`, KEY)).text);
      // The deletes last: one takes the seeded conversation with it.
      const calls = Object.entries(doc.paths).flatMap(([template, operations]) => Object.keys(operations).map((method) => [template, method] as const));
      const ordered = [...calls.filter(([, m]) => m !== 'delete'), ...calls.filter(([, m]) => m === 'delete')];
      for (const [template, method] of ordered) {
        const path = template.replace('{sandbox_id}', seeded.sandbox_id).replace(/\{[^}]*\}/g, id);
        {
          const answer = await call(line.url, method.toUpperCase(), path, { headers: KEY, ...(method === 'get' ? {} : { body: '{}' }) });
          assert.ok(!(answer.status === 404 && answer.text === '{"detail":"Not Found"}') && answer.status !== 405, `${method} ${template}: ${answer.status} ${answer.text}`);
        }
      }
    });
  }
});
