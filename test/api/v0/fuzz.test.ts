// Response fuzzing of the V0 client (test/support/responseFuzz.ts): settings loads, stores and updates, and
// conversation starts, each answered by generated responses.
import { describe, it } from 'node:test';
import { createClient } from '../../support/client';
import { type Random } from '../../support/random';
import { TIMEOUT_MS, runResponseFuzz, type FuzzLine } from '../../support/responseFuzz';

const CASES = Number(process.env.FUZZ_CASES ?? 2000);

type Operation = 'load' | 'store' | 'update' | 'create';

/** A well-formed answer for the operation, so that valid results are part of the mix too. */
function validBody(op: Operation, random: Random): unknown {
  if (op === 'create') return { status: 'ok', conversation_id: random.word(32), message: null, conversation_status: random.pick(['STARTING', 'RUNNING', 'STOPPED', 'NEW']) };
  if (op === 'store') return { message: 'Settings stored' };
  return { llm_api_key_set: random.chance(0.5), llm_model: random.word(), max_iterations: random.int(1, 100), extra: random.word() };
}

const V0_FUZZ: FuzzLine<Operation> = {
  operations: ['load', 'store', 'update', 'create'],
  valid: (op, random) => { const body = validBody(op, random); return () => body; },
  call: (options, op, call) => {
    const client = createClient(options);
    switch (op) {
      case 'load': return client.loadSettings(call);
      case 'store': return client.storeSettings({ llm_model: 'm' }, call);
      case 'update': return client.updateSettings({ agent: 'CodeActAgent' }, call);
      case 'create': return client.createConversation({ initial_user_msg: 'hi' }, call);
    }
  },
  // An update is a load and a store, each with its own deadline.
  deadlineMs: (op) => (op === 'update' ? 2 : 1) * TIMEOUT_MS + 1000,
  kinds: ['bad_response', 'network', 'timeout', 'server', 'unauthorized', 'validation', 'rate_limited'],
  validShare: 1 / 20,
};

describe('V0 client under fuzzed responses', () => {
  it(`ends each of ${CASES} seeded cases in a typed error or a valid result, in time, without leaking`, async () => {
    console.log(await runResponseFuzz(V0_FUZZ, CASES));
  });
});
