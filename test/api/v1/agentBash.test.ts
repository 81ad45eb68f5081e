// A shell command on a V1 agent server as 1.11.0's bash_router.py runs it: POST /api/bash/execute_bash_command
// {"command","cwd","timeout"} → the last BashOutput (exit_code, stdout, stderr); a wrong key is an error.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Transport } from '../../../src/api/http/transport';
import { sessionCredential } from '../../../src/api/http/credential';
import { UnauthorizedError } from '../../../src/api/http/statusErrors';
import { runCommand } from '../../../src/api/v1/agentBash';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function agentServer(status: number, answer: unknown): Promise<{ transport: Transport; bodies: unknown[]; urls: string[] }> {
  const bodies: unknown[] = [];
  const urls: string[] = [];
  const server = await startLoopbackServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      urls.push(req.url ?? '');
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  servers.push(server);
  return { transport: new Transport({ baseUrl: server.url, fetch: (url, init) => fetch(url, init), getCredential: async () => sessionCredential('k'), timeoutMs: 5000 }), bodies, urls };
}

// 1.11.0's answer, as measured: a BashOutput event.
const OUTPUT = {
  id: '8c1b0b0e-3c62-4d0a-9c4e-2b1d3f0a9e11', timestamp: '2026-11-27T10:00:00.000000Z', command_id: '0a6b2a4c-55a4-4bb3-9d2e-7b5e1c9f8a01',
  order: 0, exit_code: 0, stdout: 'ok\n', stderr: null, kind: 'BashOutput',
};

describe('a command on a V1 agent server', () => {
  it('sends command, cwd and timeout; reads exit code and output', async () => {
    const { transport, bodies, urls } = await agentServer(200, OUTPUT);
    assert.deepEqual(await runCommand(transport, 'git status', { cwd: '/w', timeoutSeconds: 120 }), { exitCode: 0, stdout: 'ok\n', stderr: '' });
    assert.deepEqual(bodies[0], { command: 'git status', timeout: 120, cwd: '/w' });
    assert.equal(urls[0], '/api/bash/execute_bash_command');
  });

  it('without cwd none is sent (the agent server\'s own folder); a failing command\'s exit code and stderr come back', async () => {
    const { transport, bodies } = await agentServer(200, { ...OUTPUT, exit_code: 128, stdout: null, stderr: 'fatal: not a git repository' });
    assert.deepEqual(await runCommand(transport, 'git log', { timeoutSeconds: 5 }), { exitCode: 128, stdout: '', stderr: 'fatal: not a git repository' });
    assert.deepEqual(bodies[0], { command: 'git log', timeout: 5 });
  });

  it('a wrong key (401) is an error', async () => {
    const { transport } = await agentServer(401, { detail: 'Unauthorized' });
    await assert.rejects(runCommand(transport, 'true', { timeoutSeconds: 5 }), UnauthorizedError);
  });
});
