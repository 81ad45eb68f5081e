// A sandbox path in the local workspace folder. The agent names files by absolute paths in its sandbox, under the
// workspace's working_dir (V1: /workspace/project); the person's clone of the repository holds the same files at
// the same relative paths. A path is mapped only when it lies under the working_dir (no `..` after normalising),
// names nothing a local file system would read differently (`\`, `:`, NUL), and exists locally: the agent's
// paths are untrusted, and a file the agent just created may not exist here.
import * as path from 'node:path';

/** Whether a local path exists (injected: the tests and the VS Code layer each have their own). */
export type PathExists = (localPath: string) => boolean;

/** The local path of `sandboxPath`, or null when it does not map under `localFolder` or does not exist there. */
export function localPathOf(sandboxPath: string, workingDir: string | undefined, localFolder: string | undefined, exists: PathExists): string | null {
  if (!workingDir || !localFolder) return null;
  const relative = sandboxRelative(sandboxPath, workingDir);
  if (relative === null) return null;
  const local = path.join(localFolder, ...relative.split('/'));
  return exists(local) ? local : null;
}

/** The path of `sandboxPath` relative to `workingDir` (POSIX, `/`-separated), null when it is not under it. */
export function sandboxRelative(sandboxPath: string, workingDir: string): string | null {
  if (!sandboxPath.startsWith('/') || !workingDir.startsWith('/')) return null;
  const relative = path.posix.relative(path.posix.normalize(workingDir), path.posix.normalize(sandboxPath));
  if (relative === '' || path.posix.isAbsolute(relative)) return null;
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '..' || /[\\:\u0000]/.test(segment))) return null;
  return relative;
}
