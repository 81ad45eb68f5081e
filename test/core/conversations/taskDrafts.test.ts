import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TaskDrafts } from '../../../src/core/conversations/taskDrafts';

describe('TaskDrafts', () => {
  it('keeps a task per folder until a conversation starts there', () => {
    const drafts = new TaskDrafts();
    drafts.keep('file:///work/a', 'Fix the parser');
    drafts.keep('file:///work/b', 'Write the docs');
    drafts.keep(undefined, 'Without a folder');
    assert.deepEqual([drafts.draft('file:///work/a'), drafts.draft('file:///work/b'), drafts.draft(undefined)], ['Fix the parser', 'Write the docs', 'Without a folder']);
    drafts.started('file:///work/a');
    assert.deepEqual([drafts.draft('file:///work/a'), drafts.draft('file:///work/b')], ['', 'Write the docs']);
  });

  it('takes the latest text for a folder, and forgets it for an empty one', () => {
    const drafts = new TaskDrafts();
    drafts.keep('file:///work/a', 'first words');
    drafts.keep('file:///work/a', 'first words, and more');
    assert.equal(drafts.draft('file:///work/a'), 'first words, and more');
    drafts.keep('file:///work/a', '');
    assert.equal(drafts.draft('file:///work/a'), '');
  });
});
