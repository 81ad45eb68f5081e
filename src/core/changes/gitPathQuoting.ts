// A patch is read byte for byte (one character per byte): a path git quoted is unquoted into bytes, and every
// path is then read as UTF-8, quoted or not.
import { isQuotedGitPath, unquotedGitPathBytes } from '../../base/gitPathQuoting';

const latin1Byte = (char: string): number[] => [char.charCodeAt(0) & 0xff];

/** The path a git header names, from the patch's bytes (one character per byte): unquoted, read as UTF-8. */
export function gitPathName(raw: string): string {
  const bytes = isQuotedGitPath(raw) ? unquotedGitPathBytes(raw, latin1Byte) : Uint8Array.from([...raw].map((char) => latin1Byte(char)[0]));
  return Buffer.from(bytes).toString('utf8');
}
