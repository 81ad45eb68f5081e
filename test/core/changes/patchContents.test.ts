// The patch path of the apply with real git: an agent's workspace does the scripted run's work (base files
// committed, then an edit, a new file, a deletion, a move, a binary and a Latin-1 file), its patch is made as the
// agent server makes it (scratch index, `git diff --cached --binary`), and a fresh local repository with the same
// base files (another commit) gets the agent's exact files through contentsFromPatch, the plan and the write step.
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { planFiles, type LocalFile, type WorkingTree } from '../../../src/core/changes/applyPlan';
import { runApply, type Merger } from '../../../src/core/changes/applyRun';
import { gitRunner } from '../../../src/core/changes/gitRunner';
import { contentsFromPatch } from '../../../src/core/changes/patchContents';
import { threeWayMerge } from '../../../src/core/changes/threeWayMerge';

const sh = (cwd: string, command: string): Buffer => execFileSync('sh', ['-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
const GIT = 'git -c user.name=t -c user.email=t@example.invalid';
const BASE = `mkdir -p notes && printf 'alpha\\nbeta\\ngamma\\n' > base.txt && printf 'to be removed\\n' > doomed.txt && printf 'moving\\n' > old-name.txt && printf 'one\\r\\ntwo\\r\\n' > crlf.txt`;

function diskTree(root: string): WorkingTree {
  const at = (p: string) => path.join(root, ...p.split('/'));
  return {
    read: (p): Promise<LocalFile> => {
      const stat = fs.lstatSync(at(p), { throwIfNoEntry: false });
      if (!stat) return Promise.resolve({ kind: 'missing' });
      if (stat.isSymbolicLink()) return Promise.resolve({ kind: 'refused', reason: 'symlink' });
      return Promise.resolve({ kind: 'file', bytes: fs.readFileSync(at(p)) });
    },
    write: (p, bytes) => { fs.mkdirSync(path.dirname(at(p)), { recursive: true }); fs.writeFileSync(at(p), bytes); return Promise.resolve(); },
    remove: (p) => { fs.rmSync(at(p)); return Promise.resolve(); },
  };
}

function agentWorkspace(): { dir: string; patch: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-agent-'));
  sh(dir, `git init -q && ${BASE} && git add -A && ${GIT} commit -qm base`);
  sh(dir, `printf '# Added\\n' > notes/added.md && sed -i 's/beta/BETA/' base.txt && rm doomed.txt && git mv old-name.txt new-name.txt`);
  sh(dir, `printf '\\211PNG\\r\\n\\032\\n\\000\\001\\002\\377' > image.bin && printf 'caf\\351 cr\\350me\\n' > latin1.txt && printf 'one\\r\\nTWO\\r\\n' > crlf.txt`);
  const index = path.join(dir, '.git', 'scratch.index');
  const env = { ...process.env, GIT_INDEX_FILE: index };
  execFileSync('git', ['read-tree', 'HEAD'], { cwd: dir, env });
  execFileSync('git', ['add', '-A'], { cwd: dir, env });
  return { dir, patch: execFileSync('git', ['diff', '--cached', '--binary', 'HEAD'], { cwd: dir, env }) };
}

/** A fresh repository with the base files (`beforeCommit` changes what is committed), then `after` run. */
function localCheckout(beforeCommit = 'true', after = 'true'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-local-'));
  sh(dir, `git init -q && ${BASE} && ${beforeCommit} && git add -A && ${GIT} commit -qm 'the same files, another commit' && ${after}`);
  return dir;
}

const FILES = ['base.txt', 'crlf.txt', 'image.bin', 'latin1.txt', 'new-name.txt', 'notes/added.md'];

async function apply(local: string, patch: Buffer, agentDir: string, choice: 'merge' | 'skip') {
  const tree = diskTree(local);
  const agentBytes = (p: string) => Promise.resolve(fs.existsSync(path.join(agentDir, p)) ? fs.readFileSync(path.join(agentDir, p)) : null);
  const { changes, contents } = await contentsFromPatch({ bytes: patch, baseCommit: null }, { root: local, tree, git: gitRunner(), agentBytes });
  const plans = await planFiles(changes, contents, tree);
  const merge: Merger = (decision) => threeWayMerge(gitRunner(), decision, { local: 'yours', base: 'base', agent: 'agent' });
  return runApply(plans, new Map(changes.map((c) => [c.path, choice])), tree, () => Promise.resolve(), merge);
}

describe('contentsFromPatch: the agent\'s exact files, computed with git in a scratch folder', () => {
  it('gives a clean checkout of the same base exactly the agent\'s files, deletions and the move included', async () => {
    const agent = agentWorkspace();
    const local = localCheckout();
    const outcome = await apply(local, agent.patch, agent.dir, 'skip');
    for (const file of FILES) assert.deepEqual(fs.readFileSync(path.join(local, file)), fs.readFileSync(path.join(agent.dir, file)), file);
    for (const gone of ['doomed.txt', 'old-name.txt']) assert.equal(fs.existsSync(path.join(local, gone)), false, gone);
    assert.equal(outcome.updated.length, 7); // base, crlf, doomed, image, latin1, the move, notes/added
    assert.deepEqual(outcome.notApplied, []);
  });

  it('leaves a locally edited file as it is, and a file whose base is nowhere here', async () => {
    const agent = agentWorkspace();
    // base.txt edited by the person; crlf.txt committed with other bytes and edited, so its base is nowhere here.
    const local = localCheckout(`printf 'x\\r\\n' > crlf.txt`, `printf 'mine\\n' >> base.txt && printf 'zzz\\n' > crlf.txt`);
    const before = fs.readFileSync(path.join(local, 'base.txt'));
    const outcome = await apply(local, agent.patch, agent.dir, 'skip');
    assert.deepEqual(fs.readFileSync(path.join(local, 'base.txt')), before);
    assert.deepEqual(outcome.skipped, ['base.txt']);
    assert.deepEqual(outcome.notApplied.map((d) => [d.path, d.kind === 'unavailable' && d.reason]), [['crlf.txt', 'base-not-local']]);
    assert.deepEqual(fs.readFileSync(path.join(local, 'crlf.txt'), 'latin1'), 'zzz\n');
    assert.deepEqual(fs.readFileSync(path.join(local, 'notes/added.md')), fs.readFileSync(path.join(agent.dir, 'notes/added.md')));
  });

  it('merges a file both changed on lines apart as git does: both changes written, counted merged', async () => {
    const agent = agentWorkspace();
    const local = localCheckout('true', `printf 'mine\\n' >> base.txt`);
    const outcome = await apply(local, agent.patch, agent.dir, 'merge');
    assert.equal(fs.readFileSync(path.join(local, 'base.txt'), 'utf8'), 'alpha\nBETA\ngamma\nmine\n');
    assert.deepEqual(outcome.merged, ['base.txt']);
    assert.deepEqual(outcome.waiting, []);
    const after = outcome.snapshot.find((e) => e.path === 'base.txt')?.after;
    assert.equal(after instanceof Uint8Array && Buffer.from(after).toString(), 'alpha\nBETA\ngamma\nmine\n', 'Undo Apply knows what the merge wrote');
  });

  it('leaves a file both changed on the same line as it is: it waits for the merge editor, from git\'s merge', async () => {
    const agent = agentWorkspace();
    const local = localCheckout('true', `sed -i 's/beta/beta, mine/' base.txt && printf 'mine\\n' >> base.txt`);
    const before = fs.readFileSync(path.join(local, 'base.txt'));
    const outcome = await apply(local, agent.patch, agent.dir, 'merge');
    assert.deepEqual(fs.readFileSync(path.join(local, 'base.txt')), before);
    assert.deepEqual(outcome.merged, []);
    assert.deepEqual(outcome.waiting.map((w) => w.decision.path), ['base.txt']);
    assert.equal(Buffer.from(outcome.waiting[0]!.start).toString(), 'alpha\n<<<<<<< yours\nbeta, mine\n=======\nBETA\n>>>>>>> agent\ngamma\nmine\n');
    assert.equal(outcome.snapshot.find((e) => e.path === 'base.txt')?.after, 'merge');
  });
});
