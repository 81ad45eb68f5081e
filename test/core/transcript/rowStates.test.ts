// The row's states as transcript entries: Stop and Resume, which no event of the agent's tells (V1).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranscriptItem } from '../../../src/core/transcript/items';
import { RowStates } from '../../../src/core/transcript/rowStates';
import { trimText } from '../../../src/core/transcript/text';

const at = new Date('2026-12-02T06:00:00Z');
const message = (id: string): TranscriptItem => ({ id, timestamp: at.toISOString(), kind: 'message', from: 'agent', text: trimText(id), imageCount: 0 });
const state = (id: string, value: 'running' | 'finished'): TranscriptItem => ({ id, timestamp: at.toISOString(), kind: 'state', state: value, serverStatus: value });
const shown = (items: readonly TranscriptItem[]) => items.map((item) => (item.kind === 'state' ? `state:${item.state}` : item.id));

describe('RowStates', () => {
  it('enters Stop and Resume where the transcript stood when the row changed', () => {
    const rows = new RowStates();
    assert.equal(rows.observe('running', 'e1', at), false, 'the state the tab opened in is no entry');
    assert.equal(rows.observe('paused', 'e2', at), true);
    assert.equal(rows.observe('paused', 'e2', at), false, 'an unchanged row adds nothing');
    assert.equal(rows.observe('running', 'e2', at), true);
    assert.deepEqual(shown(rows.merge([message('e1'), message('e2'), message('e3')])), ['e1', 'e2', 'state:paused', 'state:running', 'e3']);
  });

  it('leaves out an entry the one before it already says, from the events or the row', () => {
    const rows = new RowStates();
    rows.observe('running', undefined, at);
    rows.observe('finished', 'e2', at);
    assert.deepEqual(shown(rows.merge([message('e1'), state('e2', 'finished')])), ['e1', 'state:finished']);
    rows.observe('paused', 'e2', at);
    rows.observe('running', 'e2', at);
    assert.deepEqual(shown(rows.merge([message('e1'), state('e2', 'finished'), state('e3', 'running')])),
      ['e1', 'state:finished', 'state:paused', 'state:running'], 'the events\' running after the row\'s is not said twice');
  });

  it('puts an entry whose item is gone at the end, and one seen before any item first', () => {
    const rows = new RowStates();
    rows.observe('running', undefined, at);
    rows.observe('paused', undefined, at);
    rows.observe('running', 'gone', at);
    assert.deepEqual(shown(rows.merge([message('e1')])), ['state:paused', 'e1', 'state:running']);
  });
});
