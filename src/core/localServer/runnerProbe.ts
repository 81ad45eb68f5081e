// Finds what runner.ts chooses from: an executable `uvx`, and the Pythons on PATH with their versions. A Python
// that does not answer `--version` within a few seconds (a pyenv shim for a version not selected prints an error
// and exits non-zero) is left out.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { chooseRunner, parsePythonVersion, PYTHON_NAMES, uvxCandidates, type FoundPython, type Runner } from './runner';

const VERSION_TIMEOUT_MS = 5_000;

async function firstExecutable(files: readonly string[]): Promise<string | undefined> {
  for (const file of files) {
    if (await fs.access(file, fs.constants.X_OK).then(() => true, () => false)) return file;
  }
  return undefined;
}

function pythonVersion(command: string, env: NodeJS.ProcessEnv): Promise<FoundPython | undefined> {
  return new Promise((resolve) => {
    execFile(command, ['--version'], { env, timeout: VERSION_TIMEOUT_MS }, (error, stdout, stderr) => {
      const version = error ? undefined : parsePythonVersion(`${stdout}${stderr}`);
      resolve(version ? { command, version } : undefined);
    });
  });
}

/** The runner for `release` on this machine, with `env`'s PATH and `home`. */
export async function findRunner(env: NodeJS.ProcessEnv, home: string, storageDir: string, release: string): Promise<Runner> {
  const uvx = await firstExecutable(uvxCandidates(env.PATH, home));
  if (uvx) return chooseRunner(uvx, [], storageDir, release);
  const found = await Promise.all(PYTHON_NAMES.map((name) => pythonVersion(name, env)));
  return chooseRunner(undefined, found.filter((python): python is FoundPython => python !== undefined), storageDir, release);
}
