// What code-server (and so the extension host) gets in the real-server lane for the scenarios where the extension
// starts its own agent server (Start a Local Agent Server): uv from the project's cache on PATH, uv's cache in
// .cache/uv-cache (the wheel and its ~190 dependencies come from PyPI on the first run, from there after), the agent
// server's constraints (uvx reads UV_CONSTRAINT: the same dependency versions as the conformance suite's venv), and
// the Python 3.12 that venv was made with (uv would otherwise look for one, or download one).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './paths';

const OPENHANDS_CACHE = path.join(REPO_ROOT, '.cache', 'openhands');
export const UV_BIN = path.join(OPENHANDS_CACHE, 'uv', 'bin');

export function localAgentServerEnv(): NodeJS.ProcessEnv {
  if (!fs.existsSync(path.join(UV_BIN, 'uvx'))) throw new Error(`${UV_BIN}/uvx is missing: scripts/openhands/provision.sh installs uv`);
  const python = fs.realpathSync(path.join(OPENHANDS_CACHE, 'agent-1.58.2', 'venv', 'bin', 'python'));
  return {
    PATH: `${UV_BIN}${path.delimiter}${process.env.PATH ?? ''}`,
    UV_CACHE_DIR: path.join(REPO_ROOT, '.cache', 'uv-cache'),
    UV_CONSTRAINT: path.join(REPO_ROOT, 'scripts', 'openhands', 'constraints-agent-1.58.2.txt'),
    UV_PYTHON: python,
  };
}
