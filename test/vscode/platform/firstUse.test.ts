// The loader of the on-demand bundle: one load for every caller, and a failed load tried again by the next use.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loggedImport, onFirstUse } from '../../../src/vscode/platform/firstUse';

describe('onFirstUse', () => {
  it('loads once, however many callers ask before and after it resolved', async () => {
    let loads = 0;
    const load = onFirstUse(async () => ({ load: ++loads }));
    assert.equal(load.now(), undefined, 'nothing loaded before the first use');
    const [a, b] = await Promise.all([load.get(), load.get()]);
    const c = await load.get();
    assert.equal(loads, 1);
    assert.ok(a === b && b === c && c === load.now());
  });

  it('tries again on the next use after a failed load, and keeps what that one loaded', async () => {
    let loads = 0;
    const load = onFirstUse(async () => {
      loads++;
      if (loads === 1) throw new Error('dist/onDemand.js is missing');
      return 'loaded';
    });
    await assert.rejects(load.get(), /onDemand\.js is missing/);
    assert.equal(load.now(), undefined);
    assert.equal(await load.get(), 'loaded');
    assert.equal(await load.get(), 'loaded');
    assert.equal(loads, 2);
  });

  it('loggedImport says which bundle loaded and how long it took, and passes a failed import on', async () => {
    const lines: string[] = [];
    assert.equal(await loggedImport((line) => lines.push(line), 'agentWork.js', async () => 'module'), 'module');
    assert.match(lines[0] ?? '', /^Loaded agentWork\.js in \d+\.\d ms$/);
    await assert.rejects(loggedImport((line) => lines.push(line), 'x.js', async () => { throw new Error('missing'); }), /missing/);
    assert.equal(lines.length, 1, 'a failed import logs no load time');
  });
});
