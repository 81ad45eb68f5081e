// Shared by the contract server's tests: one server per suite on a free loopback port, reset before each test,
// and raw requests through global fetch so the exact bytes of every answer can be compared.
import { after, before, beforeEach } from 'node:test';
import { ContractServer, ContractServerOptions, startContractServer } from './contractServer';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export interface CallOptions {
  /** Sent as bytes; a string is UTF-8 encoded. */
  body?: string | Buffer;
  /** Content-Type; defaults to application/json when there is a body, null sends none. */
  type?: string | null;
  headers?: Record<string, string>;
}

export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const type = options.type === undefined ? 'application/json' : options.type;
  if (options.body !== undefined && type !== null) headers['content-type'] = type;
  // Bytes, not a string: fetch adds no Content-Type of its own to a Uint8Array body.
  const body = options.body === undefined ? undefined : new Uint8Array(Buffer.from(options.body));
  const response = await fetch(base + path, { method, headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** POSTs a JSON text (not an object: tests control the exact bytes, e.g. `5.0` versus `5`). */
export const post = (base: string, path: string, body: string, headers?: Record<string, string>): Promise<Answer> =>
  call(base, 'POST', path, { body, headers });

export const get = (base: string, path: string, headers?: Record<string, string>): Promise<Answer> =>
  call(base, 'GET', path, { headers });

/** Starts a server for the enclosing suite and resets it before each test. */
export function serve(options: ContractServerOptions = {}): { readonly server: ContractServer; readonly url: string } {
  let server: ContractServer | undefined;
  before(async () => {
    server = await startContractServer({ host: '127.0.0.1', ...options });
  });
  after(async () => {
    await server?.close();
  });
  beforeEach(() => server?.reset());
  return {
    get server() {
      if (!server) throw new Error('the suite server is not started yet');
      return server;
    },
    get url() {
      return this.server.url;
    },
  };
}

/** The GET body for settings stored from an empty POST, with `changes` applied: field order is the model's. */
export function settingsBody(changes: Record<string, unknown> = {}): string {
  const body: Record<string, unknown> = {
    language: null,
    agent: null,
    max_iterations: null,
    security_analyzer: null,
    confirmation_mode: null,
    llm_model: null,
    llm_api_key: null,
    llm_base_url: null,
    remote_runtime_resource_factor: null,
    secrets_store: { provider_tokens: {} },
    enable_default_condenser: true,
    enable_sound_notifications: false,
    enable_proactive_conversation_starters: true,
    enable_solvability_analysis: true,
    user_consents_to_analytics: null,
    sandbox_base_container_image: null,
    sandbox_runtime_container_image: null,
    mcp_config: null,
    search_api_key: null,
    sandbox_api_key: null,
    max_budget_per_task: null,
    email: null,
    email_verified: null,
    git_user_name: null,
    git_user_email: null,
    provider_tokens_set: {},
    llm_api_key_set: false,
    search_api_key_set: false,
  };
  for (const [key, value] of Object.entries(changes)) {
    if (!(key in body)) throw new Error(`not a GET settings field: ${key}`);
    body[key] = value;
  }
  return JSON.stringify(body);
}
