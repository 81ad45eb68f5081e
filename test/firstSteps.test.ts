// What a person reads before connecting says how to reach each kind of server they may have: Agent Canvas on this
// machine (its launcher, its key file, its address), an agent server they started themselves, OpenHands Cloud, an
// app server. The walkthrough's first step says it (its text in package.nls.json and its page), and README's section.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** What reaching each kind of server takes, as a person would type or look for it. */
const WAYS: Record<string, RegExp> = {
  'Agent Canvas': /npx @openhands\/agent-canvas/,
  "Canvas's key file": /~\/\.openhands\/agent-canvas\/api-key\.txt/,
  "Canvas's address": /http:\/\/127\.0\.0\.1:8000/,
  'a local agent server': /python -m openhands\.agent_server/,
  'OpenHands Cloud': /OpenHands Cloud/,
  'an app server': /app server[\s\S]*http:\/\/localhost:3000|http:\/\/localhost:3000[\s\S]*app server/,
};

function missing(text: string): string[] {
  return Object.entries(WAYS).filter(([, way]) => !way.test(text)).map(([name]) => name);
}

describe('the first steps', () => {
  it("walkthrough's first step says how to reach Agent Canvas, a local agent server, OpenHands Cloud or an app server", () => {
    const manifest = JSON.parse(read('package.json')) as { contributes: { walkthroughs: { steps: { id: string; media: { markdown: string } }[] }[] } };
    const step = manifest.contributes.walkthroughs[0]?.steps[0];
    assert.equal(step?.id, 'connect');
    const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
    const description = nls['walkthrough.openhands.firstRun.connect.description'] ?? '';
    assert.deepEqual(missing(`${description}\n${read(step.media.markdown)}`), []);
    assert.match(description, /Agent Canvas/, 'the step itself, not only its page, names Agent Canvas');
  });

  it('README has a short section "Use with Agent Canvas or an agent server" that says the same', () => {
    const readme = read('README.md');
    const section = /\n## Use with Agent Canvas or an agent server\n([\s\S]*?)(?=\n## )/.exec(readme)?.[1] ?? '';
    assert.ok(section, 'the section is there');
    assert.deepEqual(missing(section), []);
    assert.ok(section.trim().split('\n').length <= 14, `the section stays short (${section.trim().split('\n').length} lines)`);
  });
});
