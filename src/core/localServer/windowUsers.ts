// The windows (extension hosts) that have used the local agent server: one empty file each, named by the host's pid,
// in the users folder. VS Code's exit counts them (exitPlan.ts): the server is stopped by the last one to go.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

export async function markUser(usersDir: string, pid = process.pid): Promise<void> {
  await fs.mkdir(usersDir, { recursive: true });
  await fs.writeFile(path.join(usersDir, String(pid)), '');
}

export async function unmarkUser(usersDir: string, pid = process.pid): Promise<void> {
  await fs.rm(path.join(usersDir, String(pid)), { force: true });
}

/** The other users whose process lives; the files of ended ones (a crashed host) are removed on the way. */
export async function otherLiveUsers(usersDir: string, alive: (pid: number) => boolean, self = process.pid): Promise<number[]> {
  const names = await fs.readdir(usersDir).catch(() => [] as string[]);
  const pids = names.filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => pid !== self);
  const live = pids.filter((pid) => alive(pid));
  await Promise.all(pids.filter((pid) => !live.includes(pid)).map((pid) => unmarkUser(usersDir, pid)));
  return live;
}
