// What the agent line's checks (agent*.suite.ts) share: reading JSON answers, a workspace folder of its own for each
// conversation (as the client will give it), starting a conversation from the stored agent the way the client
// must (read with `X-Expose-Secrets: encrypted`, sent back with `secrets_encrypted: true`: the plain key never
// leaves the server), and waiting for a conversation's state. Observed answers: test/support/fixtures/openhands/
// OBSERVED-AGENT.md.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Answer, Client } from './target';
import { until } from './v1Work.suite';

/** A real run of a few scripted LLM answers ends in seconds; under load the server needs longer. */
export const RUN_LIMIT_MS = 120_000;

/** The LLM key the suites store: the scripted LLM sees it when the agent calls it. */
export const SCRIPTED_KEY = 'sk-scripted-agent-line';

/** The server's version, as /server_info gives it without a key. */
export async function serverVersion(client: Client): Promise<string> {
  return jsonOf<{ version: string }>(await client.get('/server_info', { key: null }), 200).version;
}

/** Whether `version` (x.y.z) is older than `than`: the suite runs against 1.58.2 and, on request, an older release. */
export function olderThan(version: string, than: string): boolean {
  const [a, b] = [version, than].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** The part of a ConversationInfo the checks read. */
export interface AgentConversation {
  readonly id: string;
  readonly execution_status: string;
  readonly title: string | null;
  readonly workspace: { readonly working_dir: string; readonly kind: string };
  readonly confirmation_policy: { readonly kind: string };
}

/**
 * Status, exact body (or a pattern) and JSON's content type. The agent server sends no no-cache headers (the app
 * servers do: expected.ts's assertJson).
 */
export function assertAgentJson(answer: Answer, status: number, text: string | RegExp): void {
  assert.equal(answer.status, status, `status (body: ${answer.text})`);
  if (typeof text === 'string') assert.equal(answer.text, text);
  else assert.match(answer.text, text);
  assert.equal(answer.headers.get('content-type'), 'application/json');
}

/** The answer's body as JSON, after checking its status and that it is JSON. */
export function jsonOf<T>(answer: Answer, status: number): T {
  assertAgentJson(answer, status, /^[[{"0-9nt-]/);
  return JSON.parse(answer.text) as T;
}

export const userMessage = (text: string): object => ({ role: 'user', content: [{ type: 'text', text }] });

/** Points the stored LLM at the scripted LLM, with SCRIPTED_KEY (a PATCH diff: the rest stays). */
export async function storeScriptedLlm(client: Client, baseUrl: string): Promise<void> {
  const llm = { model: 'openai/gpt-4o', base_url: baseUrl, api_key: SCRIPTED_KEY, num_retries: 0 };
  const answer = await client.request('PATCH', '/api/settings', { body: JSON.stringify({ agent_settings_diff: { llm } }) });
  assert.equal(jsonOf<{ llm_api_key_is_set: boolean }>(answer, 200).llm_api_key_is_set, true);
}

/** The stored agent settings, their secrets as the server's encrypted tokens. */
export async function storedAgent(client: Client): Promise<Record<string, unknown>> {
  const answer = await client.get('/api/settings', { headers: { 'X-Expose-Secrets': 'encrypted' } });
  return jsonOf<{ agent_settings: Record<string, unknown> }>(answer, 200).agent_settings;
}

/**
 * Starts a conversation in `workingDir` with the stored agent (and `text` as its first message, if given; its LLM at
 * `llmBaseUrl` instead of the stored one, if given).
 */
export async function startFromStored(client: Client, workingDir: string, text?: string, llmBaseUrl?: string): Promise<AgentConversation> {
  const agent = await storedAgent(client);
  const body = {
    agent_settings: llmBaseUrl === undefined ? agent : { ...agent, llm: { ...(agent.llm as object), base_url: llmBaseUrl } },
    secrets_encrypted: true,
    workspace: { working_dir: workingDir },
    ...(text === undefined ? {} : { initial_message: userMessage(text) }),
  };
  return jsonOf<AgentConversation>(await client.post('/api/conversations', JSON.stringify(body)), 201);
}

export async function conversation(client: Client, id: string): Promise<AgentConversation> {
  return jsonOf<AgentConversation>(await client.get(`/api/conversations/${id}`), 200);
}

/** Polls the conversation until its state is `wanted`; fails at once on `error` or on a state in `never`. */
export function untilStatus(client: Client, id: string, wanted: string, never: readonly string[] = []): Promise<AgentConversation> {
  return until(wanted, RUN_LIMIT_MS, async () => {
    const found = await conversation(client, id);
    assert.ok(![...never, 'error', 'stuck'].includes(found.execution_status) || found.execution_status === wanted,
      `${found.execution_status} while waiting for ${wanted}`);
    return found.execution_status === wanted ? found : undefined;
  });
}

/** A folder of its own for a conversation's workspace (real path: the server compares resolved paths). */
export class Workspaces {
  private readonly made: string[] = [];

  /** A new folder; `missing`: its name only, for the server to create. */
  make(missing = false): string {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-line-')));
    this.made.push(root);
    return missing ? join(root, 'workspace') : root;
  }

  removeAll(): void {
    for (const dir of this.made.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}
