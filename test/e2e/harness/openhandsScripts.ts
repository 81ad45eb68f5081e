// Running the scripts of scripts/openhands (provision.sh, the start scripts, stop.sh) from the harness: their stdout,
// and what the start scripts print (`export OPENHANDS_URL=… OPENHANDS_DIR=…`, printf %q quoting).
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './paths';

const SCRIPTS = path.join(REPO_ROOT, 'scripts', 'openhands');

/**
 * Runs a script of scripts/openhands with `env` added to this process's, returns its stdout; its stderr is shown only
 * when it fails, without `secret`.
 */
export function script(name: string, args: readonly string[], { secret = '', env = {} }: { secret?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const hide = (text: string) => (secret ? text.replaceAll(secret, '<key>') : text);
  return new Promise((resolve, reject) => {
    execFile('bash', [path.join(SCRIPTS, name), ...args], { cwd: REPO_ROOT, maxBuffer: 4 << 20, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${name} failed: ${hide(error.message)}\n${hide(stderr)}`));
      else resolve(stdout);
    });
  });
}

/** A variable a start script printed: `export OPENHANDS_URL=… OPENHANDS_DIR=…` (printf %q quoting). */
export function assignment(printed: string, name: string): string {
  const match = new RegExp(`\\b${name}=(\\S+)`).exec(printed);
  if (!match?.[1]) throw new Error(`the start script printed no ${name}`);
  return match[1].replace(/\\(.)/g, '$1');
}
