// How the agent server is run on this machine: through uv's `uvx` (it downloads the pinned release once into uv's
// cache and runs it from there), else through a virtual environment the extension makes in its global storage
// with a Python of at least 3.12 (the release's requires-python), else not at all, with the one command that
// installs uv. What is found is probed by the caller (runnerProbe.ts); the choice and the command lines are here.
import * as path from 'node:path';
import { l10n } from '../../base/l10n';

export const MIN_PYTHON: readonly [number, number] = [3, 12];
/** Tried in this order: the newest first, `python3` last (on many systems an older one). */
export const PYTHON_NAMES: readonly string[] = ['python3.13', 'python3.12', 'python3'];
export const UV_INSTALL_COMMAND = 'curl -LsSf https://astral.sh/uv/install.sh | sh';
/** Where uv's installer and cargo put it, often not on the PATH a GUI-started VS Code has. */
const USUAL_UV_DIRS = ['.local/bin', '.cargo/bin'];

export interface FoundPython {
  readonly command: string;
  readonly version: readonly number[];
}

export type Runner =
  | { readonly kind: 'uvx'; readonly uvx: string }
  | { readonly kind: 'venv'; readonly python: FoundPython; readonly venvDir: string }
  | { readonly kind: 'missing'; readonly message: string };

export interface CommandLine {
  readonly command: string;
  readonly args: readonly string[];
}

/** Where to look for `uvx`: each folder of PATH, then the usual install folders under `home`. */
export function uvxCandidates(pathVariable: string | undefined, home: string): string[] {
  const dirs = [...(pathVariable ?? '').split(path.delimiter).filter(Boolean), ...USUAL_UV_DIRS.map((dir) => path.join(home, dir))];
  return [...new Set(dirs.map((dir) => path.join(dir, 'uvx')))];
}

/** "Python 3.12.1" (what `python --version` prints) as [3, 12, 1]; undefined for anything else. */
export function parsePythonVersion(output: string): number[] | undefined {
  const match = /Python (\d+)\.(\d+)(?:\.(\d+))?/.exec(output);
  return match ? match.slice(1).filter((part) => part !== undefined).map(Number) : undefined;
}

export function isRecentPython(version: readonly number[]): boolean {
  const [major = 0, minor = 0] = version;
  return major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]);
}

/** The venv of `release` under the extension's storage: one per release, so an upgrade never half-replaces one. */
export function venvDir(storageDir: string, release: string): string {
  return path.join(storageDir, `venv-${release}`);
}

/** uvx when found; else the first recent Python, for a venv; else what is missing, and the command that installs uv. */
export function chooseRunner(uvx: string | undefined, pythons: readonly FoundPython[], storageDir: string, release: string): Runner {
  if (uvx) return { kind: 'uvx', uvx };
  const python = pythons.find((found) => isRecentPython(found.version));
  if (python) return { kind: 'venv', python, venvDir: venvDir(storageDir, release) };
  const older = pythons.map((found) => `${found.command} ${found.version.join('.')}`);
  return {
    kind: 'missing',
    message: [
      older.length
        ? l10n.t('The local agent server needs uv, or Python {0}.{1} or newer; this machine has neither (found: {2}).', MIN_PYTHON[0], MIN_PYTHON[1], older.join(', '))
        : l10n.t('The local agent server needs uv, or Python {0}.{1} or newer; this machine has neither.', MIN_PYTHON[0], MIN_PYTHON[1]),
      l10n.t('Install uv with: {0}', UV_INSTALL_COMMAND),
    ].join(' '),
  };
}

/** The server's own arguments: bound to this machine only (without --host it binds 0.0.0.0 once a key is set). */
function serverArgs(port: number): string[] {
  return ['-m', 'openhands.agent_server', '--host', '127.0.0.1', '--port', String(port)];
}

function venvPython(dir: string): string {
  return path.join(dir, 'bin', 'python');
}

/** What runs the server of `release` on `port`. */
export function serverCommand(runner: Exclude<Runner, { kind: 'missing' }>, release: string, port: number): CommandLine {
  if (runner.kind === 'uvx') return { command: runner.uvx, args: ['--from', `openhands-agent-server==${release}`, 'python', ...serverArgs(port)] };
  return { command: venvPython(runner.venvDir), args: serverArgs(port) };
}

/**
 * Update's download through uvx, ahead of the restart: the release into uv's cache, then its module imported, so
 * the server is stopped only once its successor can run (a download cut off leaves the old one running).
 */
export function uvxFetch(runner: Extract<Runner, { kind: 'uvx' }>, release: string): CommandLine {
  return { command: runner.uvx, args: ['--from', `openhands-agent-server==${release}`, 'python', '-c', 'import openhands.agent_server'] };
}

/** The venv's making, in order (only where the venv has no server yet): the venv, then the pinned release into it. */
export function venvSetup(runner: Extract<Runner, { kind: 'venv' }>, release: string): CommandLine[] {
  return [
    { command: runner.python.command, args: ['-m', 'venv', runner.venvDir] },
    { command: venvPython(runner.venvDir), args: ['-m', 'pip', 'install', '--disable-pip-version-check', `openhands-agent-server==${release}`] },
  ];
}
