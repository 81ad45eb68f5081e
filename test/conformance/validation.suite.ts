// POST /api/settings bodies the server refuses: FastAPI's 422 {"detail":[...]} with pydantic's exact texts, and
// the few inputs that crash a validator and give a plain 500 (OBSERVED.md §5). None of them changes what is stored.
// The mixed line (1.6.0) names its secrets model Secrets, and refuses bad values of its own fields too.
import { describe, it } from 'node:test';
import { assertInternalError, assertJson, detail, unprocessable, valueError } from './expected';
import type { ApiLine, Client, RequestOptions } from './target';

interface Refused {
  name: string;
  body: string | undefined;
  /** The 422 entries; undefined = a 500. */
  errors?: object[];
  options?: RequestOptions;
}

const BODY: (string | number)[] = ['body'];
const MCP = (...rest: (string | number)[]): (string | number)[] => ['body', 'mcp_config', ...rest];
const NOT_AN_OBJECT = 'Input should be a valid dictionary or object to extract fields from';
const BOOLEANS = ['enable_default_condenser', 'enable_sound_notifications', 'enable_proactive_conversation_starters', 'enable_solvability_analysis'];

const settingsRefused = (line: ApiLine): Refused[] => [
  { name: 'max_iterations "abc"', body: '{"max_iterations":"abc"}', errors: [detail('int_parsing', ['body', 'max_iterations'], 'Input should be a valid integer, unable to parse string as an integer', 'abc')] },
  { name: 'max_iterations 5.5', body: '{"max_iterations":5.5}', errors: [detail('int_from_float', ['body', 'max_iterations'], 'Input should be a valid integer, got a number with a fractional part', 5.5)] },
  { name: 'remote_runtime_resource_factor 2.5', body: '{"remote_runtime_resource_factor":2.5}', errors: [detail('int_from_float', ['body', 'remote_runtime_resource_factor'], 'Input should be a valid integer, got a number with a fractional part', 2.5)] },
  { name: 'language 5', body: '{"language":5}', errors: [detail('string_type', ['body', 'language'], 'Input should be a valid string', 5)] },
  { name: 'llm_api_key 123', body: '{"llm_api_key":123}', errors: [detail('string_type', ['body', 'llm_api_key'], 'Input should be a valid string', 123)] },
  { name: 'confirmation_mode "maybe"', body: '{"confirmation_mode":"maybe"}', errors: [detail('bool_parsing', ['body', 'confirmation_mode'], 'Input should be a valid boolean, unable to interpret input', 'maybe')] },
  {
    name: 'the four booleans null, in field order',
    body: '{"enable_solvability_analysis":null,"enable_proactive_conversation_starters":null,"enable_sound_notifications":null,"enable_default_condenser":null}',
    errors: BOOLEANS.map((field) => detail('bool_type', ['body', field], 'Input should be a valid boolean', null)),
  },
  {
    name: 'several errors: listed in model field order, not request order',
    body: '{"max_iterations":"x","language":1,"email_verified":"nope"}',
    errors: [
      detail('string_type', ['body', 'language'], 'Input should be a valid string', 1),
      detail('int_parsing', ['body', 'max_iterations'], 'Input should be a valid integer, unable to parse string as an integer', 'x'),
      detail('bool_parsing', ['body', 'email_verified'], 'Input should be a valid boolean, unable to interpret input', 'nope'),
    ],
  },
  { name: 'max_budget_per_task "abc"', body: '{"max_budget_per_task":"abc"}', errors: [detail('float_parsing', ['body', 'max_budget_per_task'], 'Input should be a valid number, unable to parse string as a number', 'abc')] },
  { name: 'secrets_store null', body: '{"secrets_store":null}', errors: [valueError(['body', 'secrets_store'], `${secretsModel(line)} must be initialized with a dictionary`, null)] },
  { name: 'secrets_store "x"', body: '{"secrets_store":"x"}', errors: [valueError(['body', 'secrets_store'], `${secretsModel(line)} must be initialized with a dictionary`, 'x')] },
  { name: 'an array body', body: '[]', errors: [detail('model_attributes_type', BODY, NOT_AN_OBJECT, [])] },
  { name: 'a string body', body: '"x"', errors: [detail('model_attributes_type', BODY, NOT_AN_OBJECT, 'x')] },
  { name: 'a null body', body: 'null', errors: [detail('missing', BODY, 'Field required', null)] },
  { name: 'an empty body', body: '', errors: [detail('missing', BODY, 'Field required', null)] },
  { name: 'no body and no Content-Type', body: undefined, errors: [detail('missing', BODY, 'Field required', null)], options: { type: null } },
  { name: 'JSON sent as text/plain', body: '{"language":"en"}', errors: [detail('model_attributes_type', BODY, NOT_AN_OBJECT, '{"language":"en"}')], options: { type: 'text/plain' } },
  { name: 'malformed JSON', body: '{"language": }', errors: [detail('json_invalid', ['body', 13], 'JSON decode error', {}, { error: 'Expecting value' })] },
  { name: 'a trailing comma', body: '{"language":"en",}', errors: [detail('json_invalid', ['body', 17], 'JSON decode error', {}, { error: 'Expecting property name enclosed in double quotes' })] },
  // mcp_config
  { name: 'MCP url without scheme', body: '{"mcp_config":{"sse_servers":[{"url":"a.b/sse"}]}}', errors: [valueError(MCP('sse_servers', 0, 'url'), 'URL must include a scheme (http:// or https://)', 'a.b/sse')] },
  { name: 'MCP url ftp:// (string entry)', body: '{"mcp_config":{"sse_servers":["ftp://a.b"]}}', errors: [valueError(MCP('sse_servers', 0, 'url'), 'URL scheme must be http, https, ws, or wss', 'ftp://a.b')] },
  { name: 'MCP url blank', body: '{"mcp_config":{"shttp_servers":[{"url":"  "}]}}', errors: [valueError(MCP('shttp_servers', 0, 'url'), 'URL cannot be empty', '  ')] },
  { name: 'MCP url http:// without host', body: '{"mcp_config":{"sse_servers":[{"url":"http://"}]}}', errors: [valueError(MCP('sse_servers', 0, 'url'), 'URL must include a valid domain/host', 'http://')] },
  { name: 'unknown key in mcp_config', body: '{"mcp_config":{"foo":1}}', errors: [detail('extra_forbidden', MCP('foo'), 'Extra inputs are not permitted', 1)] },
  { name: 'stdio name with a space', body: '{"mcp_config":{"stdio_servers":[{"name":"my server","command":"npx"}]}}', errors: [valueError(MCP('stdio_servers', 0, 'name'), 'Server name can only contain letters, numbers, hyphens, and underscores', 'my server')] },
  { name: 'stdio name blank', body: '{"mcp_config":{"stdio_servers":[{"name":" ","command":"npx"}]}}', errors: [valueError(MCP('stdio_servers', 0, 'name'), 'Server name cannot be empty', ' ')] },
  { name: 'stdio command with a space', body: '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx -y"}]}}', errors: [valueError(MCP('stdio_servers', 0, 'command'), 'Command should be a single executable without spaces (use arguments field for parameters)', 'npx -y')] },
  {
    name: 'stdio args with an unbalanced quote',
    body: '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx","args":"-y \\"x"}]}}',
    errors: [valueError(MCP('stdio_servers', 0, 'args'), 'Invalid argument format: No closing quotation. Use shell-like format, e.g., "arg1 arg2" or \'--config "value with spaces"\'', '-y "x')],
  },
  {
    name: 'stdio env name 1A',
    body: '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx","env":"1A=1"}]}}',
    errors: [valueError(MCP('stdio_servers', 0, 'env'), "Invalid environment variable name '1A'. Must start with letter or underscore, contain only alphanumeric characters and underscores", '1A=1')],
  },
  { name: 'stdio env without =', body: '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx","env":"X"}]}}', errors: [valueError(MCP('stdio_servers', 0, 'env'), "Environment variable 'X' must be in KEY=VALUE format", 'X')] },
  { name: 'stdio env value not a string', body: '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx","env":{"A":1}}]}}', errors: [detail('string_type', MCP('stdio_servers', 0, 'env', 'A'), 'Input should be a valid string', 1)] },
  { name: 'stdio without command', body: '{"mcp_config":{"stdio_servers":[{"name":"a"}]}}', errors: [detail('missing', MCP('stdio_servers', 0, 'command'), 'Field required', { name: 'a' })] },
  { name: 'sse url 5', body: '{"mcp_config":{"sse_servers":[{"url":5}]}}', errors: [detail('string_type', MCP('sse_servers', 0, 'url'), 'Input should be a valid string', 5)] },
  { name: 'stdio name 5 (crashes the validator)', body: '{"mcp_config":{"stdio_servers":[{"name":5,"command":"npx"}]}}' },
  { name: 'shttp url 5 (crashes the validator)', body: '{"mcp_config":{"shttp_servers":[{"url":5}]}}' },
  { name: 'sse_servers null (crashes the validator)', body: '{"mcp_config":{"sse_servers":null}}' },
  ...(line === 'mixed' ? MIXED_REFUSED : []),
];

const secretsModel = (line: ApiLine): string => (line === 'mixed' ? 'Secrets' : 'UserSecrets');
const GROUPING = "'NO_GROUPING', 'GROUP_BY_NEWEST', 'LEAST_RECENTLY_USED', 'FEWEST_CONVERSATIONS' or 'ADD_TO_ANY'";

/** 1.6.0's own fields. */
const MIXED_REFUSED: Refused[] = [
  { name: 'condenser_max_size 10', body: '{"condenser_max_size":10}', errors: [valueError(['body', 'condenser_max_size'], 'condenser_max_size must be at least 20', 10)] },
  { name: 'sandbox_grouping_strategy "x"', body: '{"sandbox_grouping_strategy":"x"}', errors: [detail('enum', ['body', 'sandbox_grouping_strategy'], `Input should be ${GROUPING}`, 'x', { expected: GROUPING })] },
  { name: 'disabled_skills "x"', body: '{"disabled_skills":"x"}', errors: [detail('list_type', ['body', 'disabled_skills'], 'Input should be a valid list', 'x')] },
  {
    name: 'user_version "x" and v1_enabled null',
    body: '{"user_version":"x","v1_enabled":null}',
    errors: [
      detail('int_parsing', ['body', 'user_version'], 'Input should be a valid integer, unable to parse string as an integer', 'x'),
      detail('bool_type', ['body', 'v1_enabled'], 'Input should be a valid boolean', null),
    ],
  },
  { name: 'shttp timeout 0', body: '{"mcp_config":{"shttp_servers":[{"url":"http://a.b","timeout":0}]}}', errors: [valueError(MCP('shttp_servers', 0, 'timeout'), 'Timeout must be positive', 0)] },
];

export function validationSuite(client: Client): void {
  describe('POST /api/settings refused', () => {
    for (const refused of settingsRefused(client.target.api)) {
      const expect = refused.errors ? `422 ${refused.errors.map((e) => (e as { type: string }).type).join(', ')}` : '500';
      it(`${refused.name}: ${expect}`, async () => {
        const options: RequestOptions = { ...refused.options, ...(refused.body === undefined ? {} : { body: refused.body }) };
        const answer = await client.request('POST', '/api/settings', options);
        if (refused.errors) assertJson(answer, 422, unprocessable(...refused.errors));
        else assertInternalError(answer);
      });
    }
  });
}
