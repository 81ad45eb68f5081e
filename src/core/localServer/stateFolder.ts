// The local agent server's state folder (serverEnv.ts), made before each start. A folder it cannot write (no
// permission, a read-only disk, no space left, a file in its way) is said as such, with where and what to do: the
// bare error named only a syscall, and Show Log showed nothing, the log being in that very folder.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { l10n } from '../../base/l10n';
import type { ServerLayout } from './serverEnv';

const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'ENOTDIR', 'EEXIST']);

export class StateFolderUnwritable extends Error {
  constructor(readonly folder: string, readonly code: string) {
    super(l10n.t('The local agent server cannot write its state folder {0} ({1}). Make it writable for you (or free some disk space), then start it again.', folder, code));
  }
}

/** Makes the server's folders and writes a file there: an existing folder may be read-only. */
export async function makeStateFolders(layout: ServerLayout): Promise<void> {
  try {
    for (const dir of [layout.root, layout.store, layout.worktrees, layout.tmp]) await fs.mkdir(dir, { recursive: true });
    const probe = path.join(layout.root, `.writable-${process.pid}`);
    await fs.writeFile(probe, '');
    await fs.rm(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined && UNWRITABLE.has(code)) throw new StateFolderUnwritable(layout.root, code);
    throw error;
  }
}
