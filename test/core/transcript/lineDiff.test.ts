// The per-edit line diff: its hunks apply back to the new file, it is as short as a longest common subsequence
// allows, and it stops at its limits.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { editDiff } from '../../../src/core/transcript/lineDiff';
import { Random } from '../../support/random';

/** Applies unified hunks to `before` (strictly: every context and removed line must match). */
function applyHunks(before: string, unified: string): string {
  const old = before.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const out: string[] = [];
  let at = 0;
  const lines = unified.split('\n');
  lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const header = /^@@ -(\d+),(\d+) \+\d+,\d+ @@$/.exec(lines[i]!);
    if (header) {
      const start = Number(header[1]) - (Number(header[2]) === 0 ? 0 : 1);
      while (at < start) out.push(old[at++]!);
      continue;
    }
    const line = lines[i]!;
    const unterminated = lines[i + 1] === '\\ No newline at end of file';
    if (unterminated) i++;
    const text = line.slice(1) + (unterminated ? '' : '\n');
    if (line[0] !== '+') assert.equal(old[at++], text, `line ${at} should match`);
    if (line[0] !== '-') out.push(text);
  }
  return out.join('') + old.slice(at).join('');
}

function lcsLength(a: readonly string[], b: readonly string[]): number {
  let row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const next = [0];
    for (let j = 0; j < b.length; j++) next.push(x === b[j] ? row[j]! + 1 : Math.max(row[j + 1]!, next[j]!));
    row = next;
  }
  return row[b.length]!;
}

describe('editDiff', () => {
  it('shows a one-line change with three lines of context', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const diff = editDiff(before, before.replace('e\n', 'E\n'));
    assert.equal(diff.unified, '@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n');
    assert.deepEqual([diff.added, diff.removed, diff.tooLarge], [1, 1, false]);
  });

  it('shows a created file as all added and an emptied one as all removed', () => {
    assert.equal(editDiff(null, 'x\ny\n').unified, '@@ -0,0 +1,2 @@\n+x\n+y\n');
    assert.equal(editDiff('x\ny\n', null).unified, '@@ -1,2 +0,0 @@\n-x\n-y\n');
    assert.deepEqual(editDiff('same\n', 'same\n'), { unified: '', added: 0, removed: 0, tooLarge: false });
  });

  it('tells a missing final newline apart', () => {
    const diff = editDiff('a\nb', 'a\nb\n');
    assert.equal(diff.unified, '@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n');
  });

  it('keeps far changes in separate hunks and near ones in one', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const far = [...lines]; far[2] = 'x'; far[25] = 'y';
    assert.equal(editDiff(`${lines.join('\n')}\n`, `${far.join('\n')}\n`).unified.match(/^@@/gm)?.length, 2);
    const near = [...lines]; near[2] = 'x'; near[9] = 'y';
    assert.equal(editDiff(`${lines.join('\n')}\n`, `${near.join('\n')}\n`).unified.match(/^@@/gm)?.length, 1);
  });

  it('applies back to the new file and is minimal, on 400 random edits', () => {
    const random = new Random(23);
    for (let round = 0; round < 400; round++) {
      const before = Array.from({ length: random.int(0, 25) }, () => random.pick(['a', 'b', 'c', 'd', '']));
      const after = before.flatMap((line) => (random.chance(0.2) ? [] : random.chance(0.2) ? [line, random.pick(['a', 'x', 'y'])] : [line]));
      if (random.chance(0.3)) after.unshift('z');
      const [oldText, newText] = [before, after].map((l) => l.join('\n') + (random.chance(0.8) && l.length ? '\n' : ''));
      const diff = editDiff(oldText!, newText!);
      assert.equal(applyHunks(oldText!, diff.unified), newText, `seed round ${round}`);
      const [a, b] = [oldText!, newText!].map((t) => (t === '' ? [] : t.replace(/\n$/, '').split('\n')));
      const common = lcsLength(a!, b!);
      assert.ok(diff.added + diff.removed <= a!.length + b!.length - 2 * common + 2, `round ${round} is not minimal`);
    }
  });

  it('reports files over its limits as too large, with their line counts', () => {
    const big = Array.from({ length: 3_000 }, (_, i) => `${i}`);
    const diff = editDiff(`${big.join('\n')}\n`, `${big.reverse().join('\n')}\n`, { maxLines: 20_000, maxEdits: 1_000, context: 3 });
    assert.deepEqual(diff, { unified: '', added: 3_000, removed: 3_000, tooLarge: true });
    assert.equal(editDiff('a\nb\n', 'b\nc\n', { maxLines: 3, maxEdits: 10, context: 3 }).tooLarge, true);
  });
});
