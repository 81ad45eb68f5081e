// A message being written as transcript items: its reasoning and its words, keyed as the event that ends it will be.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTranscript } from '../../../src/core/transcript/build';
import { partialItems } from '../../../src/core/transcript/partials';

describe('partialItems', () => {
  it('an agent message marked writing and its thinking, under the ids the finished event\'s items take', () => {
    const items = partialItems([{ id: 'a1', text: 'I will', thinking: 'Hmm.' }, { id: 'a2', text: '', thinking: '' }], 'T');
    assert.deepEqual(items.map((i) => [i.id, i.kind, i.kind === 'message' && i.writing]), [['a1:thinking', 'thinking', false], ['a1', 'message', true]]);
    const finished = buildTranscript([{
      id: 'a1', timestamp: 'T', origin: 'agent', kind: 'action', tool: 'terminal', action: { type: 'command', command: 'ls' }, thought: 'I will list.', thinking: 'Hmm, more.',
    }]).items;
    assert.deepEqual(finished.map((i) => i.id), ['a1:thinking', 'a1'], 'the same ids: the tab replaces them in place');
  });
});
