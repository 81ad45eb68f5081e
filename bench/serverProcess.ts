// The contract server in a process of its own, so that what the bench measures in this process is the client
// alone: its latency, and the memory it keeps.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface ServerProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/** The stand-in serving one OpenHands line (default 0.5x's V0), with its /_test control routes. */
export function startServerProcess(key: string, api: 'v0' | 'v1' = 'v0'): Promise<ServerProcess> {
  const args = ['--port', '0', '--key', key, '--api', api, '--control'];
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, '..', 'test', 'support', 'standin', 'main.js'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error(`contract server did not start: ${output}`)); }, 15_000);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`contract server exited (${code}): ${output}`)); });
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      // Read once: later lines must not run this again (it would drop the exit listener of stop()).
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url: match[1],
        // A kept-alive client connection can hold a graceful close open; after a grace period it is killed.
        stop: () => new Promise((done) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), 2000);
          child.once('exit', () => { clearTimeout(kill); done(); });
          child.kill('SIGTERM');
        }),
      });
    };
    child.stdout?.on('data', onData);
  });
}
