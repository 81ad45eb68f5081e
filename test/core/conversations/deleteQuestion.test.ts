// The modal before Delete Conversation: one conversation named once and spoken of in the singular; several listed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deleteQuestion } from '../../../src/core/conversations/deleteQuestion';

describe('deleteQuestion', () => {
  it('names one conversation once, in the question, and speaks of it in the singular', () => {
    const { question, detail } = deleteQuestion([{ title: 'Fix the parser', state: 'running' }]);
    assert.equal(question, 'Delete "Fix the parser" from the server?');
    assert.ok(!detail.includes('Fix the parser'), `the detail repeats the title: ${detail}`);
    assert.doesNotMatch(detail, /\btheir\b|\bones\b/, `the detail speaks in the plural: ${detail}`);
    assert.match(detail, /its events/);
    assert.match(detail, /It is running: it stops first\./);
  });

  it('lists several by title, with the running ones marked, and counts those past eight', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ title: `Task ${i}`, state: i === 0 ? 'running' as const : 'finished' as const }));
    const { question, detail } = deleteQuestion(many);
    assert.equal(question, 'Delete 10 conversations from the server?');
    assert.match(detail, /^• Task 0 \(running\)\n• Task 1\n/);
    assert.match(detail, /… and 2 more\./);
    assert.match(detail, /their events[\s\S]*Running ones stop first\./);
  });
});
