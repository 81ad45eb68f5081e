// Answers of the real OpenHands 1.11.0 (V1 API), as recorded on 2026-11-23 (test/support/fixtures/openhands/recorded and the V1
// transcript), and the settings text a save should read back as.
import assert from 'node:assert/strict';
import { type PyDict, type PyValue, dumpPyJson, parsePyJson } from '../support/standin/pyJson';
import { recorded } from '../support/standin/recorded';
import type { ApiLine } from './target';

export const LEGACY_KEYS = (...keys: string[]): string =>
  JSON.stringify({ error: 'Use *_diff nested settings payloads instead of legacy keys', keys });
export const STORE_FAILED = '{"error":"Something went wrong storing settings"}';

const AGENT = 'tagged-union[OpenHandsAgentSettings,LLMAgentSettings,ACPAgentSettings]';

/** pydantic 2.14's ValidationError text inside the 400 body. */
export function pydantic400(title: 'agent' | 'ConversationSettings' | 'Settings', loc: string, msg: string, type: string, input: string, inputType: string): string {
  const text =
    `1 validation error for ${title === 'agent' ? AGENT : title}\n${loc}\n  ${msg} [type=${type}, input_value=${input}, ` +
    `input_type=${inputType}]\n    For further information visit https://errors.pydantic.dev/2.14/v/${type}`;
  return JSON.stringify({ error: text });
}

/** The start task's request echo for an initial text message and nothing else (1.6.0's has two fields less). */
export const echoedRequest = (text: string, line: ApiLine = 'v1'): string => {
  const echo = v1EchoedRequest(text);
  return line === 'mixed' ? echo.replace('"agent_profile_id":null,', '').replace(',"secrets":null', '') : echo;
};

const v1EchoedRequest = (text: string): string =>
  '{"sandbox_id":null,"conversation_id":null,"initial_message":{"role":"user","content":[{"cache_prompt":false,"type":"text",' +
  `"text":${JSON.stringify(text)}}],"run":false},"system_message_suffix":null,"processors":null,"llm_model":null,` +
  '"agent_profile_id":null,"selected_repository":null,"selected_branch":null,"git_provider":null,"suggested_task":null,' +
  '"title":null,"trigger":null,"pr_number":[],"parent_conversation_id":null,"agent_type":"default","public":null,' +
  '"plugins":null,"secrets":null}';

export const START_TASK_STATUSES = ['WORKING', 'WAITING_FOR_SANDBOX', 'PREPARING_REPOSITORY', 'RUNNING_SETUP_SCRIPT', 'SETTING_UP_GIT_HOOKS',
  'SETTING_UP_SKILLS', 'STARTING_CONVERSATION', 'READY', 'ERROR'];

/** The conversation's fields in order; 1.6.0 does not have agent_kind, tags, acp_server, launched_agent_profile. */
export const conversationKeys = (line: ApiLine): string[] =>
  line === 'mixed' ? CONVERSATION_KEYS.filter((key) => !NOT_IN_MIXED.includes(key)) : CONVERSATION_KEYS;
const NOT_IN_MIXED = ['agent_kind', 'tags', 'acp_server', 'launched_agent_profile'];

const CONVERSATION_KEYS = ['id', 'created_by_user_id', 'sandbox_id', 'selected_repository', 'selected_branch', 'git_provider',
  'title', 'trigger', 'pr_number', 'llm_model', 'agent_kind', 'metrics', 'parent_conversation_id', 'sub_conversation_ids', 'public',
  'tags', 'created_at', 'updated_at', 'sandbox_status', 'execution_status', 'conversation_url', 'session_api_key', 'acp_server',
  'launched_agent_profile'];

/** The recorded file as the server sends it (compact, Python's float and key order). */
export const recordedAnswer = (name: string): string => dumpPyJson(recorded(name));

// agent_context.current_datetime is the time the settings were first made: masked before comparing.
const DATETIME = /"current_datetime":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z"/;
export const maskDatetime = (text: string): string => {
  assert.match(text, DATETIME);
  return text.replace(DATETIME, '"current_datetime":"<time>"');
};

type Changes = Record<string, PyValue>;

/** GET /api/v1/settings for the defaults with `changes` applied: dotted paths ('agent_settings.llm.model'). */
export function settingsText(changes: Changes): string {
  const tree = parsePyJson(dumpPyJson(recorded('settings-defaults-1.11.0.json'))) as PyDict;
  for (const [path, value] of Object.entries(changes)) {
    const parts = path.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = node.get(part) as PyDict;
    assert.ok(node.has(parts[parts.length - 1]), `not a settings field: ${path}`);
    node.set(parts[parts.length - 1], value);
  }
  return maskDatetime(dumpPyJson(tree));
}

interface OpenapiDoc { info: unknown; paths: Record<string, Record<string, unknown>> }

/**
 * The stand-in's openapi.json: the recorded document less the paths and operations it does not serve, the rest
 * unchanged, and listing at least `served`.
 */
export function assertOpenapiSubset(text: string, recordedText: string, served: readonly string[]): void {
  const [doc, full] = [JSON.parse(text) as OpenapiDoc, JSON.parse(recordedText) as OpenapiDoc];
  assert.deepEqual(doc.info, full.info);
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) assert.deepEqual(operation, full.paths[path]?.[method], `${method} ${path}`);
  }
  for (const path of served) assert.ok(path in doc.paths, `${path} listed`);
  assert.ok(Object.keys(doc.paths).length < Object.keys(full.paths).length, 'what is not served is left out');
}
