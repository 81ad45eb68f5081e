// What this machine has, faked by a PATH of scripts: uvx found; no uv and Python < 3.12 (the message with the uv
// install command); a pyenv shim that fails left out.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { UV_INSTALL_COMMAND } from '../../../src/core/localServer/runner';
import { findRunner } from '../../../src/core/localServer/runnerProbe';

function script(file: string, body: string): void {
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}

describe('finding the local agent server runner', () => {
  let dir: string;
  let bin: string;
  let home: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-server-probe-'));
    bin = path.join(dir, 'bin');
    home = path.join(dir, 'home');
    fs.mkdirSync(bin);
    fs.mkdirSync(home);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('with uv missing and only Python 3.11, says so with the command that installs uv', async () => {
    script(path.join(bin, 'python3'), 'echo "Python 3.11.7"');
    script(path.join(bin, 'python3.12'), 'echo "pyenv: python3.12: command not found" >&2; exit 127');
    const runner = await findRunner({ PATH: bin }, home, dir, '1.58.2');
    assert.equal(runner.kind, 'missing');
    assert.ok(runner.kind === 'missing' && runner.message.includes('found: python3 3.11.7') && runner.message.includes(UV_INSTALL_COMMAND));
  });

  it('with uv missing, takes the Python >= 3.12 it finds, for a venv', async () => {
    script(path.join(bin, 'python3'), 'echo "Python 3.11.7"');
    script(path.join(bin, 'python3.13'), 'echo "Python 3.13.0"');
    const runner = await findRunner({ PATH: bin }, home, dir, '1.58.2');
    assert.equal(runner.kind, 'venv');
    assert.ok(runner.kind === 'venv' && runner.python.command === 'python3.13');
  });

  it('finds uvx where uv\'s installer puts it, off PATH', async () => {
    fs.mkdirSync(path.join(home, '.local', 'bin'), { recursive: true });
    script(path.join(home, '.local', 'bin', 'uvx'), 'exit 0');
    fs.writeFileSync(path.join(bin, 'uvx'), 'not executable', { mode: 0o644 });
    assert.deepEqual(await findRunner({ PATH: bin }, home, dir, '1.58.2'), { kind: 'uvx', uvx: path.join(home, '.local', 'bin', 'uvx') });
  });
});
