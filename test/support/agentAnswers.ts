// Answers of a real openhands-agent-server 1.58.2, as recorded on this kind of machine (trimmed to what the client
// reads), and a loopback server that answers with them: the starting point of the agent line's tests.
import type * as http from 'node:http';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

/** What the server writes for a stored secret (and stores as the key when it is sent back). */
export const MASK = '**********';

/** GET /api/settings after a PATCH of model, base URL and key: the key masked, or a Fernet token when exposed. */
export function agentSettingsAnswer(key: string | null = MASK): Record<string, unknown> {
  return {
    agent_settings: {
      schema_version: 9, agent_kind: 'openhands', agent: 'CodeActAgent',
      llm: {
        model: 'openai/scripted', api_key: key, base_url: 'http://127.0.0.1:9/v1', aws_secret_access_key: null,
        num_retries: 5, temperature: null, stream: false, usage_id: 'default',
      },
      mcp_config: {},
      agent_context: { skills: [], system_message_suffix: null, load_user_skills: false },
      condenser: { condenser_kind: 'llm_summarizing', enabled: true, max_size: 240 },
      verification: { critic_enabled: false, critic_api_key: null },
    },
    conversation_settings: {
      schema_version: 1, max_iterations: 500, confirmation_mode: false, security_analyzer: 'llm', default_runtime: 'local',
      worktree_base: 'default_branch',
    },
    llm_api_key_is_set: key !== null, active_profile: null, active_agent_profile_id: null, active_meta_profile: null, misc_settings: {},
  };
}

/** A ConversationInfo as a start, a search page and an `?ids=` read give it. */
export function conversationInfo(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id, workspace: { working_dir: `/home/u/.openhands/workspaces/${id}`, kind: 'LocalWorkspace' },
    persistence_dir: `workspace/conversations/${id.replace(/-/g, '')}`, max_iterations: 500, stuck_detection: true,
    execution_status: 'idle', confirmation_policy: { kind: 'NeverConfirm' }, title: null, metrics: null,
    created_at: '2026-12-02T05:24:51.318980Z', updated_at: '2026-12-02T05:24:51.318987Z', tags: {}, agent: { kind: 'Agent' },
    ...extra,
  };
}

export interface Exchange {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
}

export type AgentHandler = (exchange: Exchange) => { status: number; body: unknown };

/** A loopback server answering each request with `handler`, keeping every exchange in order. */
export async function agentLoopback(handler: AgentHandler): Promise<{ server: LoopbackServer; exchanges: Exchange[] }> {
  const exchanges: Exchange[] = [];
  const server = await startLoopbackServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    req.on('end', () => {
      const exchange = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text ? bodyOf(text, req.headers['content-type']) : undefined };
      exchanges.push(exchange);
      const answer = handler(exchange);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  return { server, exchanges };
}

/** A JSON body parsed; any other (a multipart upload) as its text. */
function bodyOf(text: string, contentType: string | undefined): unknown {
  return contentType?.startsWith('application/json') ? JSON.parse(text) as unknown : text;
}
