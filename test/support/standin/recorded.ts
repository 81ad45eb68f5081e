// Answers recorded from real servers (test/support/fixtures/openhands/recorded/*.json), read once and served in the real
// server's own JSON form: the files may be pretty-printed, the server's answer is compact (see pyJson.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PyValue, dumpPyJson, parsePyJson } from './pyJson';

// out/test/support/standin -> the repository's test/support/fixtures/openhands/recorded (the JSON files are not compiled).
const FOLDER = join(__dirname, '..', '..', '..', '..', 'test', 'support', 'fixtures', 'openhands', 'recorded');

const cache = new Map<string, PyValue>();

/** The parsed file (Maps, PyFloats: key order and 5.0 versus 5 kept). */
export function recorded(name: string): PyValue {
  let value = cache.get(name);
  if (value === undefined) {
    value = parsePyJson(readFileSync(join(FOLDER, name), 'utf8'));
    cache.set(name, value);
  }
  return value;
}

/** The file as the real server sends it. */
export const recordedText = (name: string): string => dumpPyJson(recorded(name));
