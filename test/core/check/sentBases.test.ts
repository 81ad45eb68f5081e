// Send This Folder's base kept for Check Changes: by commit, found again, removed once old.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { keepSentBase, removeOldSentBases, sentBase } from '../../../src/core/check/sentBases';

const dir = mkdtempSync(join(tmpdir(), 'sent-bases-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('sent bases', () => {
  it('keeps a bundle by its commit, finds it, and removes it once older than the days kept', async () => {
    const root = join(dir, 'global storage', 'sent-bases');
    const bundle = join(dir, 'snapshot.bundle');
    writeFileSync(bundle, 'bundle bytes');
    const commit = 'ab12'.repeat(10);
    assert.equal(await sentBase(root, commit), undefined);
    await keepSentBase(root, commit, bundle);
    const kept = await sentBase(root, commit);
    assert.equal(readFileSync(kept!, 'utf8'), 'bundle bytes');
    assert.deepEqual(await removeOldSentBases(root, Date.now() + 29 * 86_400_000), []);
    utimesSync(kept!, new Date(Date.now() - 31 * 86_400_000), new Date(Date.now() - 31 * 86_400_000));
    assert.deepEqual(await removeOldSentBases(root), [`${commit}.bundle`]);
    assert.equal(await sentBase(root, commit), undefined);
    assert.deepEqual(await removeOldSentBases(join(dir, 'missing')), []);
  });
});
