// Git writes a path with unusual bytes C-quoted: "t\303\251st \"q\"". The patch is read byte for byte (one
// character per byte), so a path is unquoted into bytes and then read as UTF-8, quoted or not.

const simpleEscapes: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** The path a git header names, from the patch's bytes (one character per byte): unquoted, read as UTF-8. */
export function gitPathName(raw: string): string {
  const quoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"');
  const bytes = quoted ? unquotedBytes(raw.slice(1, -1)) : [...raw].map((char) => char.charCodeAt(0) & 0xff);
  return Buffer.from(bytes).toString('utf8');
}

function unquotedBytes(body: string): number[] {
  const bytes: number[] = [];
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char !== '\\') {
      bytes.push(char.charCodeAt(0) & 0xff);
      continue;
    }
    const octal = /^[0-7]{3}/.exec(body.slice(index + 1));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      index += 3;
    } else {
      const escaped = body[index + 1] ?? '\\';
      bytes.push(simpleEscapes[escaped] ?? escaped.charCodeAt(0) & 0xff);
      index += 1;
    }
  }
  return bytes;
}
