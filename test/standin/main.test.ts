// The dev-server CLI: argument and environment parsing, and a real start/stop of the compiled script.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { optionsFromArgs } from '../support/standin/main';

describe('optionsFromArgs', () => {
  it('defaults to 127.0.0.1:3000, the V1 line, without key, control routes or rate limit', () => {
    assert.deepEqual(optionsFromArgs([], {}), {
      host: '127.0.0.1',
      port: 3000,
      sessionApiKey: undefined,
      stateFile: undefined,
      allowSetConversationId: false,
      rateLimit: false,
      controlApi: false,
      api: 'v1',
      auth: 'session',
      webUi: false,
    });
  });

  it('reads every flag, flags winning over OPENHANDS_DEV_PORT / OPENHANDS_DEV_KEY', () => {
    const argv = ['--port', '4000', '--key', 'K', '--state', 's.json', '--allow-set-conversation-id', '--rate-limit', '--control', '--api', 'mixed', '--auth', 'bearer', '--web-ui'];
    assert.deepEqual(optionsFromArgs(argv, { OPENHANDS_DEV_PORT: '5000', OPENHANDS_DEV_KEY: 'E' }), {
      host: '127.0.0.1',
      port: 4000,
      sessionApiKey: 'K',
      stateFile: 's.json',
      allowSetConversationId: true,
      rateLimit: true,
      controlApi: true,
      api: 'mixed',
      auth: 'bearer',
      webUi: true,
    });
    const fromEnv = optionsFromArgs([], { OPENHANDS_DEV_PORT: '5000', OPENHANDS_DEV_KEY: 'E' });
    assert.equal(fromEnv.port, 5000);
    assert.equal(fromEnv.sessionApiKey, 'E');
  });

  it('rejects a bad port and unknown flags', () => {
    assert.throws(() => optionsFromArgs(['--port', 'x'], {}), /invalid port/);
    assert.throws(() => optionsFromArgs(['--nope'], {}));
    assert.throws(() => optionsFromArgs(['--api', 'v2'], {}), /invalid --api: v2 \(one of v0, mixed, v1\)/);
    assert.throws(() => optionsFromArgs(['--auth', 'basic'], {}), /invalid --auth/);
  });
});

describe('main.js', () => {
  it('prints its URL and key, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(__dirname, '..', 'support', 'standin', 'main.js'), '--port', '0', '--key', 'dev-key'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8');
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match && output.includes('dev-key')) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`exited early: ${output}`)));
    });
    const answer = await fetch(`${url}/api/v1/settings`, { headers: { 'X-Session-API-Key': 'dev-key' } });
    assert.equal(answer.status, 404);
    assert.equal(await answer.text(), '{"error":"Settings not found"}');
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
  });
});
