// JSON the way the real server's Python sees it. FastAPI decodes bodies with CPython's `json.loads` and answers
// with `json.dumps(..., ensure_ascii=False, allow_nan=False, separators=(",", ":"))`. JavaScript's JSON differs in
// ways a client can observe: Python keeps 5 and 5.0 apart (an int field accepts one and rejects 5.5, a 422 echoes
// `5.0`), accepts NaN/Infinity, keeps big integers exact, keeps object key order for integer-like keys, and reports
// decode errors with its own messages and code-point positions.

/** A Python float. Plain JS numbers in a parsed tree are Python ints. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A Python dict: insertion-ordered, a repeated key keeps its first position and takes the last value. */
export type PyDict = Map<string, PyValue>;
export type PyValue = null | boolean | number | bigint | PyFloat | string | PyValue[] | PyDict;

/** `json.JSONDecodeError`: `msg` is the bare message, `pos` the index in code points. */
export class JsonDecodeError extends Error {
  constructor(
    readonly msg: string,
    readonly pos: number,
  ) {
    super(`${msg}: char ${pos}`);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
const WS = new Set([' ', '\t', '\n', '\r']);
const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Parses like CPython's C scanner (`_json.c`), including its error messages and positions. */
export function parsePyJson(text: string): PyValue {
  const s = text;
  // Python indexes by code point, JavaScript by UTF-16 unit: convert only when reporting.
  const fail = (msg: string, at: number): never => {
    throw new JsonDecodeError(msg, Array.from(s.slice(0, at)).length);
  };
  // `raw_decode` turns a StopIteration at `at` into "Expecting value".
  const expectingValue = (at: number): never => fail('Expecting value', at);
  const skip = (i: number): number => {
    while (i < s.length && WS.has(s[i])) i++;
    return i;
  };

  function scanString(begin: number): [string, number] {
    // `begin` is the index just after the opening quote.
    let out = '';
    let i = begin;
    for (;;) {
      let j = i;
      while (j < s.length && s[j] !== '"' && s[j] !== '\\') {
        if (s.charCodeAt(j) <= 0x1f) fail('Invalid control character at', j);
        j++;
      }
      if (j >= s.length) fail('Unterminated string starting at', begin - 1);
      out += s.slice(i, j);
      if (s[j] === '"') return [out, j + 1];
      j++;
      if (j >= s.length) fail('Unterminated string starting at', begin - 1);
      const c = s[j];
      if (c !== 'u') {
        if (!(c in SIMPLE_ESCAPES)) fail('Invalid \\escape', j - 1);
        out += SIMPLE_ESCAPES[c];
        i = j + 1;
        continue;
      }
      let code = readHex4(j + 1, j);
      i = j + 5;
      // A high surrogate followed by an escaped low surrogate makes one code point, as in CPython.
      if (code >= 0xd800 && code <= 0xdbff && s[i] === '\\' && s[i + 1] === 'u') {
        const low = readHex4(i + 2, i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          i += 6;
        }
      }
      out += String.fromCodePoint(code);
    }
  }

  function readHex4(start: number, uAt: number): number {
    // CPython needs room for the closing quote after the four digits.
    if (start + 4 >= s.length) fail('Invalid \\uXXXX escape', uAt);
    const hex = s.slice(start, start + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Invalid \\uXXXX escape', uAt);
    return parseInt(hex, 16);
  }

  function scanNumber(start: number): [PyValue, number] {
    NUMBER.lastIndex = start;
    const m = NUMBER.exec(s);
    if (!m) return expectingValue(start);
    const lexeme = m[0];
    if (m[1] !== undefined || m[2] !== undefined) return [new PyFloat(Number(lexeme)), start + lexeme.length];
    const n = Number(lexeme);
    return [Number.isSafeInteger(n) ? (n === 0 ? 0 : n) : BigInt(lexeme), start + lexeme.length];
  }

  function scanValue(i: number): [PyValue, number] {
    if (i >= s.length) return expectingValue(i);
    const c = s[i];
    if (c === '"') return scanString(i + 1);
    if (c === '{') return scanObject(i + 1);
    if (c === '[') return scanArray(i + 1);
    const words: [string, PyValue][] = [
      ['null', null],
      ['true', true],
      ['false', false],
      ['NaN', new PyFloat(NaN)],
      ['Infinity', new PyFloat(Infinity)],
      ['-Infinity', new PyFloat(-Infinity)],
    ];
    for (const [word, value] of words) if (s.startsWith(word, i)) return [value, i + word.length];
    return scanNumber(i);
  }

  function scanObject(start: number): [PyDict, number] {
    const obj: PyDict = new Map();
    let i = skip(start);
    if (s[i] === '}') return [obj, i + 1];
    for (;;) {
      if (s[i] !== '"') fail('Expecting property name enclosed in double quotes', i);
      const [key, afterKey] = scanString(i + 1);
      i = skip(afterKey);
      if (s[i] !== ':') fail("Expecting ':' delimiter", i);
      const [value, afterValue] = scanValue(skip(i + 1));
      obj.set(key, value);
      i = skip(afterValue);
      if (s[i] === '}') return [obj, i + 1];
      if (s[i] !== ',') fail("Expecting ',' delimiter", i);
      i = skip(i + 1);
    }
  }

  function scanArray(start: number): [PyValue[], number] {
    const arr: PyValue[] = [];
    let i = skip(start);
    if (s[i] === ']') return [arr, i + 1];
    for (;;) {
      const [value, after] = scanValue(i);
      arr.push(value);
      i = skip(after);
      if (s[i] === ']') return [arr, i + 1];
      if (s[i] !== ',') fail("Expecting ',' delimiter", i);
      i = skip(i + 1);
    }
  }

  const [value, end] = scanValue(skip(0));
  const rest = skip(end);
  if (rest !== s.length) fail('Extra data', rest);
  return value;
}

/** Raised where CPython's encoder would fail: NaN/inf with allow_nan=False, or a lone surrogate on UTF-8 encoding. */
export class UnencodableError extends Error {}

/** `repr(float)`: shortest round-trip digits, fixed notation for exponents -4..15, else `1e+16` / `1.5e-07`. */
export function formatPyFloat(x: number): string {
  if (!Number.isFinite(x)) throw new UnencodableError(`Out of range float values are not JSON compliant: ${x}`);
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, expText] = Math.abs(x).toExponential().split('e');
  const exp = Number(expText);
  const digits = mantissa.replace('.', '');
  const sign = x < 0 ? '-' : '';
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    const whole = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    const frac = digits.slice(exp + 1);
    return `${sign}${whole}.${frac || '0'}`;
  }
  const expSign = exp < 0 ? '-' : '+';
  return `${sign}${mantissa}e${expSign}${String(Math.abs(exp)).padStart(2, '0')}`;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when any string or key in plain data holds a lone surrogate, which Python cannot encode to UTF-8. */
export function containsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(containsLoneSurrogate);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => LONE_SURROGATE.test(k) || containsLoneSurrogate(v));
  }
  return false;
}

function dumpString(s: string): string {
  if (LONE_SURROGATE.test(s)) throw new UnencodableError('surrogates not allowed');
  return (
    '"' +
    s.replace(/[\x00-\x1f"\\]/g, (c) => {
      const short: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
      return short[c] ?? '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');
    }) +
    '"'
  );
}

/**
 * Serializes like the real server's JSONResponse. Accepts parsed trees (Map, PyFloat, bigint) and plain objects,
 * where a plain number is printed as a Python int would be (use PyFloat for float fields).
 */
export function dumpPyJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string') return dumpString(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : formatPyFloat(value);
  if (value instanceof PyFloat) return formatPyFloat(value.value);
  if (Array.isArray(value)) return '[' + value.map(dumpPyJson).join(',') + ']';
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object);
  return '{' + entries.map(([k, v]) => dumpString(String(k)) + ':' + dumpPyJson(v)).join(',') + '}';
}

/** A deep copy of a parsed tree (structuredClone would turn PyFloats into plain objects). */
export const clonePy = (value: PyValue): PyValue => parsePyJson(dumpPyJson(value));
