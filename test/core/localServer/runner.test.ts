import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { chooseRunner, isRecentPython, parsePythonVersion, serverCommand, UV_INSTALL_COMMAND, uvxCandidates, uvxFetch, venvSetup } from '../../../src/core/localServer/runner';

const STORAGE = '/home/p/.config/Code/User/globalStorage/openhands.openhands-conversations';

describe('the local agent server runner', () => {
  it('looks for uvx on PATH first, then in ~/.local/bin and ~/.cargo/bin, each folder once', () => {
    const candidates = uvxCandidates(['/usr/bin', '/home/p/.local/bin', ''].join(path.delimiter), '/home/p');
    assert.deepEqual(candidates, ['/usr/bin/uvx', '/home/p/.local/bin/uvx', '/home/p/.cargo/bin/uvx']);
    assert.deepEqual(uvxCandidates(undefined, '/h'), ['/h/.local/bin/uvx', '/h/.cargo/bin/uvx']);
  });

  it('reads what python --version prints, and wants 3.12 or newer', () => {
    assert.deepEqual(parsePythonVersion('Python 3.12.1\n'), [3, 12, 1]);
    assert.deepEqual(parsePythonVersion('Python 3.13'), [3, 13]);
    assert.equal(parsePythonVersion('pyenv: python3.12: command not found'), undefined);
    assert.equal(isRecentPython([3, 11, 7]), false);
    assert.equal(isRecentPython([3, 12, 0]), true);
    assert.equal(isRecentPython([4, 0]), true);
    assert.equal(isRecentPython([2, 99]), false);
  });

  it('runs the pinned release through uvx, bound to 127.0.0.1 on the port given', () => {
    const runner = chooseRunner('/home/p/.local/bin/uvx', [{ command: 'python3.12', version: [3, 12, 1] }], STORAGE, '1.58.2');
    assert.deepEqual(runner, { kind: 'uvx', uvx: '/home/p/.local/bin/uvx' });
    assert.deepEqual(serverCommand(runner, '1.58.2', 43123), {
      command: '/home/p/.local/bin/uvx',
      args: ['--from', 'openhands-agent-server==1.58.2', 'python', '-m', 'openhands.agent_server', '--host', '127.0.0.1', '--port', '43123'],
    });
  });

  it('fetches a release through uvx into its cache by importing the server from it, without starting it', () => {
    assert.deepEqual(uvxFetch({ kind: 'uvx', uvx: '/home/p/.local/bin/uvx' }, '1.61.0'), {
      command: '/home/p/.local/bin/uvx',
      args: ['--from', 'openhands-agent-server==1.61.0', 'python', '-c', 'import openhands.agent_server'],
    });
  });

  it('without uv, makes a venv per release in the storage with the first Python >= 3.12 found', () => {
    const runner = chooseRunner(undefined, [{ command: 'python3', version: [3, 11, 7] }, { command: 'python3.12', version: [3, 12, 1] }], STORAGE, '1.58.2');
    assert.equal(runner.kind, 'venv');
    if (runner.kind !== 'venv') return;
    assert.equal(runner.python.command, 'python3.12');
    assert.equal(runner.venvDir, path.join(STORAGE, 'venv-1.58.2'));
    assert.deepEqual(venvSetup(runner, '1.58.2'), [
      { command: 'python3.12', args: ['-m', 'venv', runner.venvDir] },
      { command: path.join(runner.venvDir, 'bin', 'python'), args: ['-m', 'pip', 'install', '--disable-pip-version-check', 'openhands-agent-server==1.58.2'] },
    ]);
    assert.deepEqual(serverCommand(runner, '1.58.2', 8001), {
      command: path.join(runner.venvDir, 'bin', 'python'),
      args: ['-m', 'openhands.agent_server', '--host', '127.0.0.1', '--port', '8001'],
    });
  });

  it('with neither uv nor Python >= 3.12, says what it found and the one command that installs uv', () => {
    const runner = chooseRunner(undefined, [{ command: 'python3', version: [3, 11, 7] }], STORAGE, '1.58.2');
    assert.equal(runner.kind, 'missing');
    if (runner.kind !== 'missing') return;
    assert.match(runner.message, /needs uv, or Python 3\.12 or newer/);
    assert.match(runner.message, /found: python3 3\.11\.7/);
    assert.ok(runner.message.endsWith(`Install uv with: ${UV_INSTALL_COMMAND}`));
    const none = chooseRunner(undefined, [], STORAGE, '1.58.2');
    assert.ok(none.kind === 'missing' && !none.message.includes('found:'));
  });
});
