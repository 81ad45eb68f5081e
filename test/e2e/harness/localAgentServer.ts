// What code-server (and so the extension host) gets in the real-server lane for the scenarios where the extension
// starts its own agent server (Start a Local Agent Server): uv's cache in
// .cache/uv-cache (the wheel and its ~190 dependencies come from PyPI on the first run, from there after), the agent
// server's constraints (uvx reads UV_CONSTRAINT: the same dependency versions as the conformance suite's venv), and
// the Python 3.12 that venv was made with (uv would otherwise look for one, or download one). uv itself is put where its
// installer puts it, ~/.local/bin of the run's HOME (installUv): the extension host's PATH is the login shell's, not
// the one code-server was started with, and the extension looks there as it would on a person's machine.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { E2eContext } from './context';
import { REPO_ROOT } from './paths';

const OPENHANDS_CACHE = path.join(REPO_ROOT, '.cache', 'openhands');
const UV_BIN = path.join(OPENHANDS_CACHE, 'uv', 'bin');

export function localAgentServerEnv(): NodeJS.ProcessEnv {
  if (!fs.existsSync(path.join(UV_BIN, 'uvx'))) throw new Error(`${UV_BIN}/uvx is missing: scripts/openhands/provision.sh installs uv`);
  const python = fs.realpathSync(path.join(OPENHANDS_CACHE, 'agent-1.58.2', 'venv', 'bin', 'python'));
  return {
    UV_CACHE_DIR: path.join(REPO_ROOT, '.cache', 'uv-cache'),
    UV_CONSTRAINT: path.join(REPO_ROOT, 'scripts', 'openhands', 'constraints-agent-1.58.2.txt'),
    UV_PYTHON: python,
  };
}

/** uv's `uvx` and `uv` linked into `home`/.local/bin, as uv's installer puts them; returns what removes them. */
export function installUv(home: string): () => void {
  const bin = path.join(home, '.local', 'bin');
  fs.mkdirSync(bin, { recursive: true });
  for (const tool of ['uv', 'uvx']) fs.symlinkSync(path.join(UV_BIN, tool), path.join(bin, tool));
  return () => { for (const tool of ['uv', 'uvx']) fs.rmSync(path.join(bin, tool), { force: true }); };
}

/** What the extension's state file says (core/localServer/stateFile.ts). */
export interface LocalServerState { port: number; release: string; pid?: number }

/** The local agent server's folder in the extension's global storage of the run's code-server. */
export function localServerFolder(context: E2eContext): string {
  return path.join(context.userDataDir, 'User', 'globalStorage', 'openhands-conversations.openhands-conversations', 'agent-server');
}

export function readLocalServerState(context: E2eContext): LocalServerState | undefined {
  const file = path.join(localServerFolder(context), 'server.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) as LocalServerState : undefined;
}

/** A loopback port nothing listens on: a configured URL that answers nothing. */
export function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The processes of the group led by `pid` ("pid args" each), none once it has ended: a process that has exited but
 * that its parent (init, for an orphan) has not reaped yet, a zombie, is not counted.
 */
export function groupProcesses(pid: number): string[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' }).split('\n');
  return rows.map((row) => row.trim().split(/\s+/)).filter((cells) => Number(cells[1]) === pid && !cells[2]?.startsWith('Z'))
    .map((cells) => `${cells[0]} ${cells.slice(3).join(' ')}`);
}

/** Ends whatever is left of the local server a scenario started (after a failure). */
export function killLocalServer(context: E2eContext): void {
  const pid = readLocalServerState(context)?.pid;
  if (!pid || groupProcesses(pid).length === 0) return;
  try { process.kill(-pid, 'SIGKILL'); } catch { /* gone meanwhile */ }
}
