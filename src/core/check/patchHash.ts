// The hash a check keeps of the patch it applied, which Apply compares with its own (checkedPatch.ts): a file of
// its own, so the check's bundle takes it without Apply's words.
import { createHash } from 'node:crypto';

/** The hash Apply and the check compare: the exact bytes of the agent's patch. */
export function patchHash(patch: Uint8Array): string {
  return createHash('sha256').update(patch).digest('hex');
}
