// Removes secrets from anything on its way to a log or a message: the values of keys this session has seen,
// secret-named fields of objects, key headers, and user info in URLs (which may be a token).

const MASK = '***';
/** Field names whose values are secrets: llm_api_key, search_api_key, sandbox_api_key, MCP api_key, tokens… */
const SECRET_FIELD = /(api_?key|token|secret|password|authorization)$/i;
// Up to the last @ of the URL, as URL parsers read it: a password may itself hold "@" or "/".
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s"'<>]*@/gi;
// scp-like git remotes with a password: user:secret@host:path.
const SCP_USERINFO = /(^|[\s"'=])[^\s"'@:/]+:[^\s"'@/]+@(?=[\w.-]+:)/g;
const KEY_HEADER = /\b(x-session-api-key|authorization)(["']?\s*[:=]\s*["']?)(?:bearer\s+)?[^\s"',}]+/gi;
const SECRET_JSON_FIELD = /("[a-z0-9_]*(?:api_?key|token|secret|password)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
/** Shorter values would mask ordinary words; keys are longer than this. */
const MIN_SECRET_LENGTH = 4;

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Remembers a secret value so that it is masked wherever it shows up later. */
  addSecret(value: string | undefined): void {
    const trimmed = value?.trim();
    if (trimmed && trimmed.length >= MIN_SECRET_LENGTH) this.secrets.add(trimmed);
  }

  redactText(text: string): string {
    let out = text.replace(URL_USERINFO, `$1${MASK}@`).replace(SCP_USERINFO, `$1${MASK}@`).replace(KEY_HEADER, `$1$2${MASK}`).replace(SECRET_JSON_FIELD, `$1"${MASK}"`);
    for (const secret of this.secrets) out = out.split(secret).join(MASK);
    return out;
  }

  /** A copy of `value` fit for a log: secret fields and MCP `env` values masked, strings redacted. */
  redactValue(value: unknown, key = ''): unknown {
    if (typeof value === 'string') return SECRET_FIELD.test(key) && value ? MASK : this.redactText(value);
    if (Array.isArray(value)) return value.map((v) => this.redactValue(v));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [
        k, key === 'env' && typeof v === 'string' ? MASK : this.redactValue(v, k),
      ]));
    }
    return value;
  }

  /** One log line from a message and its arguments, with everything secret masked. */
  format(message: string, args: readonly unknown[]): string {
    const parts = [message, ...args.map((arg) => {
      if (arg instanceof Error) return arg.message;
      if (typeof arg === 'string') return arg;
      return JSON.stringify(this.redactValue(arg));
    })];
    return this.redactText(parts.join(' '));
  }
}
