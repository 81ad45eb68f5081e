// Response fuzzing of an API line: a server that answers the client's operations with generated responses
// (random statuses, truncated, oversized and non-JSON bodies, wrong shapes, huge strings, slow trickles, resets
// mid-body, wrong content types). Every case must end in a typed error or a valid result within its deadline,
// with no unhandled rejection and no memory growth. Seeded: a failing case names its seed.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fetch as undiciFetch } from 'undici';
import type { CallOptions, FetchFunction } from '../../src/api/client';
import type { ClientOptions } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import { ApiError, type ApiErrorKind } from '../../src/api/http/apiError';
import { startLoopbackServer } from './loopbackServer';
import { Random } from './random';

export const TIMEOUT_MS = 250;
const MAX_BYTES = 64 * 1024;
const BATCH = 25;
const STATUSES = [200, 200, 200, 201, 204, 301, 400, 401, 403, 404, 405, 409, 413, 418, 422, 429, 500, 502, 503, 504];

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

/** A well-formed answer to a request of the operation, drawn once per case. */
export type Valid = (req: IncomingMessage) => unknown;
type Answer = (res: ServerResponse, req: IncomingMessage) => void;

/** What differs between the API lines: their operations, what a valid answer is, how long each may take. */
export interface FuzzLine<Op extends string> {
  readonly operations: readonly Op[];
  valid(op: Op, random: Random): Valid;
  call(options: ClientOptions, op: Op, call: CallOptions): Promise<unknown>;
  deadlineMs(op: Op): number;
  /** Error kinds the mix must reach. */
  readonly kinds: readonly ApiErrorKind[];
  /** The share of cases that must end in a valid result, so that valid answers are part of the mix. */
  readonly validShare: number;
}

function randomJson(random: Random, depth = 0): unknown {
  const kind = random.int(0, depth > 3 ? 3 : 6);
  switch (kind) {
    case 0: return null;
    case 1: return random.int(-1e6, 1e6);
    case 2: return random.word();
    case 3: return random.chance(0.5);
    case 4: return Array.from({ length: random.int(0, 4) }, () => randomJson(random, depth + 1));
    default: return Object.fromEntries(Array.from({ length: random.int(0, 5) }, () => [random.word(), randomJson(random, depth + 1)]));
  }
}

/** One generated response; the case's seed decides everything. */
function generate(valid: () => Valid, random: Random): { answer: Answer; label: string } {
  const status = random.pick(STATUSES);
  const json = (body: Valid, type = 'application/json'): Answer => (res, req) => { res.writeHead(status, { 'content-type': type }); res.end(JSON.stringify(body(req))); };
  const kinds: [string, number, () => Answer][] = [
    ['valid', 30, () => json(valid())],
    ['wrong shape', 15, () => { const body = randomJson(random); return json(() => body); }],
    ['truncated', 10, () => {
      const body = valid();
      const cut = random.next();
      return (res, req) => { const text = JSON.stringify(body(req)); res.writeHead(status); res.end(text.slice(0, Math.floor(cut * text.length))); };
    }],
    ['not JSON', 8, () => (res) => { res.writeHead(status, { 'content-type': 'text/html' }); res.end('<html>' + random.word(40) + '</html>'); }],
    ['empty', 5, () => (res) => { res.writeHead(status); res.end(); }],
    ['oversized', 5, () => (res) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify({ detail: 'x'.repeat(MAX_BYTES + random.int(1, 1000)) })); }],
    ['huge string under the cap', 5, () => { const body = valid(); return json((req) => ({ ...(body(req) as object), llm_model: 'y'.repeat(MAX_BYTES / 2) })); }],
    ['lying length', 4, () => (res) => { res.writeHead(status, { 'content-length': String(random.int(100, 5000)) }); res.write('{"a":'); res.destroy(); }],
    ['reset mid-body', 5, () => (res) => { res.writeHead(status); res.write('{"llm_api_key_set":'); setTimeout(() => res.destroy(), random.int(0, 20)); }],
    ['reset before answer', 4, () => (res) => res.socket?.destroy()],
    ['slow trickle', 3, () => (res) => {
      res.writeHead(status);
      const timer = setInterval(() => { if (!res.write(' ')) clearInterval(timer); }, 20);
      res.on('close', () => clearInterval(timer));
    }],
    ['no answer', 2, () => () => undefined],
    ['wrong content type', 4, () => json(valid(), 'text/plain')],
  ];
  const total = kinds.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [label, weight, make] of kinds) {
    roll -= weight;
    if (roll <= 0) return { answer: make(), label: `${label} ${status}` };
  }
  return { answer: kinds[0][2](), label: 'valid' };
}

/** Runs `cases` seeded cases of the line, 25 at a time, and checks the outcomes; returns a summary. */
export async function runResponseFuzz<Op extends string>(line: FuzzLine<Op>, cases: number): Promise<string> {
  const answers = new Map<string, Answer>();
  let unhandled = 0;
  const onUnhandled = () => { unhandled += 1; };
  process.on('unhandledRejection', onUnhandled);
  // Each request names its case in the path's query, so concurrent cases get their own answers.
  const server = await startLoopbackServer((req, res) => {
    const answer = answers.get(new URL(req.url ?? '/', 'http://x').searchParams.get('case') ?? '');
    if (answer) answer(res, req);
    else { res.writeHead(500); res.end(); }
  });
  try {
    const fetch = undiciFetch as unknown as FetchFunction;
    const outcomes = new Map<string, number>();
    const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    // Heap after a full GC every 100 cases. A leak is a trend, so the smallest heap of the last quarter is
    // compared with the smallest of an early window: in-flight garbage of a loaded machine does not count.
    const heaps: number[] = [];
    for (let start = 0; start < cases; start += BATCH) {
      await Promise.all(Array.from({ length: BATCH }, async (_, offset) => {
        const seed = start + offset;
        const random = new Random(seed);
        const op = random.pick(line.operations);
        const { answer, label } = generate(() => line.valid(op, random), random);
        answers.set(String(seed), answer);
        // The transport appends the path to the base URL, so the case id rides in the query (after any of the path's).
        const options: ClientOptions = {
          baseUrl: server.url, timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_BYTES, readRetries: 0,
          getCredential: async () => sessionCredential('fuzz-key'),
          fetch: (url, init) => fetch(`${url}${url.includes('?') ? '&' : '?'}case=${seed}`, init),
        };
        const what = `seed ${seed} (${op}, ${label})`;
        // A call that would never end is cancelled past its deadline, so that it fails the test instead of hanging it.
        const deadline = line.deadlineMs(op);
        const cancel = new AbortController();
        const timer = setTimeout(() => cancel.abort(), deadline);
        try {
          count(await settleInTime(line.call(options, op, { signal: cancel.signal }), deadline, what));
        } finally {
          clearTimeout(timer);
          answers.delete(String(seed));
        }
      }));
      server.hits.length = 0; // the loopback helper keeps requests for other tests; not ours to measure
      if ((start + BATCH) % 100 === 0) { gc(); heaps.push(process.memoryUsage().heapUsed); }
    }
    const quarter = Math.floor(heaps.length / 4);
    const growth = Math.min(...heaps.slice(-quarter)) - Math.min(...heaps.slice(quarter, 2 * quarter));
    assert.equal(unhandled, 0, 'unhandled rejections');
    assert.ok(growth < 1.5 * 1024 * 1024, `heap grew by ${growth} bytes between the second and the last quarter`);
    assert.ok((outcomes.get('valid result') ?? 0) > cases * line.validShare, 'valid answers must be part of the mix');
    for (const kind of line.kinds) assert.ok((outcomes.get(kind) ?? 0) > 0, `no case ended in ${kind}`);
    return `fuzz outcomes over ${cases} cases: ${JSON.stringify(Object.fromEntries(outcomes))}; heap growth from the second to the last quarter ${(growth / 1024).toFixed(0)} KiB`;
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await server.close();
  }
}

/** The outcome of a call ('valid result' or its error's kind), which must be a typed one, in time. */
async function settleInTime(call: Promise<unknown>, deadlineMs: number, what: string): Promise<string> {
  const started = Date.now();
  try {
    await call;
    return 'valid result';
  } catch (error) {
    assert.ok(error instanceof ApiError, `${what}: not a typed error: ${String(error)}`);
    return error.kind;
  } finally {
    assert.ok(Date.now() - started < deadlineMs, `${what} took ${Date.now() - started} ms`);
  }
}
