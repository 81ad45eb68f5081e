import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_TEXT_LIMIT_BYTES,
  IMAGE_LIMIT_BYTES,
  buildFilesMessage,
  buildSelectionMessage,
  fenceCodeBlock,
  firstLine,
  type MessageFile,
  type MessageResult,
  type RefusalReason,
} from '../../../src/core/conversations/message';

const ROOT = '/home/someone/repo';
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const file = (relative: string, content: string | Uint8Array): MessageFile => ({
  path: `${ROOT}/${relative}`,
  root: ROOT,
  bytes: typeof content === 'string' ? utf8(content) : content,
});

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const GIF = utf8('GIF89a\x01\x00\x01\x00');
const WEBP = utf8('RIFF\x1a\x00\x00\x00WEBPVP8 ');

function messageOf(result: MessageResult) {
  assert.ok(result.ok, `expected a message, got ${JSON.stringify(result)}`);
  return result.message;
}

function refusalsOf(result: MessageResult) {
  assert.ok(!result.ok, `expected refusals, got ${JSON.stringify(result)}`);
  return result.refusals;
}

describe('fenceCodeBlock', () => {
  const cases: ReadonlyArray<readonly [string, string, string, string]> = [
    ['plain text', 'a\nb\n', '', '```\na\nb\n```'],
    ['a language tag', 'x = 1\n', 'python', '```python\nx = 1\n```'],
    ['content without a final newline', 'a', '', '```\na\n```'],
    ['empty content', '', '', '```\n```'],
    ['a single backtick inside', 'use `x`\n', '', '```\nuse `x`\n```'],
    ['``` inside', 'before\n```js\ncode\n```\nafter\n', 'markdown', '````markdown\nbefore\n```js\ncode\n```\nafter\n````'],
    ['```` inside', '````\n```\n', '', '`````\n````\n```\n`````'],
    ['a long run mid-line', 'a ``````` b', '', '````````\na ``````` b\n````````'],
    ['CRLF line ends kept', 'a\r\nb\r\n', '', '```\na\r\nb\r\n```'],
  ];
  for (const [name, content, language, expected] of cases) {
    it(name, () => assert.equal(fenceCodeBlock(content, language), expected));
  }
});

describe('buildFilesMessage', () => {
  it('puts the words first, then each text file under its path relative to the root', () => {
    const result = buildFilesMessage('  Please review these.  ', [file('src/a.ts', 'const a = 1;\n'), file('README', 'hello\n')]);
    assert.deepEqual(messageOf(result), {
      initial_user_msg: 'Please review these.\n\nFile: src/a.ts\n```typescript\nconst a = 1;\n```\n\nFile: README\n```\nhello\n```',
      image_urls: [],
    });
  });

  it('starts with the first file when there are no words', () => {
    const result = buildFilesMessage('', [file('a.py', 'pass\n')]);
    assert.equal(messageOf(result).initial_user_msg, 'File: a.py\n```python\npass\n```');
  });

  it('keeps a fence that survives ``` in the file', () => {
    const result = buildFilesMessage('', [file('docs/x.md', '```sh\nls\n```\n')]);
    assert.equal(messageOf(result).initial_user_msg, 'File: docs/x.md\n````markdown\n```sh\nls\n```\n````');
  });

  const paths: ReadonlyArray<readonly [string, MessageFile, string]> = [
    ['nested path, posix separators', { path: `${ROOT}/src/deep/x.ts`, root: ROOT, bytes: utf8('') }, 'src/deep/x.ts'],
    ['root with a trailing slash', { path: `${ROOT}/x.ts`, root: `${ROOT}/`, bytes: utf8('') }, 'x.ts'],
    ['outside the root: the name only', { path: '/etc/hosts', root: ROOT, bytes: utf8('') }, 'hosts'],
    ['a sibling folder with the same prefix', { path: `${ROOT}-old/x.ts`, root: ROOT, bytes: utf8('') }, 'x.ts'],
    ['no root: the name only', { path: '/tmp/scratch.txt', bytes: utf8('') }, 'scratch.txt'],
    ['an untitled editor', { path: 'Untitled-1', bytes: utf8('') }, 'Untitled-1'],
  ];
  for (const [name, input, shown] of paths) {
    it(`shows ${name}`, () => {
      assert.ok(messageOf(buildFilesMessage('', [input])).initial_user_msg.startsWith(`File: ${shown}\n`));
    });
  }

  const languages: ReadonlyArray<readonly [string, string]> = [
    ['a.ts', 'typescript'], ['a.TSX', 'tsx'], ['a.js', 'javascript'], ['a.py', 'python'], ['a.go', 'go'], ['a.rs', 'rust'],
    ['a.json', 'json'], ['a.yml', 'yaml'], ['a.sh', 'bash'], ['a.md', 'markdown'], ['a.unknownext', ''], ['Makefile', ''],
  ];
  for (const [name, language] of languages) {
    it(`tags ${name} as ${language || 'nothing'}`, () => {
      assert.equal(messageOf(buildFilesMessage('', [file(name, 'x\n')])).initial_user_msg, `File: ${name}\n\`\`\`${language}\nx\n\`\`\``);
    });
  }

  it('drops a UTF-8 byte order mark', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('hi\n')]);
    assert.equal(messageOf(buildFilesMessage('', [file('a.txt', bytes)])).initial_user_msg, 'File: a.txt\n```\nhi\n```');
  });

  it('keeps non-ASCII text', () => {
    assert.ok(messageOf(buildFilesMessage('', [file('a.txt', 'héllo ✓ 😀\n')])).initial_user_msg.includes('héllo ✓ 😀'));
  });

  const refusals: ReadonlyArray<readonly [string, MessageFile, number | undefined, RefusalReason, string]> = [
    ['a text file over the default limit', file('big.log', 'a'.repeat(DEFAULT_TEXT_LIMIT_BYTES + 1)), undefined, 'text-too-large',
      'big.log is 256.1 KiB, over the 256 KiB limit for text files.'],
    ['a text file over a given limit', file('src/a.ts', 'x'.repeat(3000)), 2048, 'text-too-large',
      'src/a.ts is 3 KiB, over the 2 KiB limit for text files.'],
    ['a NUL byte at the start', file('tool', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0, 1])), undefined, 'binary',
      'tool is not a text file (it is not UTF-8 or has NUL bytes); only text files and PNG, JPEG, GIF or WebP images can be sent.'],
    ['a NUL byte near the end of the first 8 KiB', file('data.bin', Uint8Array.from([...utf8('a'.repeat(8191)), 0])), undefined, 'binary',
      'data.bin is not a text file (it is not UTF-8 or has NUL bytes); only text files and PNG, JPEG, GIF or WebP images can be sent.'],
    ['invalid UTF-8', file('latin1.txt', Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x0a])), undefined, 'binary',
      'latin1.txt is not a text file (it is not UTF-8 or has NUL bytes); only text files and PNG, JPEG, GIF or WebP images can be sent.'],
    ['a binary file over the limit, as binary', file('huge.bin', new Uint8Array(DEFAULT_TEXT_LIMIT_BYTES * 2)), undefined, 'binary',
      'huge.bin is not a text file (it is not UTF-8 or has NUL bytes); only text files and PNG, JPEG, GIF or WebP images can be sent.'],
    ['an image over 5 MiB', file('shot.png', Uint8Array.from({ length: IMAGE_LIMIT_BYTES + 200 * 1024 }, (_, i) => PNG[i] ?? 0)), undefined, 'image-too-large',
      'shot.png is 5.2 MiB, over the 5 MiB limit for images.'],
    ['an image name over non-image bytes', file('fake.jpg', 'not really a jpeg'), undefined, 'not-an-image',
      'fake.jpg does not hold PNG, JPEG, GIF or WebP image data.'],
  ];
  for (const [name, input, limit, reason, message] of refusals) {
    it(`refuses ${name}`, () => {
      const result = buildFilesMessage('words', [input], limit === undefined ? {} : { textLimitBytes: limit });
      assert.deepEqual(refusalsOf(result), [{ path: message.split(' ')[0], reason, message }]);
    });
  }

  it('accepts a text file of exactly the limit', () => {
    assert.ok(buildFilesMessage('', [file('a.txt', 'x'.repeat(100))], { textLimitBytes: 100 }).ok);
  });

  it('accepts a NUL byte after the first 8 KiB when the text is valid UTF-8', () => {
    assert.ok(buildFilesMessage('', [file('a.txt', `${'a'.repeat(8192)}\0`)]).ok);
  });

  it('reports every refused file and builds no message', () => {
    const result = buildFilesMessage('', [file('ok.ts', 'x'), file('a.bin', Uint8Array.from([0])), file('b.txt', 'x'.repeat(20))], {
      textLimitBytes: 10,
    });
    assert.deepEqual(refusalsOf(result).map((r) => [r.path, r.reason]), [['a.bin', 'binary'], ['b.txt', 'text-too-large']]);
  });

  const images: ReadonlyArray<readonly [string, Uint8Array, string]> = [
    ['logo.png', PNG, 'image/png'],
    ['photo.jpg', JPEG, 'image/jpeg'],
    ['photo.JPEG', JPEG, 'image/jpeg'],
    ['anim.gif', GIF, 'image/gif'],
    ['pic.webp', WEBP, 'image/webp'],
    ['misnamed.jpg', PNG, 'image/png'],
  ];
  for (const [name, bytes, mime] of images) {
    it(`sends ${name} as a ${mime} data URL named in the text`, () => {
      const message = messageOf(buildFilesMessage('Look at this.', [file(`img/${name}`, bytes)]));
      assert.deepEqual(message, {
        initial_user_msg: `Look at this.\n\nAttached image: img/${name}`,
        image_urls: [`data:${mime};base64,${Buffer.from(bytes).toString('base64')}`],
      });
    });
  }

  it('does not apply the text limit to images', () => {
    assert.ok(buildFilesMessage('', [file('a.png', PNG)], { textLimitBytes: 4 }).ok);
  });

  it('accepts an image of exactly 5 MiB', () => {
    const bytes = Uint8Array.from({ length: IMAGE_LIMIT_BYTES }, (_, i) => PNG[i] ?? 0);
    assert.equal(messageOf(buildFilesMessage('', [file('a.png', bytes)])).image_urls.length, 1);
  });

  it('keeps files and images in the given order', () => {
    const message = messageOf(buildFilesMessage('Why?', [file('b.png', PNG), file('a.ts', 'x\n'), file('c.gif', GIF)]));
    assert.equal(message.initial_user_msg, 'Why?\n\nAttached image: b.png\n\nFile: a.ts\n```typescript\nx\n```\n\nAttached image: c.gif');
    assert.deepEqual(message.image_urls.map((url) => url.slice(0, url.indexOf(';'))), ['data:image/png', 'data:image/gif']);
  });

  it('encodes a view into a larger buffer from its own bytes only', () => {
    const backing = Uint8Array.from([1, 2, 3, ...PNG, 4, 5]);
    const view = backing.subarray(3, 3 + PNG.length);
    assert.deepEqual(messageOf(buildFilesMessage('', [file('a.png', view)])).image_urls, [`data:image/png;base64,${Buffer.from(PNG).toString('base64')}`]);
  });
});

describe('buildSelectionMessage', () => {
  const selection = (text: string, startLine: number, endLine: number, relative = 'src/a.ts') =>
    ({ path: `${ROOT}/${relative}`, root: ROOT, text, startLine, endLine });

  const cases: ReadonlyArray<readonly [string, string, ReturnType<typeof selection>, string]> = [
    ['a line range', 'Explain this.', selection('a();\nb();\n', 3, 7), 'Explain this.\n\nSelection from src/a.ts, lines 3-7:\n```typescript\na();\nb();\n```'],
    ['a single line', '', selection('a();', 3, 3), 'Selection from src/a.ts, line 3:\n```typescript\na();\n```'],
    ['backticks in the selection', 'Fix', selection('```\n````\n', 1, 2, 'notes.txt'), 'Fix\n\nSelection from notes.txt, lines 1-2:\n`````\n```\n````\n`````'],
    ['an unknown extension', '', selection('x', 10, 12, 'data.unknownext'), 'Selection from data.unknownext, lines 10-12:\n```\nx\n```'],
  ];
  for (const [name, words, input, expected] of cases) {
    it(name, () => assert.deepEqual(messageOf(buildSelectionMessage(words, input)), { initial_user_msg: expected, image_urls: [] }));
  }

  it('refuses a selection over the limit, counted in UTF-8 bytes', () => {
    const result = buildSelectionMessage('', selection('é'.repeat(600), 1, 1), { textLimitBytes: 1024 });
    assert.deepEqual(refusalsOf(result), [{
      path: 'src/a.ts',
      reason: 'text-too-large',
      message: 'The selection in src/a.ts is 1.2 KiB, over the 1 KiB limit for text.',
    }]);
  });

  const badRanges: ReadonlyArray<readonly [number, number]> = [[0, 1], [5, 4], [1.5, 2], [Number.NaN, 1]];
  for (const [start, end] of badRanges) {
    it(`throws a RangeError for lines ${start}-${end}`, () => {
      assert.throws(() => buildSelectionMessage('', selection('x', start, end)), RangeError);
    });
  }
});

describe('firstLine', () => {
  const long = 'word '.repeat(30);
  const cases: ReadonlyArray<readonly [string, string, number | undefined, string]> = [
    ['a single line', 'Fix the login bug', undefined, 'Fix the login bug'],
    ['the first of several lines', 'Fix it\nthen test\n', undefined, 'Fix it'],
    ['leading blank lines skipped', '\n  \r\n  Title here  \r\nmore', undefined, 'Title here'],
    ['inner whitespace collapsed', 'a\t\tb   c', undefined, 'a b c'],
    ['empty text', '', undefined, ''],
    ['blank text', ' \n\t\n', undefined, ''],
    ['exactly the maximum', 'x'.repeat(80), undefined, 'x'.repeat(80)],
    ['over the maximum', 'x'.repeat(81), undefined, `${'x'.repeat(79)}…`],
    ['no space before the ellipsis', long, 11, 'word word…'],
    ['a files message without words', 'File: src/a.ts\n```typescript\n', undefined, 'File: src/a.ts'],
    ['emoji kept whole', '😀'.repeat(10), 5, '😀😀😀😀…'],
  ];
  for (const [name, text, max, expected] of cases) {
    it(name, () => assert.equal(max === undefined ? firstLine(text) : firstLine(text, max), expected));
  }
});
