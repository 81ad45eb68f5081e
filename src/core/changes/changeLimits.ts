// What the changes view shows inline and what it only lists.

/** Above this a file is listed but not diffed inline (the diff editor would hold it all in memory twice). */
export const LARGEST_INLINE_DIFF_BYTES = 5 * 1024 * 1024;

export function isTooLargeToDiff(byteLength: number): boolean {
  return byteLength > LARGEST_INLINE_DIFF_BYTES;
}
