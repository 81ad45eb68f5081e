// Markdown pieces that untrusted text cannot break out of.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fenced, inlineCode, plain, quoted } from '../../../src/core/transcript/markdown';

/** The text of the first fenced block of `markdown`, as CommonMark reads it (the closing fence: same char, at least as long). */
function firstBlock(markdown: string): string {
  const lines = markdown.split('\n');
  const open = /^(`{3,})/.exec(lines[0]!)![1]!;
  const close = lines.findIndex((line, i) => i > 0 && /^`{3,}\s*$/.test(line) && line.trim().length >= open.length);
  return lines.slice(1, close).join('\n');
}

describe('fenced', () => {
  it('holds content with fences of its own, which cannot close it', () => {
    for (const content of ['plain', '```\nnot code\n```', '````js\nx\n````', 'a ``````` b', '```']) {
      const block = fenced(content, 'sh');
      assert.equal(firstBlock(block), content, content);
      assert.ok(block.startsWith('```'));
      assert.ok(block.endsWith('`'));
    }
  });
});

describe('inlineCode, quoted, plain', () => {
  it('keeps backticks and new lines inside inline code', () => {
    assert.equal(inlineCode('a.ts'), '`a.ts`');
    assert.equal(inlineCode('a`b'), '``a`b``');
    assert.equal(inlineCode('`x`'), '`` `x` ``');
    assert.equal(inlineCode('two\nlines'), '`two lines`');
  });

  it('quotes every line', () => {
    assert.equal(quoted('a\n\nb\n'), '> a\n>\n> b');
  });

  it('escapes what would turn plain text into links, emphasis or HTML', () => {
    assert.equal(plain('[x](javascript:y) <img> *a* `c`'), '\\[x\\](javascript:y) \\<img\\> \\*a\\* \\`c\\`');
  });
});
