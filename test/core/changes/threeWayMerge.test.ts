import * as assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { gitRunner } from '../../../src/core/changes/gitRunner';
import { threeWayMerge } from '../../../src/core/changes/threeWayMerge';

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const text = (content: Uint8Array) => Buffer.from(content).toString('utf8');
const labels = { local: 'yours', base: 'base', agent: 'agent' };
const merge = (local: string, base: string | null, agent: string) =>
  threeWayMerge(gitRunner(), { local: bytes(local), base: base === null ? null : bytes(base), agent: bytes(agent) }, labels);
const scratchFolders = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('openhands-merge-')).length;

describe('three-way merge of the person\'s file and the agent\'s', () => {
  it('takes both sides\' changes on lines apart, with no conflict', async () => {
    const result = await merge('one mine\ntwo\nthree\n', 'one\ntwo\nthree\n', 'one\ntwo\nthree agent\n');
    assert.equal(text(result.merged), 'one mine\ntwo\nthree agent\n');
    assert.equal(result.conflicts, 0);
  });

  it('counts changes on adjacent lines as one conflict, as git does', async () => {
    const result = await merge('one mine\ntwo\n', 'one\ntwo\n', 'one\ntwo agent\n');
    assert.equal(result.conflicts, 1);
  });

  it('leaves the same line changed both ways as one conflict between markers', async () => {
    const result = await merge('one mine\ntwo\n', 'one\ntwo\n', 'one agent\ntwo\n');
    assert.equal(result.conflicts, 1);
    assert.equal(text(result.merged), '<<<<<<< yours\none mine\n=======\none agent\n>>>>>>> agent\ntwo\n');
  });

  it('keeps CRLF line ends and a last line without a newline', async () => {
    const result = await merge('one mine\r\ntwo\r\nthree', 'one\r\ntwo\r\nthree', 'one\r\ntwo\r\nthree agent');
    assert.equal(text(result.merged), 'one mine\r\ntwo\r\nthree agent');
    assert.equal(result.conflicts, 0);
  });

  it('merges against an empty base when the file did not exist before', async () => {
    const result = await merge('same\n', null, 'same\n');
    assert.equal(text(result.merged), 'same\n');
    assert.equal(result.conflicts, 0);
  });

  it('removes its scratch folder', async () => {
    const before = await scratchFolders();
    await merge('a\n', 'b\n', 'c\n');
    assert.equal(await scratchFolders(), before);
  });
});
