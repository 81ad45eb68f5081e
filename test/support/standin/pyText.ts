// The few Python standard-library string behaviours the real validators rely on: str.strip/isspace, shlex.split
// and urllib.parse.urlsplit. Each raises PyValueError with the message CPython would use, because those
// messages reach the client inside 422 bodies.
import { isIPv4, isIPv6 } from 'node:net';

export class PyValueError extends Error {}

// Python's str.isspace() set: differs from JS trim() (\x1c-\x1f and \x85 are spaces, \ufeff is not).
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
// Unicode White_Space, what Rust's str::trim() removes: pydantic-core trims numbers in strings with it.
const RUST_SPACE = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const edges = (space: string) => new RegExp(`^[${space}]+|[${space}]+$`, 'g');
const PY_STRIP = edges(PY_SPACE);
const RUST_TRIM = edges(RUST_SPACE);
const PY_ALL_SPACE = new RegExp(`^[${PY_SPACE}]+$`);

export const pyStrip = (s: string): string => s.replace(PY_STRIP, '');
export const rustTrim = (s: string): string => s.replace(RUST_TRIM, '');
export const pyIsSpace = (s: string): boolean => PY_ALL_SPACE.test(s);

/** `shlex.split(s)`: POSIX rules, no comments. */
export function shlexSplit(s: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false; // a quoted empty string still makes a word
  let quote: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote === "'") {
      if (c === quote) quote = null;
      else word += c;
    } else if (c === '\\' && quote === '"') {
      if (i + 1 >= s.length) throw new PyValueError('No escaped character');
      const next = s[++i];
      // Inside double quotes a backslash only escapes `"` and `\`.
      word += next === '"' || next === '\\' ? next : '\\' + next;
    } else if (quote === '"') {
      if (c === quote) quote = null;
      else word += c;
    } else if (c === '\\') {
      if (i + 1 >= s.length) throw new PyValueError('No escaped character');
      word += s[++i];
      inWord = true;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== null) throw new PyValueError('No closing quotation');
  if (inWord) words.push(word);
  return words;
}

/** `repr(str)`: single quotes unless the text holds one and no double quote. */
export function pyRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  return q + s.replace(/\\/g, '\\\\').replace(new RegExp(q, 'g'), '\\' + q) + q;
}

// CPython 3.12.10's _check_bracketed_netloc (the CVE-2025-0938 fix): brackets only around the whole host.
function checkBracketedNetloc(netloc: string): void {
  const hostAndPort = netloc.slice(netloc.lastIndexOf('@') + 1);
  const open = hostAndPort.indexOf('[');
  let host: string;
  if (open >= 0) {
    if (open > 0) throw new PyValueError('Invalid IPv6 URL');
    const bracketed = hostAndPort.slice(open + 1);
    const close = bracketed.indexOf(']');
    host = close < 0 ? bracketed : bracketed.slice(0, close);
    const port = close < 0 ? '' : bracketed.slice(close + 1);
    if (port && !port.startsWith(':')) throw new PyValueError('Invalid IPv6 URL');
  } else {
    host = hostAndPort.split(':')[0]; // brackets only in the userinfo: the plain host is checked as an address
  }
  if (host.startsWith('v')) {
    if (!/^v[a-fA-F0-9]+\..+$/s.test(host)) throw new PyValueError('IPvFuture address is invalid');
  } else if (isIPv4(host)) {
    throw new PyValueError('An IPv4 address cannot be in brackets');
  } else if (!isIPv6(host)) {
    throw new PyValueError(`${pyRepr(host)} does not appear to be an IPv4 or IPv6 address`);
  }
}

/** The scheme and netloc `urllib.parse.urlsplit` finds, with its ValueErrors. */
export function pyUrlSplit(input: string): { scheme: string; netloc: string } {
  // urlsplit drops leading C0 controls and spaces, and every tab/CR/LF.
  let url = input.replace(/^[\x00-\x20]+/, '').replace(/[\t\r\n]/g, '');
  let scheme = '';
  const colon = url.indexOf(':');
  if (colon > 0 && /^[a-zA-Z][a-zA-Z0-9+\-.]*$/.test(url.slice(0, colon))) {
    scheme = url.slice(0, colon).toLowerCase();
    url = url.slice(colon + 1);
  }
  let netloc = '';
  if (url.startsWith('//')) {
    const rest = url.slice(2);
    const end = rest.search(/[/?#]/);
    netloc = end < 0 ? rest : rest.slice(0, end);
    if (netloc.includes('[') !== netloc.includes(']')) throw new PyValueError('Invalid IPv6 URL');
    if (netloc.includes('[')) checkBracketedNetloc(netloc);
  }
  checkNfkcNetloc(netloc);
  return { scheme, netloc };
}

// CPython rejects a non-ASCII netloc whose NFKC form would smuggle in URL delimiters.
function checkNfkcNetloc(netloc: string): void {
  if (!netloc || /^[\x00-\x7f]*$/.test(netloc)) return;
  const n = netloc.replace(/[@:#?]/g, '');
  const normalized = n.normalize('NFKC');
  if (n === normalized) return;
  if (/[/?#@:]/.test(normalized)) {
    throw new PyValueError(`netloc '${netloc}' contains invalid characters under NFKC normalization`);
  }
}
