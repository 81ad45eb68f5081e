// The sum-up of a run.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTranscript } from '../../../src/core/transcript/build';
import { summarizeRun, summarySentence } from '../../../src/core/transcript/runSummary';
import { SampleEvents } from './sampleEvents';

function sampleRun(): SampleEvents {
  const run = new SampleEvents();
  run.command('ls', 'a.ts');
  run.command('npm test', 'FAIL', 1);
  run.edit('create', '/workspace/project/new.ts', null, 'x\n');
  run.edit('str_replace', '/workspace/project/new.ts', 'x\n', 'y\n');
  run.edit('str_replace', '/workspace/project/a.ts', 'a\n', 'b\n');
  run.edit('view', '/workspace/project/b.ts', null, null);
  run.action({ type: 'finish', message: 'All done.' });
  run.state('finished', 'finished');
  return run;
}

describe('summarizeRun', () => {
  it('counts commands and the files the file editor created and edited, with the finish message', () => {
    const summary = summarizeRun(buildTranscript(sampleRun().events));
    assert.deepEqual(summary, {
      commands: 2, failedCommands: 1, errors: 0, created: ['/workspace/project/new.ts'], edited: ['/workspace/project/a.ts'],
      deleted: [], filesFrom: 'file-editor', finishMessage: { text: 'All done.', trimmed: false, fullLength: 9 }, state: 'finished',
    });
    assert.equal(summarySentence(summary), 'Commands run: 2 (1 failed). Files created: 1, edited: 1.');
  });

  it('takes the files from the changes list where there is one, deletions included', () => {
    const summary = summarizeRun(buildTranscript(sampleRun().events), {
      base: { ref: 'HEAD', reason: 'head' },
      files: [{ path: 'new.ts', status: 'added' }, { path: 'a.ts', status: 'modified' }, { path: 'old.ts', status: 'deleted' }],
    });
    assert.deepEqual([summary.created, summary.edited, summary.deleted, summary.filesFrom], [['new.ts'], ['a.ts'], ['old.ts'], 'changes']);
    assert.equal(summarySentence(summary), 'Commands run: 2 (1 failed). Files created: 1, edited: 1, deleted: 1.');
  });
});
