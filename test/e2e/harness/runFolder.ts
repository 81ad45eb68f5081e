// One folder per run holding everything the started processes write: HOME, TMPDIR, the XDG folders,
// code-server's config, user data and extensions, the workspace, logs. Nothing lands in the real home.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CACHE_DIR } from './paths';

export interface RunFolder {
  readonly root: string;
  readonly home: string;
  readonly tmp: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  readonly logsDir: string;
  /** HOME, TMPDIR and XDG_* pointing into the run folder, on top of `base`. */
  env(base?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  remove(): void;
}

const RUNS_DIR = path.join(CACHE_DIR, 'runs');
// Unix socket paths must stay under 108 bytes: VS Code puts e.g. vscode-ipc-<uuid>.sock into TMPDIR.
const LONGEST_SOCKET_NAME = 'vscode-ipc-00000000-0000-0000-0000-000000000000.sock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes run folders left by earlier runs whose harness process is gone (kept after failures, or killed). */
function pruneStaleRuns(): void {
  if (!fs.existsSync(RUNS_DIR)) return;
  for (const name of fs.readdirSync(RUNS_DIR)) {
    const pid = Number(name.split('-').pop());
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) {
      fs.rmSync(path.join(RUNS_DIR, name), { recursive: true, force: true });
    }
  }
}

export function createRunFolder(kind: string): RunFolder {
  pruneStaleRuns();
  let root = path.join(RUNS_DIR, `${kind}-${process.pid}`);
  if (path.join(root, 'tmp', LONGEST_SOCKET_NAME).length > 100) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), `oh-${kind}-`)); // a deep checkout: keep socket paths short
  }
  fs.rmSync(root, { recursive: true, force: true });
  const folder = {
    root,
    home: path.join(root, 'home'),
    tmp: path.join(root, 'tmp'),
    userDataDir: path.join(root, 'user-data'),
    extensionsDir: path.join(root, 'extensions'),
    logsDir: path.join(root, 'logs'),
  };
  for (const dir of Object.values(folder)) fs.mkdirSync(dir, { recursive: true });
  const xdgRuntime = path.join(root, 'xdg-runtime');
  fs.mkdirSync(xdgRuntime, { mode: 0o700 });
  return {
    ...folder,
    env(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
      const env: NodeJS.ProcessEnv = {};
      for (const [key, value] of Object.entries(base)) {
        // Variables of an outer VS Code (when run from its terminal) would make code-server talk to it.
        if (!key.startsWith('VSCODE_') && key !== 'ELECTRON_RUN_AS_NODE') env[key] = value;
      }
      return {
        ...env,
        HOME: folder.home,
        TMPDIR: folder.tmp,
        XDG_CONFIG_HOME: path.join(folder.home, '.config'),
        XDG_DATA_HOME: path.join(folder.home, '.local', 'share'),
        XDG_STATE_HOME: path.join(folder.home, '.local', 'state'),
        XDG_CACHE_HOME: path.join(folder.home, '.cache'),
        XDG_RUNTIME_DIR: xdgRuntime,
      };
    },
    remove(): void {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A folder inside the run's for a second code-server: its own user data, extensions and logs; HOME, TMPDIR and
 * the XDG folders are the run's. Removed with the run folder (and scanned for secrets with it).
 */
export function innerRunFolder(parent: RunFolder, name: string): RunFolder {
  const root = path.join(parent.root, name);
  const dirs = { userDataDir: path.join(root, 'user-data'), extensionsDir: path.join(root, 'extensions'), logsDir: path.join(root, 'logs') };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  return {
    ...parent,
    root,
    ...dirs,
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
