// Events into transcript items: pairing, thinking, states, confirmation, noise, unknown kinds, local paths.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { buildTranscript, firstWorkingDir } from '../../../src/core/transcript/build';
import type { CommandItem, FileItem, TranscriptItem } from '../../../src/core/transcript/items';
import { SampleEvents } from './sampleEvents';

const kinds = (items: readonly TranscriptItem[]) => items.map((item) => item.kind);

describe('buildTranscript', () => {
  it('shows messages from the person and the agent, the agent\'s thinking before its message', () => {
    const run = new SampleEvents();
    run.message('user', 'Fix the bug');
    run.message('agent', 'Done: **fixed**', 'the bug is in a.ts');
    const { items } = buildTranscript(run.events);
    assert.deepEqual(kinds(items), ['message', 'thinking', 'message']);
    assert.deepEqual(items.map((i) => (i.kind === 'message' ? i.from : i.kind)), ['person', 'thinking', 'agent']);
    assert.equal(items[1]!.id, 'e2:thinking');
  });

  it('pairs each action with its observation by the action id, whatever comes between', () => {
    const run = new SampleEvents();
    const first = run.action({ type: 'command', command: 'ls' });
    const second = run.action({ type: 'command', command: 'false' });
    run.observe(second, { type: 'command', output: '', exitCode: 1 });
    run.observe(first, { type: 'command', output: 'a.ts\n', exitCode: 0, workingDir: '/workspace/project' });
    const { items } = buildTranscript(run.events);
    assert.deepEqual(kinds(items), ['command', 'command']);
    const [ls, failing] = items as CommandItem[];
    assert.deepEqual([ls!.id, ls!.status, ls!.exitCode, ls!.output?.head, ls!.finishedAt], ['e1', 'done', 0, 'a.ts\n', run.events[3]!.timestamp]);
    assert.deepEqual([failing!.status, failing!.exitCode], ['failed', 1]);
  });

  it('shows an action without an observation as running, and one the agent waits on as awaiting confirmation', () => {
    const run = new SampleEvents();
    run.command('ls', 'a');
    const pending = run.action({ type: 'command', command: 'rm -rf build' });
    assert.equal((buildTranscript(run.events).items[1] as CommandItem).status, 'running');
    run.state('waiting', 'waiting_for_confirmation');
    const transcript = buildTranscript(run.events);
    assert.equal((transcript.items[1] as CommandItem).status, 'awaiting-confirmation');
    assert.deepEqual(transcript.awaitingConfirmation, [pending.id]);
    run.state('running', 'running');
    assert.deepEqual(buildTranscript(run.events).awaitingConfirmation, []);
  });

  it('marks a rejected action with the reason, and keeps a rejection of an unknown action as its own item', () => {
    const run = new SampleEvents();
    const action = run.action({ type: 'command', command: 'rm -rf /' });
    run.events.push({ id: 'r1', timestamp: 't', origin: 'user', kind: 'rejection', actionId: action.id, reason: 'no' });
    run.events.push({ id: 'r2', timestamp: 't', origin: 'user', kind: 'rejection', actionId: 'elsewhere', reason: 'no' });
    const { items } = buildTranscript(run.events);
    assert.deepEqual(kinds(items), ['command', 'rejection']);
    assert.deepEqual([(items[0] as CommandItem).status, (items[0] as CommandItem).rejection], ['rejected', 'no']);
  });

  it('shows a file edit with its own diff and a created file as created', () => {
    const run = new SampleEvents();
    run.edit('str_replace', '/workspace/project/a.ts', 'one\ntwo\n', 'one\n2\n');
    run.edit('create', '/workspace/project/b.ts', null, 'new\n');
    run.edit('view', '/workspace/project/a.ts', null, null);
    const [edit, create, view] = buildTranscript(run.events).items as FileItem[];
    assert.equal(edit!.diff?.unified, '@@ -1,2 +1,2 @@\n one\n-two\n+2\n');
    assert.equal(edit!.created, undefined);
    assert.deepEqual([create!.created, create!.diff?.added], [true, 1]);
    assert.equal(view!.diff, undefined);
  });

  it('maps file paths to the local folder by the first command\'s working folder, where the file exists', () => {
    const run = new SampleEvents();
    run.edit('str_replace', '/workspace/project/src/a.ts', 'x', 'y');
    run.command('cd src && ls', 'a.ts', 0, '/workspace/project');
    run.edit('create', '/workspace/project/src/missing.ts', null, 'y');
    const exists = (p: string) => p.endsWith('a.ts');
    const items = buildTranscript(run.events, { localFolder: '/home/me/repo', exists }).items;
    assert.deepEqual(items.filter((i): i is FileItem => i.kind === 'file').map((i) => i.localPath), [path.join('/home/me/repo', 'src', 'a.ts'), null]);
    assert.equal((buildTranscript(run.events).items[0] as FileItem).localPath, null);
  });

  it('takes no empty working folder as the workspace: the first command that names one decides', () => {
    const run = new SampleEvents();
    run.command('pwd', '/workspace/project', 0, '');
    assert.equal(firstWorkingDir(run.events), undefined);
    run.command('ls', 'a.ts', 0, '/workspace/project');
    assert.equal(firstWorkingDir(run.events), '/workspace/project');
  });

  it('shows a state only where it changes, and keeps the last one', () => {
    const run = new SampleEvents();
    run.state('running', 'running');
    run.state('running', 'running');
    run.state('finished', 'finished');
    const transcript = buildTranscript(run.events);
    assert.deepEqual(transcript.items.map((i) => (i.kind === 'state' ? i.state : i.kind)), ['running', 'finished']);
    assert.equal(transcript.state, 'finished');
  });

  it('leaves noise out and keeps an unknown kind as other with its raw kind', () => {
    const run = new SampleEvents();
    for (const kind of ['SystemPromptEvent', 'StreamingDeltaEvent', 'TokenEvent']) run.other(kind);
    run.other('ConversationStateUpdateEvent', 'full_state');
    run.other('ConversationStateUpdateEvent', 'stats');
    run.other('ConversationStateUpdateEvent', 'agent_mood');
    run.other('PauseEvent');
    const { items } = buildTranscript(run.events);
    assert.deepEqual(items.map((i) => (i.kind === 'other' ? i.rawKind : i.kind)), ['ConversationStateUpdateEvent', 'PauseEvent']);
  });

  it('shows the think tool as thinking and leaves its observation out; an unpaired observation stands alone', () => {
    const run = new SampleEvents();
    const think = run.action({ type: 'think', thought: 'plan: read, edit, test' });
    run.observe(think, { type: 'text', text: 'Your thought has been logged.' });
    run.observe(null, { type: 'text', text: 'from nowhere' });
    const { items } = buildTranscript(run.events);
    assert.deepEqual(kinds(items), ['thinking', 'observation']);
  });

  it('trims a 1 MB message and folds a long output', () => {
    const run = new SampleEvents();
    run.message('agent', 'z'.repeat(2_000_000));
    run.command('seq 1000', Array.from({ length: 1000 }, (_, i) => `${i}`).join('\n'));
    const [message, command] = buildTranscript(run.events).items;
    assert.ok(message!.kind === 'message' && message.text.trimmed && message.text.fullLength === 2_000_000);
    assert.ok(command!.kind === 'command' && command.output?.folded && command.output.full.text.endsWith('999'));
  });
});
