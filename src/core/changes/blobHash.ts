// A file's git blob id, computed from its bytes: how a patch's `index <old>..<new>` line names the base content,
// so the base is recognized by content in the working tree (SHA-1, or SHA-256 for a repository that uses it).
import { createHash } from 'node:crypto';

export function blobId(bytes: Uint8Array, length: number): string {
  return createHash(length === 64 ? 'sha256' : 'sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** The old and new blob ids of a patch section's `index` line, where it has one. */
export function indexLine(section: string): { readonly from: string; readonly to: string } | undefined {
  const match = /^index ([0-9a-f]+)\.\.([0-9a-f]+)/m.exec(section);
  return match ? { from: match[1], to: match[2] } : undefined;
}

export const isZeroId = (id: string): boolean => /^0+$/.test(id);
