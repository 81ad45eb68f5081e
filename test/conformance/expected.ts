// Answers of the real OpenHands 0.54.0, as recorded in OBSERVED.md (and 1.6.0's settings body, OBSERVED-V1.md §8),
// and checks shared by the suites.
import assert from 'node:assert/strict';
import type { Answer, ApiLine } from './target';

export const NO_CACHE = 'no-cache, no-store, must-revalidate, max-age=0';

export const UNAUTHORIZED = '{"detail":"Unauthorized"}';
export const SETTINGS_NOT_FOUND = '{"error":"Settings not found"}';
export const SETTINGS_STORED = '{"message":"Settings stored"}';
export const CONVERSATION_SETTINGS_NOT_FOUND =
  '{"status":"error","message":"Settings not found","msg_id":"CONFIGURATION$SETTINGS_NOT_FOUND"}';
export const LLM_AUTHENTICATION =
  '{"status":"error","message":"Error authenticating with the LLM provider. Please check your API key","msg_id":"STATUS$ERROR_LLM_AUTHENTICATION"}';
export const INTERNAL_ERROR = 'Internal Server Error';
export const TOO_MANY_REQUESTS = '{"message":"Too many requests"}';
export const CONVERSATION_STARTED = /^\{"status":"ok","conversation_id":"[0-9a-f]{32}","message":null,"conversation_status":"STARTING"\}$/;

/** The GET /api/settings body, in the server's key order: the 25 Settings fields, then the three GET-only ones. */
const SETTINGS_DEFAULTS = {
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

/** 1.6.0 (the mixed line) has five fields more, each right after the one named first here. */
const MIXED_FIELDS: [after: string, name: string, value: unknown][] = [
  ['llm_base_url', 'user_version', null],
  ['mcp_config', 'disabled_skills', null],
  ['max_budget_per_task', 'condenser_max_size', null],
  ['git_user_email', 'v1_enabled', true],
  ['v1_enabled', 'sandbox_grouping_strategy', 'NO_GROUPING'],
];

function withMixedFields(v0: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const add = (name: string, value: unknown): void => {
    out[name] = value;
    for (const [after, extra, initial] of MIXED_FIELDS) if (after === name) add(extra, initial);
  };
  for (const [name, value] of Object.entries(v0)) add(name, value);
  return out;
}

const DEFAULTS: Record<'v0' | 'mixed', Record<string, unknown>> = { v0: SETTINGS_DEFAULTS, mixed: withMixedFields(SETTINGS_DEFAULTS) };

export type SettingsBody = Record<string, unknown>;

/** The exact GET /api/settings text of a line for these values (key order kept, compact like the server's JSON). */
export function settingsText(values: SettingsBody, line: ApiLine = 'v0'): string {
  const defaults = DEFAULTS[line === 'mixed' ? 'mixed' : 'v0'];
  for (const key of Object.keys(values)) assert.ok(key in defaults, `not a settings field: ${key}`);
  return JSON.stringify({ ...defaults, ...values });
}

/** One FastAPI validation error entry, with its keys in the server's order. */
export function detail(type: string, loc: (string | number)[], msg: string, input: unknown, ctx?: unknown): object {
  return ctx === undefined ? { type, loc, msg, input } : { type, loc, msg, input, ctx };
}

/** The 422 text for these entries. */
export const unprocessable = (...entries: object[]): string => JSON.stringify({ detail: entries });

/** A pydantic `value_error` raised by a validator: its `ctx.error` is the exception, encoded as `{}`. */
export const valueError = (loc: (string | number)[], message: string, input: unknown): object =>
  detail('value_error', loc, `Value error, ${message}`, input, { error: {} });

/** Status, exact body, and the headers every routed JSON answer carries. */
export function assertJson(answer: Answer, status: number, text: string | RegExp): void {
  assert.equal(answer.status, status, `status (body: ${answer.text})`);
  if (typeof text === 'string') assert.equal(answer.text, text);
  else assert.match(answer.text, text);
  assert.equal(answer.headers.get('content-type'), 'application/json');
  assert.equal(answer.headers.get('cache-control'), NO_CACHE);
  assert.equal(answer.headers.get('pragma'), 'no-cache');
  assert.equal(answer.headers.get('expires'), '0');
}

/** An unhandled exception: Starlette's plain-text 500, without the no-cache headers. */
export function assertInternalError(answer: Answer): void {
  assert.equal(answer.status, 500, `status (body: ${answer.text})`);
  assert.equal(answer.text, INTERNAL_ERROR);
  assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.equal(answer.headers.get('cache-control'), null);
}
