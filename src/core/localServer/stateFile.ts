// The small file every window of this VS Code reads to find the local agent server: its port (kept after a stop,
// so the server keeps its URL, its key and its conversations' links across restarts), its release, and the pid of
// its process group while it runs. (The lock a window holds while it starts the server: startLock.ts.)
import * as fs from 'node:fs/promises';

export interface ServerState {
  readonly port: number;
  readonly release: string;
  /** The process group leader (uvx, or the venv's python); absent once stopped. */
  readonly pid?: number;
  /** Set when VS Code's exit kept it running (a conversation ran, or none could be asked): the next window says so. */
  readonly keptAtExit?: true;
}

function isPort(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) > 0 && (value as number) < 65536;
}

/** The state a file holds; undefined for a missing, damaged or hand-edited one (then the server is as never started). */
export function parseState(text: string | undefined): ServerState | undefined {
  if (!text) return undefined;
  let value: unknown;
  try { value = JSON.parse(text); } catch { return undefined; }
  if (typeof value !== 'object' || value === null) return undefined;
  const { port, release, pid } = value as Record<string, unknown>;
  if (!isPort(port) || typeof release !== 'string' || !release) return undefined;
  if (!Number.isInteger(pid) || (pid as number) <= 1) return { port, release };
  return (value as Record<string, unknown>).keptAtExit === true ? { port, release, pid: pid as number, keptAtExit: true } : { port, release, pid: pid as number };
}

export type Found =
  | { readonly kind: 'stopped'; readonly port?: number }
  | { readonly kind: 'running'; readonly state: RunningState }
  /** Its process lives but /ready does not answer (yet): starting in another window, or stuck. */
  | { readonly kind: 'unready'; readonly state: RunningState };

export type RunningState = ServerState & { readonly pid: number };

/** What a window finds from the state file, whether its pid lives and whether /ready answers on its port. */
export function classify(state: ServerState | undefined, alive: (pid: number) => boolean, ready: boolean): Found {
  if (!state) return { kind: 'stopped' };
  const { pid } = state;
  if (pid === undefined || !alive(pid)) return { kind: 'stopped', port: state.port };
  const running = { ...state, pid };
  return ready ? { kind: 'running', state: running } : { kind: 'unready', state: running };
}

export function stopped(state: ServerState): ServerState {
  return { port: state.port, release: state.release };
}

/** Whether a process of that pid lives (signal 0 checks without sending anything). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, as another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function readState(file: string): Promise<ServerState | undefined> {
  return parseState(await fs.readFile(file, 'utf8').catch(() => undefined));
}

export async function writeState(file: string, state: ServerState): Promise<void> {
  // Written whole then renamed: a window reading it meanwhile sees the old state or the new one, never half.
  const temporary = `${file}.${process.pid}`;
  await fs.writeFile(temporary, JSON.stringify(state));
  await fs.rename(temporary, file);
}
