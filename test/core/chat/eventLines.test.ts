import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationEvent } from '../../../src/api/model/events';
import { eventLine, inlineCode, oneLine, quoted } from '../../../src/core/chat/eventLines';

const base = { timestamp: '2026-01-01T00:00:00', origin: 'agent' as const };
const command = (id: string, text: string): ConversationEvent => ({ ...base, id, kind: 'action', tool: 'terminal', action: { type: 'command', command: text } });
const edit = (id: string, path: string, verb = 'str_replace'): ConversationEvent => ({ ...base, id, kind: 'action', tool: 'file_editor', action: { type: 'file', command: verb, path } });

describe('eventLine', () => {
  it('shows a command the agent ran as inline code that its backticks and lines cannot break out of', () => {
    assert.equal(eventLine(command('1', 'echo `date`\nrm -rf /')), '- Ran `` echo `date`… ``');
    assert.equal(inlineCode('a'), '` a `');
  });

  it('quotes the agent\'s messages and leaves out the person\'s, states and successful outputs', () => {
    assert.equal(eventLine({ ...base, id: '1', kind: 'message', text: 'Done.\nAll green.', imageCount: 0 }), '> Done.\n> All green.');
    assert.equal(eventLine({ ...base, id: '2', origin: 'user', kind: 'message', text: 'do it', imageCount: 0 }), undefined);
    assert.equal(eventLine({ ...base, id: '3', kind: 'state', state: 'running', serverStatus: 'running' }), undefined);
    assert.equal(eventLine({ ...base, id: '4', kind: 'observation', actionId: '1', tool: 'terminal', isError: false, result: { type: 'command', output: 'ok', exitCode: 0 } }), undefined);
  });

  it('shows a failed command\'s first output line and a file change with its verb', () => {
    assert.equal(eventLine({ ...base, id: '4', kind: 'observation', actionId: '1', tool: 'terminal', isError: false, result: { type: 'command', output: 'boom\nmore', exitCode: 2 } }), '  - failed: ` boom… `');
    assert.equal(eventLine(edit('5', 'src/a.ts')), '- Changed ` src/a.ts ` (str_replace)');
    assert.equal(eventLine(edit('6', 'src/a.ts', 'view')), '- Read ` src/a.ts `');
  });

  it('cuts a long line', () => {
    assert.equal(oneLine('x'.repeat(200), 10), `${'x'.repeat(10)}…`);
    assert.equal(quoted('  a\nb  '), '> a\n> b');
  });
});
