// Byte equality of exact contents, where null (absent) equals only null.
import type { ExactContent } from '../../api/model/changes';

export function sameContent(a: ExactContent, b: ExactContent): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}
