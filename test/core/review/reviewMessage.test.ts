import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { reviewMessage } from '../../../src/core/review/reviewMessage';
import { newThread, type LineRange, type ReviewSide } from '../../../src/core/review/reviewThread';

const thread = (path: string, side: ReviewSide, range: LineRange, text: string, body: string) =>
  newThread({ id: `${path}:${range.start}`, conversationId: 'c1', path, side, range, body }, text);

const FILE = 'one\ntwo\nthree\nfour\nfive\n';

describe('reviewMessage', () => {
  it('gives a range on the agent\'s side with its exact lines fenced, then the comment', () => {
    const message = reviewMessage([thread('src/a.ts', 'agent', { start: 2, end: 4 }, FILE, 'Skips the last item.')]);
    assert.match(message, /In "src\/a\.ts", lines 2-4:\n```\ntwo\nthree\nfour\n```\nSkips the last item\.$/);
  });

  it('names a single line as one line', () => {
    assert.match(reviewMessage([thread('a.ts', 'agent', { start: 5, end: 5 }, FILE, 'x')]), /In "a\.ts", line 5:\n```\nfive\n```\nx/);
  });

  it('orders comments on several files by path, then line, and ends with the overall note', () => {
    const message = reviewMessage([
      thread('b.ts', 'agent', { start: 3, end: 3 }, FILE, 'third'),
      thread('a.ts', 'agent', { start: 4, end: 4 }, FILE, 'second'),
      thread('a.ts', 'agent', { start: 1, end: 1 }, FILE, 'first'),
    ], '  Run the tests too.  ');
    const order = ['first', 'second', 'third', 'Overall: Run the tests too.'].map((text) => message.indexOf(text));
    assert.deepEqual([...order].sort((x, y) => x - y), order);
    assert.ok(order.every((at) => at > 0));
    assert.ok(message.endsWith('Overall: Run the tests too.'));
  });

  it('leaves out an empty overall note', () => {
    assert.doesNotMatch(reviewMessage([thread('a.ts', 'agent', { start: 1, end: 1 }, FILE, 'x')], '   '), /Overall/);
  });

  it('says which deleted lines of the base a comment is about', () => {
    const message = reviewMessage([
      thread('a.ts', 'base', { start: 2, end: 3 }, FILE, 'Why remove these?'),
      thread('a.ts', 'base', { start: 5, end: 5 }, FILE, 'And this?'),
    ]);
    assert.match(message, /In "a\.ts", deleted lines 2-3 of the base:\n```\ntwo\nthree\n```\nWhy remove these\?/);
    assert.match(message, /In "a\.ts", deleted line 5 of the base:\n```\nfive\n```\nAnd this\?/);
  });

  it('takes the lines of a CRLF file exactly, without their line ends', () => {
    const message = reviewMessage([thread('w.bat', 'agent', { start: 1, end: 2 }, 'echo a\r\necho b\r\necho c\r\n', 'ok?\r\nsure')]);
    assert.match(message, /```\necho a\necho b\n```\nok\?\nsure/);
    assert.doesNotMatch(message, /\r/);
  });

  it('fences lines holding backticks with a longer fence, and keeps a comment\'s own fences as written', () => {
    const text = 'const s = `x`;\n```md\nnot closed by ````\n';
    const message = reviewMessage([thread('doc.md', 'agent', { start: 1, end: 3 }, text, 'Use this:\n```ts\nfoo();\n```')]);
    assert.match(message, /\n`````\nconst s = `x`;\n```md\nnot closed by ````\n`````\nUse this:\n```ts\nfoo\(\);\n```/);
  });

  it('quotes a path with spaces whole', () => {
    assert.match(reviewMessage([thread('my docs/read me.md', 'agent', { start: 1, end: 1 }, FILE, 'x')]), /In "my docs\/read me\.md", line 1:/);
  });
});
