import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseInline, parseMarkdown, type MdBlock, type MdInline } from '../../webview/transcript/markdown';

/** Every string anywhere in a tree: what the page would put in text nodes (and link targets). */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object') return Object.values(node).flatMap(texts);
  return [];
}

describe('the transcript Markdown reader', () => {
  it('reads headings, paragraphs, lists, block quotes and fenced code', () => {
    const blocks = parseMarkdown('# Plan\n\nFirst line\nsecond line\n\n- one\n- two\n\n1. a\n2. b\n\n> quoted\n\n```ts\nconst x = 1;\n```');
    assert.deepEqual(blocks.map((b) => b.type), ['heading', 'paragraph', 'list', 'list', 'quote', 'code']);
    assert.deepEqual(blocks[0], { type: 'heading', level: 1, inlines: [{ type: 'text', text: 'Plan' }] });
    assert.deepEqual(blocks[1], { type: 'paragraph', inlines: [{ type: 'text', text: 'First line\nsecond line' }] });
    const list = blocks[2] as Extract<MdBlock, { type: 'list' }>;
    assert.equal(list.ordered, false);
    assert.equal(list.items.length, 2);
    assert.equal((blocks[3] as Extract<MdBlock, { type: 'list' }>).ordered, true);
    assert.deepEqual(blocks[5], { type: 'code', lang: 'ts', text: 'const x = 1;' });
  });

  it('reads emphasis, strong, inline code and links, and leaves snake_case alone', () => {
    assert.deepEqual(parseInline('a *b* **c** `d` [e](https://x.test/y) f_g_h'), [
      { type: 'text', text: 'a ' }, { type: 'em', children: [{ type: 'text', text: 'b' }] }, { type: 'text', text: ' ' },
      { type: 'strong', children: [{ type: 'text', text: 'c' }] }, { type: 'text', text: ' ' }, { type: 'code', text: 'd' }, { type: 'text', text: ' ' },
      { type: 'link', url: 'https://x.test/y', children: [{ type: 'text', text: 'e' }] }, { type: 'text', text: ' f_g_h' },
    ] satisfies MdInline[]);
  });

  it('makes bare http(s) URLs links, without the sentence\'s closing punctuation', () => {
    assert.deepEqual(parseInline('see https://example.test/a.'), [
      { type: 'text', text: 'see ' }, { type: 'link', url: 'https://example.test/a', children: [{ type: 'text', text: 'https://example.test/a' }] }, { type: 'text', text: '.' },
    ]);
  });

  it('keeps raw HTML as the text it is: no node kind exists for it', () => {
    const hostile = '<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned = 1">\n\n[click](javascript:alert(1)) [run](command:workbench.action.quit)';
    const blocks = parseMarkdown(hostile);
    const kinds = new Set(JSON.stringify(blocks).match(/"type":"(\w+)"/g));
    assert.deepEqual([...kinds].sort(), ['"type":"link"', '"type":"paragraph"', '"type":"text"']);
    assert.ok(texts(blocks).includes('<script>window.pwned = 1</script>'));
    assert.ok(texts(blocks).some((t) => t.includes('onerror=')));
    // The links keep their targets as data: the page never navigates them, the host opens only http(s).
    assert.ok(texts(blocks).includes('javascript:alert(1)'));
    assert.ok(texts(blocks).includes('command:workbench.action.quit'));
  });

  it('reads a 1 MB message without a pathological slowdown', () => {
    const big = `${'word *x* `y` [z](https://a.test) '.repeat(30_000)}\n\n${'line\n'.repeat(20_000)}`;
    const started = performance.now();
    const blocks = parseMarkdown(big);
    assert.ok(blocks.length >= 1);
    assert.ok(performance.now() - started < 5_000, 'parsed in under 5 s');
  });

  it('does not open emphasis on an unmatched marker or a space', () => {
    assert.deepEqual(parseInline('2 * 3 and *open'), [{ type: 'text', text: '2 * 3 and *open' }]);
  });
});
