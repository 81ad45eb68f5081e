// A row of the Conversations view: its label one line of the title (or first message), the description
// repository (branch) · age · one state word, the tooltip in whole sentences.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FeedItem } from '../../../src/core/conversations/conversationFeed';
import { rowText } from '../../../src/core/conversations/conversationRow';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const item = (extra: Partial<FeedItem> = {}): FeedItem => ({
  id: '7fd96e0c', title: 'Fix the flaky login test', repository: 'octo/widgets', branch: 'main', createdAt: '2026-11-25T09:55:00Z',
  updatedAt: null, state: 'waiting', serverStatus: 'RUNNING / idle', startedHere: false, ...extra,
});

describe('rowText', () => {
  it('a conversation on a repository: repository (branch) · age · one word; the tooltip a sentence', () => {
    assert.deepEqual(rowText(item(), NOW), {
      label: 'Fix the flaky login test',
      description: 'octo/widgets (main) · 5 min · waiting',
      tooltip: 'Waiting for your input. Started 5 min ago on octo/widgets (main). Server status: RUNNING / idle.\nId: 7fd96e0c',
    });
  });

  it('a long first message: one line of it, cut, the whole in the tooltip; started here, no repository, no time', () => {
    const message = `Please rename the widget factory to the builder everywhere in the code base\nand update the docs`;
    const row = rowText(item({ title: message, repository: null, branch: null, createdAt: null, state: 'paused', serverStatus: 'PAUSED', startedHere: true }), NOW);
    assert.equal(row.label, 'Please rename the widget factory to the builder everywhere…');
    assert.equal(row.description, 'paused · started here');
    assert.equal(row.tooltip, `${message}\nPaused: its sandbox is paused. No repository. Server status: PAUSED.\nStarted from this VS Code.\nId: 7fd96e0c`);
  });

  it('a repository without a branch, just started, finished', () => {
    const row = rowText(item({ branch: null, createdAt: '2026-11-25T09:59:50Z', state: 'finished', serverStatus: 'RUNNING / finished' }), NOW);
    assert.equal(row.description, 'octo/widgets · just now · finished');
    assert.match(row.tooltip, /^Finished\. Started just now on octo\/widgets\. Server status: RUNNING \/ finished\./);
  });
});
