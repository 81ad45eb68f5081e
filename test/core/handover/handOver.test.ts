// The hand-over's order and its failures against a fake client: start without a message, reach the agent server
// (waiting while its sandbox is on its way), upload, unpack, task; a failure names its step and stops the
// conversation left without its task; a cancel ends it at once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentReach, AgentServerApi } from '../../../src/api/client';
import type { CommandResult } from '../../../src/api/model/agentCommands';
import type { ConversationRequest } from '../../../src/api/model/conversations';
import { HandOverError, handOver, type HandOverClient, type HandOverProgress, type HandOverRequest } from '../../../src/core/handover/handOver';

const ID = '5f1e8a3c2b4d4e6f8a9b0c1d2e3f4a5b';
const FAST = { reachWithinMs: 200, reachPollMs: 5, unpackTimeoutSeconds: 30, leftWithinMs: 2000 };

interface Fake {
  client: HandOverClient;
  calls: string[];
  commands: string[];
  uploads: { local: string; remote: string }[];
  /** What each start asked for: never a message (the task goes after the unpack). */
  starts: ConversationRequest[];
}

function fakeClient(options: { reaches?: AgentReach['reachable'][]; result?: CommandResult; failAt?: string; hang?: string; uploadFolder?: string } = {}): Fake {
  const calls: string[] = [];
  const commands: string[] = [];
  const uploads: { local: string; remote: string }[] = [];
  const starts: ConversationRequest[] = [];
  const step = async (name: string, signal?: AbortSignal) => {
    calls.push(name);
    if (options.failAt === name) throw new Error(`${name} refused`);
    if (options.hang === name) {
      await new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    }
  };
  const agent: AgentServerApi = {
    events: undefined as never, changes: undefined as never, patch: undefined as never, fileBytes: undefined as never,
    uploadFile: async (local, remote, onSent, call) => {
      uploads.push({ local, remote });
      onSent?.(50);
      onSent?.(100);
      await step('upload', call?.signal);
    },
    uploadFolder: async () => options.uploadFolder ?? '/tmp',
    runCommand: async (command, _options, call) => {
      commands.push(command);
      await step('unpack', call?.signal);
      return options.result ?? { exitCode: 0, stdout: '', stderr: '' };
    },
  };
  const reaches = [...(options.reaches ?? [true])];
  const client: HandOverClient = {
    createConversation: async (request, call) => {
      starts.push(request);
      assert.equal(request.initial_user_msg, undefined, 'no message at the start');
      assert.equal(request.image_urls, undefined, 'no images at the start');
      await step('start', call?.signal);
      return { status: 'ok', conversation_id: ID };
    },
    agentServer: async (id) => {
      assert.equal(id, ID);
      await step('reach');
      return (reaches.length > 1 ? reaches.shift() : reaches[0]) ? { reachable: true, agent } : { reachable: false, reason: 'no-url' };
    },
    sendMessage: async (id, message, call) => {
      assert.equal(id, ID);
      await step(`task:${message.text}`, call?.signal);
    },
    stopConversation: async (id) => { calls.push(`stop:${id}`); },
  };
  return { client, calls, commands, uploads, starts };
}

const request = (extra: Partial<HandOverRequest> = {}): HandOverRequest => ({
  bundle: { commit: 'abc1234def5678900000000000000000000000ff', bundlePath: '/local/snap.bundle', bundleBytes: 100 },
  unpackCommand: (remote) => `git fetch -q ${remote} refs/x && git checkout -q -B main FETCH_HEAD`,
  task: { text: 'Fix the bug' },
  ...extra,
});

describe('handing a folder to a new conversation', () => {
  it('starts without a message, uploads, unpacks, then sends the task; tells each step with the bytes sent', async () => {
    const fake = fakeClient();
    const progress: HandOverProgress[] = [];
    assert.equal(await handOver(fake.client, request({ onProgress: (p) => progress.push(p) }), FAST), ID);
    assert.deepEqual(fake.calls, ['start', 'reach', 'upload', 'unpack', 'task:Fix the bug']);
    assert.equal(fake.uploads[0]?.local, '/local/snap.bundle');
    assert.match(fake.uploads[0]?.remote ?? '', /^\/tmp\/openhands-handover-abc1234def56-[a-z0-9]+\.bundle$/);
    const remote = fake.uploads[0]!.remote;
    assert.equal(fake.commands[0], `trap 'rm -f '\\''${remote}'\\''' EXIT\ngit fetch -q ${remote} refs/x && git checkout -q -B main FETCH_HEAD`);
    assert.deepEqual(progress.map((p) => p.step), ['start', 'upload', 'upload', 'upload', 'unpack', 'task']);
    assert.deepEqual(progress.filter((p) => p.step === 'upload'), [0, 50, 100].map((sent) => ({ step: 'upload', sent, total: 100 })));
  });

  it('the bundle lies in the folder the agent server names for uploads (the agent line: its workspace\'s .git), and goes with the unpack', async () => {
    const workspace = '/home/u/.openhands/workspaces/70b53cb3-1074-4cf7-aaba-2a91e90c623e';
    const fake = fakeClient({ uploadFolder: `${workspace}/.git/` });
    await handOver(fake.client, request(), FAST);
    const remote = fake.uploads[0]?.remote ?? '';
    assert.match(remote, new RegExp(`^${workspace}/\\.git/openhands-handover-abc1234def56-[a-z0-9]+\\.bundle$`));
    assert.ok(fake.commands[0]?.startsWith(`trap 'rm -f '\\''${remote}'\\''' EXIT\n`), fake.commands[0]);
  });

  it('an agent server that names no upload folder is refused before any upload', async () => {
    const fake = fakeClient();
    const noFolder: HandOverClient = {
      ...fake.client,
      agentServer: async (id, call) => {
        const reach = await fake.client.agentServer!(id, call);
        return reach.reachable ? { reachable: true, agent: { ...reach.agent, uploadFolder: undefined } } : reach;
      },
    };
    await assert.rejects(handOver(noFolder, request(), FAST), (e: unknown) => e instanceof HandOverError && /takes no upload/.test(e.message));
    assert.deepEqual(fake.uploads, []);
  });

  it('starts with nothing but the person\'s conversation instructions, as a start with the task does; none, an empty start', async () => {
    const withInstructions = fakeClient();
    await handOver(withInstructions.client, request({ instructions: 'Answer in French.' }), FAST);
    assert.deepEqual(withInstructions.starts, [{ conversation_instructions: 'Answer in French.' }]);
    const without = fakeClient();
    await handOver(without.client, request(), FAST);
    assert.deepEqual(without.starts, [{}]);
  });

  it('waits while the new sandbox has no address yet, then goes on', async () => {
    const fake = fakeClient({ reaches: [false, false, true] });
    assert.equal(await handOver(fake.client, request(), FAST), ID);
    assert.deepEqual(fake.calls.filter((c) => c === 'reach').length, 3);
  });

  it('an agent server that stays out of reach: fails at the start step, the conversation stopped and named', async () => {
    const fake = fakeClient({ reaches: [false] });
    await assert.rejects(handOver(fake.client, request(), FAST), (e: unknown) => e instanceof HandOverError && e.step === 'start'
      && e.left?.conversationId === ID && e.left.stopped && /could not be reached/.test(e.message) && e.message.includes(ID));
    assert.equal(fake.calls.at(-1), `stop:${ID}`);
  });

  for (const failAt of ['upload', 'unpack', 'task:Fix the bug'] as const) {
    it(`a failure at ${failAt}: names the step and why, stops the conversation without its task`, async () => {
      const fake = fakeClient({ failAt });
      const step = failAt.startsWith('task') ? 'task' : failAt;
      await assert.rejects(handOver(fake.client, request(), FAST), (e: unknown) => e instanceof HandOverError && e.step === step
        && e.reason === `${failAt} refused` && e.left?.stopped === true && !e.cancelled && /is now stopped; delete it/.test(e.message));
      assert.equal(fake.calls.at(-1), `stop:${ID}`);
    });
  }

  it('an unpack that ends with an exit code: its last line of output is the reason; no task is sent', async () => {
    const fake = fakeClient({ result: { exitCode: 128, stdout: '', stderr: 'fatal: bad object\nfatal: invalid bundle\n' } });
    await assert.rejects(handOver(fake.client, request(), FAST), (e: unknown) => e instanceof HandOverError && e.step === 'unpack'
      && e.reason === 'the unpack command ended with exit code 128: fatal: invalid bundle');
    assert.ok(!fake.calls.some((c) => c.startsWith('task')));
  });

  it('a failed start leaves nothing on the server', async () => {
    const fake = fakeClient({ failAt: 'start' });
    await assert.rejects(handOver(fake.client, request(), FAST), (e: unknown) => e instanceof HandOverError && e.step === 'start' && e.left === undefined);
    assert.deepEqual(fake.calls, ['start']);
  });

  it('Cancel during the upload ends it at once, says so, and stops the conversation', async () => {
    const fake = fakeClient({ hang: 'upload' });
    const cancel = new AbortController();
    const done = handOver(fake.client, request({ signal: cancel.signal, onProgress: (p) => { if (p.step === 'upload' && p.sent === 100) setTimeout(() => cancel.abort(), 5); } }), FAST);
    await assert.rejects(done, (e: unknown) => e instanceof HandOverError && e.cancelled && e.step === 'upload' && /was cancelled while uploading the folder/.test(e.message));
    assert.equal(fake.calls.at(-1), `stop:${ID}`);
  });

  it('a client without an agent server or follow-up messages (V0, 1.6.0) is refused before anything starts', async () => {
    const fake = fakeClient();
    const noMessages: HandOverClient = { ...fake.client, sendMessage: undefined };
    await assert.rejects(handOver(noMessages, request(), FAST), (e: unknown) => e instanceof HandOverError && e.left === undefined);
    assert.deepEqual(fake.calls, []);
  });
});
