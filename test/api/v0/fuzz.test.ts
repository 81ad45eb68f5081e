// Response fuzzing: a server that answers the client's operations with generated responses (random statuses,
// truncated, oversized and non-JSON bodies, wrong shapes, huge strings, slow trickles, resets mid-body, wrong
// content types). Every case must end in a typed error or a valid result within its deadline, with no
// unhandled rejection and no memory growth. Seeded: a failing case names its seed.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fetch as undiciFetch } from 'undici';
import { type FetchFunction, type OpenHandsClient } from '../../../src/api/client';
import { createClient } from '../../../src/api/createClient';
import { ApiError } from '../../../src/api/http/errors';
import { Random } from '../../support/random';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';
import { sessionCredential } from '../../../src/api/http/credential';

const CASES = Number(process.env.FUZZ_CASES ?? 2000);
const TIMEOUT_MS = 250;
const MAX_BYTES = 64 * 1024;
const BATCH = 25;

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

type Operation = 'load' | 'store' | 'update' | 'create';
const OPERATIONS: Operation[] = ['load', 'store', 'update', 'create'];
const STATUSES = [200, 200, 200, 201, 204, 301, 400, 401, 403, 404, 405, 409, 413, 418, 422, 429, 500, 502, 503, 504];

/** A well-formed answer for the operation, so that valid results are part of the mix too. */
function validBody(op: Operation, random: Random): unknown {
  if (op === 'create') return { status: 'ok', conversation_id: random.word(32), message: null, conversation_status: random.pick(['STARTING', 'RUNNING', 'STOPPED', 'NEW']) };
  if (op === 'store') return { message: 'Settings stored' };
  return { llm_api_key_set: random.chance(0.5), llm_model: random.word(), max_iterations: random.int(1, 100), extra: random.word() };
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

type Answer = (res: ServerResponse) => void;

/** One generated response; the case's seed decides everything. */
function generate(op: Operation, random: Random): { answer: Answer; label: string } {
  const status = random.pick(STATUSES);
  const json = (body: unknown, type = 'application/json'): Answer => (res) => { res.writeHead(status, { 'content-type': type }); res.end(JSON.stringify(body)); };
  const kinds: [string, number, () => Answer][] = [
    ['valid', 30, () => json(validBody(op, random))],
    ['wrong shape', 15, () => json(randomJson(random))],
    ['truncated', 10, () => { const text = JSON.stringify(validBody(op, random)); return (res) => { res.writeHead(status); res.end(text.slice(0, random.int(0, text.length - 1))); }; }],
    ['not JSON', 8, () => (res) => { res.writeHead(status, { 'content-type': 'text/html' }); res.end('<html>' + random.word(40) + '</html>'); }],
    ['empty', 5, () => (res) => { res.writeHead(status); res.end(); }],
    ['oversized', 5, () => (res) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify({ detail: 'x'.repeat(MAX_BYTES + random.int(1, 1000)) })); }],
    ['huge string under the cap', 5, () => json({ ...(validBody(op, random) as object), llm_model: 'y'.repeat(MAX_BYTES / 2) })],
    ['lying length', 4, () => (res) => { res.writeHead(status, { 'content-length': String(random.int(100, 5000)) }); res.write('{"a":'); res.destroy(); }],
    ['reset mid-body', 5, () => (res) => { res.writeHead(status); res.write('{"llm_api_key_set":'); setTimeout(() => res.destroy(), random.int(0, 20)); }],
    ['reset before answer', 4, () => (res) => res.socket?.destroy()],
    ['slow trickle', 3, () => (res) => {
      res.writeHead(status);
      const timer = setInterval(() => { if (!res.write(' ')) clearInterval(timer); }, 20);
      res.on('close', () => clearInterval(timer));
    }],
    ['no answer', 2, () => () => undefined],
    ['wrong content type', 4, () => json(validBody(op, random), 'text/plain')],
  ];
  const total = kinds.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [label, weight, make] of kinds) {
    roll -= weight;
    if (roll <= 0) return { answer: make(), label: `${label} ${status}` };
  }
  return { answer: kinds[0][2](), label: 'valid' };
}

function call(client: OpenHandsClient, op: Operation): Promise<unknown> {
  switch (op) {
    case 'load': return client.loadSettings();
    case 'store': return client.storeSettings({ llm_model: 'm' });
    case 'update': return client.updateSettings({ agent: 'CodeActAgent' });
    case 'create': return client.createConversation({ initial_user_msg: 'hi' });
  }
}

let server: LoopbackServer;
const answers = new Map<string, Answer>();
let unhandled = 0;
const onUnhandled = () => { unhandled += 1; };

before(async () => {
  process.on('unhandledRejection', onUnhandled);
  // Each request names its case in the path's query, so concurrent cases get their own answers.
  server = await startLoopbackServer((req, res) => {
    const caseId = new URL(req.url ?? '/', 'http://x').searchParams.get('case') ?? '';
    const answer = answers.get(caseId);
    if (answer) answer(res);
    else { res.writeHead(500); res.end(); }
  });
});
after(async () => {
  process.off('unhandledRejection', onUnhandled);
  await server.close();
});

describe('client under fuzzed responses', () => {
  it(`ends each of ${CASES} seeded cases in a typed error or a valid result, in time, without leaking`, async () => {
    const fetch = undiciFetch as unknown as FetchFunction;
    const outcomes = new Map<string, number>();
    // Heap after a full GC every 100 cases. A leak is a trend, so the smallest heap of the last quarter is
    // compared with the smallest of an early window: in-flight garbage of a loaded machine does not count.
    const heaps: number[] = [];
    for (let start = 0; start < CASES; start += BATCH) {
      await Promise.all(Array.from({ length: BATCH }, async (_, offset) => {
        const seed = start + offset;
        const random = new Random(seed);
        const op = random.pick(OPERATIONS);
        const { answer, label } = generate(op, random);
        answers.set(String(seed), answer);
        // The transport appends the path to the base URL, so the case id rides in the base URL's query slot.
        const client = createClient({
          baseUrl: server.url, timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_BYTES, readRetries: 0,
          getCredential: async () => sessionCredential('fuzz-key'),
          fetch: (url, init) => fetch(`${url}?case=${seed}`, init),
        });
        const started = Date.now();
        try {
          await call(client, op);
          outcomes.set('valid result', (outcomes.get('valid result') ?? 0) + 1);
        } catch (error) {
          assert.ok(error instanceof ApiError, `seed ${seed} (${op}, ${label}): not a typed error: ${String(error)}`);
          outcomes.set(error.kind, (outcomes.get(error.kind) ?? 0) + 1);
        } finally {
          answers.delete(String(seed));
        }
        // An update is a load and a store, each with its own deadline.
        const deadline = (op === 'update' ? 2 : 1) * TIMEOUT_MS + 1000;
        assert.ok(Date.now() - started < deadline, `seed ${seed} (${op}, ${label}) took ${Date.now() - started} ms`);
      }));
      server.hits.length = 0; // the loopback helper keeps requests for other tests; not ours to measure
      if ((start + BATCH) % 100 === 0) { gc(); heaps.push(process.memoryUsage().heapUsed); }
    }
    const quarter = Math.floor(heaps.length / 4);
    const growth = Math.min(...heaps.slice(-quarter)) - Math.min(...heaps.slice(quarter, 2 * quarter));
    console.log(`fuzz outcomes over ${CASES} cases: ${JSON.stringify(Object.fromEntries(outcomes))}; heap growth from the second to the last quarter ${(growth / 1024).toFixed(0)} KiB`);
    assert.equal(unhandled, 0, 'unhandled rejections');
    assert.ok(growth < 1.5 * 1024 * 1024, `heap grew by ${growth} bytes between the second and the last quarter`);
    assert.ok((outcomes.get('valid result') ?? 0) > 100, 'valid answers must be part of the mix');
    for (const kind of ['bad_response', 'network', 'timeout', 'server', 'unauthorized', 'validation', 'rate_limited']) {
      assert.ok((outcomes.get(kind) ?? 0) > 0, `no case ended in ${kind}`);
    }
  });
});
