// A transcript as Markdown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTranscript } from '../../../src/core/transcript/build';
import { shownTime, transcriptMarkdown } from '../../../src/core/transcript/export';
import { fileActionTitle } from '../../../src/core/transcript/fileWords';
import { SampleEvents } from './sampleEvents';

describe('transcriptMarkdown', () => {
  it('writes messages, commands with their output, edits with their diff, states and the finish, in order', () => {
    const run = new SampleEvents();
    run.message('user', 'Please fix `a.ts`');
    run.state('running', 'running');
    run.command('npm test', 'ok\n');
    run.edit('str_replace', '/workspace/project/a.ts', 'one\n', 'two\n');
    run.action({ type: 'finish', message: 'Fixed **it**.' });
    run.state('finished', 'finished');
    const markdown = transcriptMarkdown(buildTranscript(run.events).items, 'Fix a.ts');
    assert.equal(markdown, [
      '# Fix a.ts',
      '### You, at 2026-01-01 12:00:02', 'Please fix `a.ts`',
      '*At 2026-01-01 12:00:03: The agent is working.*',
      '#### Command at 2026-01-01 12:00:04', '```sh\nnpm test\n```', '```\nok\n```',
      '#### Edited `a.ts` at 2026-01-01 12:00:06', '```diff\n@@ -1,1 +1,1 @@\n-one\n+two\n```',
      '### The agent finished at 2026-01-01 12:00:08', 'Fixed **it**.',
      '*At 2026-01-01 12:00:09: Finished.*',
    ].join('\n\n') + '\n');
  });

  it('keeps an output that holds fences inside its own block, and says where it was cut', () => {
    const run = new SampleEvents();
    run.command('cat README.md', 'before\n```\n# not a heading\n````\nafter');
    run.message('agent', 'y'.repeat(1_100_000));
    const markdown = transcriptMarkdown(buildTranscript(run.events).items);
    assert.ok(markdown.includes('`````\nbefore\n```\n# not a heading\n````\nafter\n`````'));
    assert.match(markdown, /\*Cut at 1048576 of its 1100000 characters\.\*/);
  });

  it('says where an action stands when it is not done', () => {
    const run = new SampleEvents();
    run.command('false', '', 2);
    run.action({ type: 'command', command: 'rm -rf build' });
    run.state('waiting', 'waiting_for_confirmation');
    const markdown = transcriptMarkdown(buildTranscript(run.events).items);
    assert.match(markdown, /Failed with exit code 2\./);
    assert.match(markdown, /Waiting for your approval\./);
  });

  it('says a failed create as the tab does, by the workspace-relative path, once', () => {
    const run = new SampleEvents();
    run.command('ls', '');
    const create = run.action({ type: 'file', command: 'create', path: '/workspace/project/.gitignore' });
    run.observe(create, { type: 'file', command: 'create', path: '/workspace/project/.gitignore', oldContent: null, newContent: null, output: 'File already exists' }, true);
    run.edit('str_replace', '/workspace/project/src/a.ts', 'one\n', 'two\n');
    const items = buildTranscript(run.events).items;
    const markdown = transcriptMarkdown(items);
    assert.match(markdown, /^#### Could not create `\.gitignore` at 2026-01-01 12:00:\d\d$/m);
    assert.doesNotMatch(markdown, /\*Failed\.\*/);
    assert.match(markdown, /^#### Edited `src\/a\.ts` at /m);
    assert.doesNotMatch(markdown, /\/workspace\/project\//);
    const file = items.find((item) => item.kind === 'file');
    assert.equal(file?.kind === 'file' && fileActionTitle(file, file.relativePath ?? file.path), 'Could not create .gitignore');
  });

  it('shows an unknown kind with its raw kind, never in a heading it could break', () => {
    const run = new SampleEvents();
    run.other('Weird`Kind\n# x', 'payload');
    assert.match(transcriptMarkdown(buildTranscript(run.events).items), /^#### Event ``Weird`Kind # x`` at /m);
  });

  it('shows naive ISO times to the second and escapes any other time text', () => {
    assert.equal(shownTime('2026-01-01T12:00:05.123456'), '2026-01-01 12:00:05');
    assert.equal(shownTime('<b>soon</b>'), '\\<b\\>soon\\</b\\>');
  });
});
