// A check's output: only its end is kept while it runs (a task that prints 100 MB keeps 200 KiB), and what goes
// to the agent is the end of that, as plain text: ANSI codes removed, the last lines within a size, and anything
// that looks like a secret masked (the logger's redaction, and token shapes of the common providers).
import { Redactor } from '../platform/redact';

export const KEPT_OUTPUT_BYTES = 200 * 1024;

/** The last `limit` bytes of everything appended. */
export class OutputTail {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = false;

  constructor(private readonly limit = KEPT_OUTPUT_BYTES) {}

  append(chunk: Uint8Array): void {
    this.chunks.push(Buffer.from(chunk));
    this.size += chunk.length;
    while (this.size - (this.chunks[0]?.length ?? 0) >= this.limit) {
      this.size -= this.chunks.shift()!.length;
      this.dropped = true;
    }
  }

  /** True once anything was dropped from the start. */
  get cut(): boolean {
    return this.dropped || this.size > this.limit;
  }

  text(): string {
    const all = Buffer.concat(this.chunks);
    const end = all.subarray(Math.max(0, all.length - this.limit));
    // A cut may split a UTF-8 sequence: continuation bytes at the start are dropped rather than shown as �.
    let start = 0;
    if (this.cut) while (start < end.length && start < 4 && (end[start]! & 0xc0) === 0x80) start++;
    return end.subarray(start).toString('utf8');
  }
}

// CSI and OSC sequences, and the lone escapes terminals take (charset, keypad).
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78cM]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

const MASK = '***';
/** Token shapes that are secrets wherever they appear: GitHub, GitLab, Slack, OpenAI/Anthropic-style, AWS, JWTs. */
const TOKEN_SHAPES = [
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|xox[abposr]-[A-Za-z0-9-]{10,})/g,
  /\b(?:sk|pk|rk)-(?:[A-Za-z0-9_-]+-)?[A-Za-z0-9_-]{20,}/g,
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
];
/** `token=…`, `API_KEY: …`, `password …`: the value after a secret-named word. */
const NAMED_SECRET = /\b([\w-]*(?:api[_-]?key|token|secret|password|passwd)["']?\s*[:=]\s*["']?)([^\s"',;]{4,})/gi;

export function maskSecrets(text: string): string {
  let out = new Redactor().redactText(text);
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, MASK);
  return out.replace(NAMED_SECRET, `$1${MASK}`);
}

export interface OutputEnd {
  readonly text: string;
  /** True where earlier lines were left out. */
  readonly cut: boolean;
}

/** The last `lines` lines of the output within `bytes` (UTF-8), ANSI codes removed and secrets masked. */
export function outputEnd(output: string, lines = 200, bytes = 20 * 1024): OutputEnd {
  // A carriage return without a newline redraws its line (progress bars): only what was drawn last stays.
  const plain = stripAnsi(output).replace(/\r\n/g, '\n').split('\n').map((line) => line.slice(line.lastIndexOf('\r') + 1));
  while (plain.length && plain[plain.length - 1] === '') plain.pop();
  const kept: string[] = [];
  let size = 0;
  for (let i = plain.length - 1; i >= 0 && kept.length < lines; i--) {
    const line = maskSecrets(plain[i]!);
    const lineBytes = Buffer.byteLength(line, 'utf8') + 1;
    if (size + lineBytes > bytes) {
      if (kept.length === 0) kept.unshift(tailOf(line, bytes - 1));
      break;
    }
    kept.unshift(line);
    size += lineBytes;
  }
  return { text: kept.join('\n'), cut: kept.length < plain.length };
}

/** The end of one line too long for the whole limit, on a character boundary. */
function tailOf(line: string, bytes: number): string {
  const buffer = Buffer.from(line, 'utf8');
  let start = Math.max(0, buffer.length - bytes);
  while (start < buffer.length && (buffer[start]! & 0xc0) === 0x80) start++;
  return buffer.subarray(start).toString('utf8');
}
