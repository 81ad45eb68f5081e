// The lock a window holds while it starts the local agent server, so that two windows starting at once make one
// server: the second waits for the lock, then finds the first one's server (stateFile.ts).
import * as fs from 'node:fs/promises';
import { processAlive } from './stateFile';

/** How long a lock may be held before another window takes it over: past the longest first start (a download). */
export const LOCK_STALE_MS = 15 * 60_000;

/** Whether the lock's holder is gone: its process is dead, or it has held it longer than any start takes. */
export function lockIsStale(text: string | undefined, now: number, alive: (pid: number) => boolean): boolean {
  let holder: { pid?: unknown; at?: unknown } = {};
  try { holder = JSON.parse(text ?? '') as typeof holder; } catch { return true; }
  if (!Number.isInteger(holder.pid) || typeof holder.at !== 'number') return true;
  return !alive(holder.pid as number) || now - holder.at > LOCK_STALE_MS;
}

/**
 * Takes the lock (an exclusive create) for this process; a stale one is taken over. Resolves to whether it was
 * taken: false while another live window holds it.
 */
export async function tryLock(file: string, now = Date.now(), alive = processAlive): Promise<boolean> {
  const mine = JSON.stringify({ pid: process.pid, at: now });
  try {
    await fs.writeFile(file, mine, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (!lockIsStale(await fs.readFile(file, 'utf8').catch(() => undefined), now, alive)) return false;
  await fs.rm(file, { force: true });
  return fs.writeFile(file, mine, { flag: 'wx' }).then(() => true, () => false);
}

export async function unlock(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}
