// Send This Folder's snapshot is the base of its conversation's changes, and it lives nowhere but in the bundle the
// hand-over uploads (made in a scratch repository, removed after the hand-over; the person's repository never
// holds it). Check Changes needs that base, so the bundle is kept here, in the extension's global storage, by its
// commit: fetched into a check's copy only. Bundles older than the conversations one would still check are removed
// at the next start.
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder of the global storage that holds them. */
export const SENT_BASES_FOLDER = 'sent-bases';

/** How long a sent folder's base is kept: longer than a conversation is usually worked on. */
export const SENT_BASE_DAYS = 30;

const fileOf = (root: string, commit: string): string => join(root, `${commit.replace(/[^0-9a-f]/gi, '')}.bundle`);

export async function keepSentBase(root: string, commit: string, bundlePath: string): Promise<void> {
  await mkdir(root, { recursive: true });
  await copyFile(bundlePath, fileOf(root, commit));
}

/** The kept bundle of the snapshot `commit`, if there is one. */
export async function sentBase(root: string, commit: string): Promise<string | undefined> {
  const file = fileOf(root, commit);
  return (await stat(file).catch(() => undefined))?.isFile() ? file : undefined;
}

/** Removes the bundles kept longer than `days`; the names removed. */
export async function removeOldSentBases(root: string, now = Date.now(), days = SENT_BASE_DAYS): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const file = join(root, name);
    const kept = await stat(file).catch(() => undefined);
    if (!name.endsWith('.bundle') || !kept || now - kept.mtimeMs < days * 86_400_000) continue;
    await rm(file, { force: true });
    removed.push(name);
  }
  return removed;
}
