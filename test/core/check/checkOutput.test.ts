// The check's output: its end kept while it runs, then the end sent to the agent as plain text within its limits,
// secrets masked.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskSecrets, OutputTail, outputEnd, stripAnsi } from '../../../src/core/check/checkOutput';

describe('OutputTail', () => {
  it('keeps the last bytes of a long output, whole characters only', () => {
    const tail = new OutputTail(1000);
    for (let i = 0; i < 5000; i++) tail.append(Buffer.from(`line ${i} é\n`));
    const text = tail.text();
    assert.ok(Buffer.byteLength(text) <= 1000 && Buffer.byteLength(text) > 990);
    assert.ok(text.endsWith('line 4999 é\n'));
    assert.ok(!text.includes('\ufffd'));
    assert.equal(tail.cut, true);
  });

  it('keeps a 100 MB output at its limit', () => {
    const tail = new OutputTail();
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    for (let i = 0; i < 100; i++) tail.append(chunk);
    assert.equal(tail.text().length, 200 * 1024);
  });

  it('keeps a short output whole', () => {
    const tail = new OutputTail(1000);
    tail.append(Buffer.from('ok\n'));
    assert.deepEqual([tail.text(), tail.cut], ['ok\n', false]);
  });
});

describe('outputEnd', () => {
  it('removes ANSI codes and progress redraws', () => {
    assert.equal(stripAnsi('\x1b[31mFAIL\x1b[0m \x1b]8;;http://x\x07link\x1b]8;;\x07'), 'FAIL link');
    assert.deepEqual(outputEnd('\x1b[2Kprogress 10%\rprogress 100%\r\n\x1b[1mdone\x1b[22m\n\n'), { text: 'progress 100%\ndone', cut: false });
  });

  it('keeps the last 200 lines', () => {
    const output = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n');
    const end = outputEnd(output);
    const lines = end.text.split('\n');
    assert.deepEqual([lines.length, lines[0], lines[199], end.cut], [200, 'line 300', 'line 499', true]);
  });

  it('trims at 20 KiB, and keeps the end of one line longer than that', () => {
    const output = Array.from({ length: 150 }, (_, i) => `${i} ${'y'.repeat(500)}`).join('\n');
    const end = outputEnd(output);
    assert.ok(Buffer.byteLength(end.text) <= 20 * 1024);
    assert.match(end.text.split('\n').at(-1)!, /^149 /);
    const long = outputEnd(`short\n${'é'.repeat(30_000)}`);
    assert.ok(Buffer.byteLength(long.text) <= 20 * 1024 && long.text.length > 10_000 && /^é+$/.test(long.text));
  });

  it('masks what looks like a secret', () => {
    const end = outputEnd([
      'Using token ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx',
      'fetch https://user:hunter22@registry.example.com/pkg',
      'Authorization: Bearer abc.def.ghi',
      'aws AKIAIOSFODNN7EXAMPLE',
      'password: correct-horse',
      'AssertionError: expected 0 to equal 2',
    ].join('\n')).text;
    for (const secret of ['ghp_abc', 'sk-proj', 'hunter22', 'abc.def.ghi', 'AKIAIOSFODNN7EXAMPLE', 'correct-horse']) assert.ok(!end.includes(secret), `${secret} masked in ${end}`);
    assert.match(end, /AssertionError: expected 0 to equal 2/);
    assert.equal(maskSecrets('npm test -- --grep sum'), 'npm test -- --grep sum');
  });
});
