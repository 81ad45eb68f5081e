// Response fuzzing of the V1 client (test/support/responseFuzz.ts): settings loads, stores and updates (each
// save read back), and starts followed through their start task, each answered by generated responses. Start
// tasks that end, fail, vanish, take unknown statuses or never end are part of the valid mix.
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { createClient } from '../../support/client';
import { Transport } from '../../../src/api/http/transport';
import { V1ConversationsApi, type Polling } from '../../../src/api/v1/v1ConversationsApi';
import { type Random } from '../../support/random';
import { TIMEOUT_MS, runResponseFuzz, type FuzzLine, type Valid } from '../../support/responseFuzz';
import { startTask, v1SettingsAnswer } from '../../support/v1Answers';

const CASES = Number(process.env.FUZZ_CASES ?? 1500);
const POLLING: Polling = { firstMs: 5, maxMs: 20, stallMs: 150 };
const V1 = { version: undefined, settings: 'v1', conversations: 'v1' } as const;

type Operation = 'load' | 'store' | 'update' | 'create';

const STEPS = ['WORKING', 'WAITING_FOR_SANDBOX', 'PREPARING_REPOSITORY', 'STARTING_CONVERSATION', 'SOMETHING_NEW'];
type Ending = 'ready' | 'error' | 'ready without id' | 'gone' | 'stuck' | 'back and forth' | 'unknown status' | 'wrong shape';
const ENDINGS: Ending[] = ['ready', 'ready', 'error', 'ready without id', 'gone', 'stuck', 'back and forth', 'unknown status', 'wrong shape'];

/** A start task walking through a few steps to its ending, one step a poll. */
function startTaskScript(random: Random): Valid {
  const id = random.word(32);
  const steps = Array.from({ length: random.int(0, 3) }, () => random.pick(STEPS));
  const ending = random.pick(ENDINGS);
  const conversation = random.word(32);
  let polls = 0;
  return (req: IncomingMessage) => {
    if (req.method === 'POST') return startTask(id, 'WORKING');
    const step = steps[polls++];
    if (step) return [startTask(id, step)];
    switch (ending) {
      case 'ready': return [startTask(id, 'READY', { app_conversation_id: conversation })];
      case 'error': return [startTask(id, 'ERROR', { detail: random.chance(0.5) ? '' : 'sandbox failed' })];
      case 'ready without id': return [startTask(id, 'READY')];
      case 'gone': return [null];
      case 'stuck': return [startTask(id, steps[steps.length - 1] ?? 'WORKING')];
      case 'back and forth': return [startTask(id, polls % 2 ? 'WORKING' : 'PREPARING_REPOSITORY')];
      case 'unknown status': return [startTask(id, 'NOT_A_STATUS_YET')];
      case 'wrong shape': return [{ id, status: 7 }];
    }
  };
}

/** A settings answer that holds what the client saves (model "m", agent CodeActAgent) three times in four. */
function settingsAnswer(random: Random): Record<string, unknown> {
  const answer = v1SettingsAnswer();
  const agent = answer.agent_settings as { llm: Record<string, unknown> };
  agent.llm.model = random.chance(0.75) ? 'm' : random.word();
  return answer;
}

const V1_FUZZ: FuzzLine<Operation> = {
  operations: ['load', 'store', 'update', 'create'],
  valid: (op, random) => {
    if (op === 'create') return startTaskScript(random);
    const settings = settingsAnswer(random);
    return (req) => (req.method === 'POST' ? { message: 'Settings stored' } : settings);
  },
  call: (options, op, call) => {
    if (op === 'create') return new V1ConversationsApi(new Transport(options), POLLING).createConversation({ initial_user_msg: 'hi' }, call);
    const client = createClient(options, V1);
    switch (op) {
      case 'load': return client.loadSettings(call);
      case 'store': return client.storeSettings({ llm_model: 'm' }, call);
      case 'update': return client.updateSettings({ agent: 'CodeActAgent' }, call);
    }
  },
  // A save is a POST and its read-back; a start its POST, at most four polls, then a stall of stallMs.
  deadlineMs: (op) => (op === 'load' ? TIMEOUT_MS : op === 'create' ? TIMEOUT_MS + POLLING.stallMs + 4 * POLLING.maxMs : 2 * TIMEOUT_MS) + 1000,
  kinds: ['bad_response', 'network', 'timeout', 'server', 'unauthorized', 'validation', 'rate_limited', 'not_kept', 'start_failed'],
  // Fewer than V0's: a save is valid only when its read-back holds it, a start only when its task gets READY.
  validShare: 1 / 40,
};

describe('V1 client under fuzzed responses', () => {
  it(`ends each of ${CASES} seeded cases in a typed error or a valid result, in time, without leaking`, async () => {
    console.log(await runResponseFuzz(V1_FUZZ, CASES));
  });
});
