// Git writes a path with unusual bytes C-quoted: "t\303\251st \"q\"" (octal bytes and C escapes between quotes).
// Paths reach the client two ways: as text in a JSON answer (the changes list) and as bytes in a patch read one
// character per byte; each caller says how a character written as it is becomes bytes.

const ESCAPED: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** Whether git quoted this path. */
export function isQuotedGitPath(path: string): boolean {
  return path.length >= 2 && path.startsWith('"') && path.endsWith('"');
}

/** The bytes of a quoted path (quotes included); `charBytes` gives the bytes of a character not escaped. */
export function unquotedGitPathBytes(quoted: string, charBytes: (char: string) => readonly number[]): Uint8Array {
  const body = quoted.slice(1, -1);
  const bytes: number[] = [];
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    const octal = char === '\\' ? /^[0-7]{3}/.exec(body.slice(index + 1)) : null;
    if (char !== '\\') {
      bytes.push(...charBytes(char));
    } else if (octal) {
      bytes.push(parseInt(octal[0], 8) & 0xff);
      index += 3;
    } else {
      const escaped = body[index + 1] ?? '\\';
      bytes.push(ESCAPED[escaped] ?? escaped.charCodeAt(0) & 0xff);
      index += 1;
    }
  }
  return Uint8Array.from(bytes);
}
