// Secret hygiene, measured after a run: every file the run left (VS Code's logs with our output channel,
// code-server's log, every settings.json, the extension's global and workspace state.vscdb, test-results/) and
// what the run printed are searched, as raw bytes, for every key the run used. Any hit fails the run.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SECRETS } from '../../support/fixtures/settingsFixture';

export interface SecretHit {
  file: string;
  /** Which key: the name given to secretFor(), or the literal's label. */
  key: string;
}

export interface ScanResult {
  filesScanned: number;
  keys: number;
  hits: SecretHit[];
}

/**
 * Keys some suites and scenarios type as literals instead of secretFor(): they are searched for too.
 * (grep test/e2e for key-looking strings when adding one.)
 */
const LITERAL_KEYS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(SECRETS).map(([name, value]) => [`settingsFixture ${name}`, value])),
  'settingsStates refused key': 'e2e-not-the-session-key',
  'settingsStates first LLM key': 'sk-e2e-first-llm-key-19ab',
  'settingsPanel typed LLM key': 'sk-e2e-typed-key-72c0',
  'settingsPanel typed MCP key': 'mcp-e2e-typed-sse-key-3f11',
  'settingsPanel typed env token': 'ghp-e2e-typed-env-8a2b',
};

/** Larger files are no log or settings file; reading them would only slow the scan. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

function filesUnder(dir: string, exclude: ReadonlySet<string>): string[] {
  if (!fs.existsSync(dir) || exclude.has(dir)) return [];
  if (fs.statSync(dir).isFile()) return [dir];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (exclude.has(full)) return [];
    if (entry.isDirectory()) return filesUnder(full, exclude);
    return entry.isFile() ? [full] : []; // sockets, links and pipes hold nothing written by the run
  });
}

function hitsIn(bytes: Buffer, marker: string, where: string): SecretHit[] {
  const hits: SecretHit[] = [];
  const text = bytes.toString('latin1'); // raw bytes: a key inside a binary (state.vscdb) is found as well
  const names = new Set<string>();
  const pattern = new RegExp(`${marker}(-[A-Za-z0-9_-]+)?`, 'g');
  for (const match of text.matchAll(pattern)) names.add(match[1] ? match[1].slice(1) : '(the marker itself)');
  for (const name of names) hits.push({ file: where, key: `secretFor('${name}')` });
  for (const [label, value] of Object.entries(LITERAL_KEYS)) {
    if (text.includes(value)) hits.push({ file: where, key: `${label} (${value})` });
  }
  return hits;
}

/**
 * Searches every regular file under `roots` (minus `exclude`) and each of `outputs` (name → captured text)
 * for the marker's keys and the literal keys.
 */
export function scanForSecrets(options: {
  marker: string;
  roots: readonly string[];
  exclude?: readonly string[];
  outputs?: Readonly<Record<string, string>>;
}): ScanResult {
  const exclude = new Set(options.exclude ?? []);
  const files = [...new Set(options.roots.flatMap((root) => filesUnder(root, exclude)))];
  const hits: SecretHit[] = [];
  let filesScanned = 0;
  for (const file of files) {
    let bytes: Buffer;
    try {
      if (fs.statSync(file).size > MAX_FILE_BYTES) continue;
      bytes = fs.readFileSync(file);
    } catch {
      continue; // removed while we walked (a log rotated, a lock file)
    }
    filesScanned++;
    hits.push(...hitsIn(bytes, options.marker, file));
  }
  for (const [name, text] of Object.entries(options.outputs ?? {})) {
    filesScanned++;
    hits.push(...hitsIn(Buffer.from(text, 'utf8'), options.marker, name));
  }
  return { filesScanned, keys: Object.keys(LITERAL_KEYS).length + 1, hits };
}

/** Keeps a copy of everything this process writes to stdout and stderr, for the scan. */
export function captureOutput(): { text(): string } {
  const chunks: string[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
  return { text: () => chunks.join('') };
}
