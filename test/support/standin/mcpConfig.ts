// MCPConfig of OpenHands 0.54.0 (openhands/core/config/mcp_config.py): the URL, name, command, args and env rules
// with their exact messages, and the spots where the real validators crash (HTTP 500) instead of reporting.
// 1.6.0's settings add a timeout to SHTTP servers (mcpConfigWithTimeout).
import { type PyDict, type PyValue } from './pyJson';
import { PyValueError, pyStrip, pyUrlSplit, shlexSplit } from './pyText';
import { type Field, ServerCrash, after, before, dictOf, int, isDict, listOf, model, nullable, pyTruthy, pyTypeName, requireStr, str } from './validators';

function checkUrl(url: string): string {
  if (!pyStrip(url)) throw new PyValueError('URL cannot be empty');
  const stripped = pyStrip(url);
  const { scheme, netloc } = pyUrlSplit(stripped);
  if (!scheme) throw new PyValueError('URL must include a scheme (http:// or https://)');
  if (!netloc) throw new PyValueError('URL must include a valid domain/host');
  if (!['http', 'https', 'ws', 'wss'].includes(scheme)) throw new PyValueError('URL scheme must be http, https, ws, or wss');
  return stripped; // stored stripped
}

function checkName(input: PyValue): PyValue {
  const name = pyStrip(requireStr(input, 'strip'));
  if (!name) throw new PyValueError('Server name cannot be empty');
  if (!/^[a-zA-Z0-9_-]+$/.test(name)) {
    throw new PyValueError('Server name can only contain letters, numbers, hyphens, and underscores');
  }
  return name;
}

function checkCommand(input: PyValue): PyValue {
  const command = pyStrip(requireStr(input, 'strip'));
  if (!command) throw new PyValueError('Command cannot be empty');
  if (command.includes(' ')) {
    throw new PyValueError('Command should be a single executable without spaces (use arguments field for parameters)');
  }
  return command;
}

function parseArgs(input: PyValue): PyValue {
  if (typeof input !== 'string') return pyTruthy(input) ? input : [];
  if (!pyStrip(input)) return [];
  try {
    return shlexSplit(pyStrip(input));
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new PyValueError(
      `Invalid argument format: ${reason}. Use shell-like format, e.g., "arg1 arg2" or '--config "value with spaces"'`,
    );
  }
}

// "A=1, B=x=y": pairs split on commas, key and pair stripped, value kept as written after the first '='.
function parseEnv(input: PyValue): PyValue {
  if (typeof input !== 'string') return pyTruthy(input) ? input : new Map();
  const env: PyDict = new Map();
  for (const raw of input.split(',')) {
    const pair = pyStrip(raw);
    if (!pair) continue;
    const eq = pair.indexOf('=');
    if (eq < 0) throw new PyValueError(`Environment variable '${pair}' must be in KEY=VALUE format`);
    const key = pyStrip(pair.slice(0, eq));
    if (!key) throw new PyValueError('Environment variable key cannot be empty');
    if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(key)) {
      throw new PyValueError(
        `Invalid environment variable name '${key}'. Must start with letter or underscore, contain only alphanumeric characters and underscores`,
      );
    }
    env.set(key, pair.slice(eq + 1));
  }
  return env;
}

// MCPConfig's `mode='before'` model validator iterates these lists: a string is iterated by character and a dict
// by key (each becoming a URL), while None or a number raises TypeError.
function normalizeServers(value: PyValue): PyValue[] {
  const items = typeof value === 'string' ? Array.from(value) : isDict(value) ? [...value.keys()] : value;
  if (!Array.isArray(items)) throw new ServerCrash(`'${pyTypeName(value)}' object is not iterable`);
  return items.map((item) => (typeof item === 'string' ? new Map([['url', item]]) : item));
}

const sseServer = model({
  extra: 'ignore',
  fields: {
    url: { validate: after(str, checkUrl) }, // mode='after': a non-string url is a plain string_type error
    api_key: { validate: nullable(str), default: () => null },
  },
});

// 1.6.0: seconds for a tool call, 1-3600 (validate_timeout, mode='after').
function checkTimeout(value: number | bigint | null): number | bigint | null {
  if (value === null) return value;
  if (value <= 0) throw new PyValueError('Timeout must be positive');
  if (value > 3600) throw new PyValueError('Timeout cannot exceed 3600 seconds');
  return value;
}
const timeout: Field = { validate: after(nullable(int), checkTimeout), default: () => 60 };

const shttpServer = (withTimeout: boolean) =>
  model({
    extra: 'ignore',
    fields: {
      // mode='before': the validator calls .strip() on whatever it gets, so a non-string url crashes.
      url: { validate: before((v) => checkUrl(requireStr(v, 'strip')), str) },
      api_key: { validate: nullable(str), default: () => null },
      ...(withTimeout ? { timeout } : {}),
    },
  });

const stdioServer = model({
  extra: 'ignore',
  fields: {
    name: { validate: before(checkName, str) },
    command: { validate: before(checkCommand, str) },
    args: { validate: before(parseArgs, listOf(str)), default: () => [] },
    env: { validate: before(parseEnv, dictOf(str)), default: () => ({}) },
  },
});

const mcpModel = (shttpTimeout: boolean) =>
  model({
    extra: 'forbid',
    before: (data) => {
      const normalized = new Map(data);
      for (const key of ['sse_servers', 'shttp_servers']) {
        if (normalized.has(key)) normalized.set(key, normalizeServers(normalized.get(key) as PyValue));
      }
      return normalized;
    },
    fields: {
      sse_servers: { validate: listOf(sseServer), default: () => [] },
      stdio_servers: { validate: listOf(stdioServer), default: () => [] },
      shttp_servers: { validate: listOf(shttpServer(shttpTimeout)), default: () => [] },
    },
  });

export const mcpConfig = mcpModel(false);
export const mcpConfigWithTimeout = mcpModel(true);
