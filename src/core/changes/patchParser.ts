// Reads a unified diff as `git diff --binary` writes it (the agent server's git-delta archive): per file its status,
// old and new path (moves), +/- counts, whether it is binary or a symbolic link, its hunks and its own section of
// the patch. Hunk bodies are read by their line counts, so a content line that looks like a header stays content.
// Paths are checked with pathSafety: a file the patch names by an unsafe path is refused, never returned.
import type { ChangeStatus, FileChange } from '../../api/model/changes';
import { checkRelativePath, type PathRefusal } from './pathSafety';
import { gitPathName } from './gitPathQuoting';

export interface PatchHunk {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  /**
   * Each line with its prefix (' ', '+', '-', '\'), without its '\n' ('\r' of a CRLF file kept), one character
   * per byte as the patch holds it (applyHunks turns them back into the exact bytes).
   */
  readonly lines: readonly string[];
}

export interface PatchFile extends FileChange {
  readonly hunks: readonly PatchHunk[];
  /** Mode 120000 on either side: the entry is a symbolic link, its "content" the link's target. */
  readonly symlink: boolean;
  /** This file's section of the patch, headers included, ending in '\n': its exact bytes. */
  readonly section: Uint8Array;
}

export interface RefusedPatchPath {
  readonly path: string;
  readonly reason: PathRefusal;
}

export interface ParsedPatch {
  readonly files: readonly PatchFile[];
  readonly refused: readonly RefusedPatchPath[];
  /** Files whose hunks end before their line counts say: left out, their counts and contents unknown. */
  readonly malformed: readonly string[];
}

interface Collected {
  readonly files: PatchFile[];
  readonly refused: RefusedPatchPath[];
  readonly malformed: string[];
}

interface Headers {
  oldPath?: string;
  newPath?: string;
  status: ChangeStatus;
  symlink: boolean;
  binary: boolean;
}

const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Reads the patch byte for byte: a text diff of a file that is not UTF-8 keeps its bytes. */
export function parsePatch(patch: Uint8Array): ParsedPatch {
  const lines = Buffer.from(patch).toString('latin1').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const collected: Collected = { files: [], refused: [], malformed: [] };
  let index = 0;
  while (index < lines.length) {
    if (lines[index].startsWith('diff --git ')) index = readFileSection(lines, index, collected);
    else index++;
  }
  return collected;
}

function readFileSection(lines: string[], start: number, collected: Collected): number {
  const headers: Headers = { status: 'modified', symlink: false, binary: false };
  let index = readHeaders(lines, start + 1, headers);
  const hunks: PatchHunk[] = [];
  let complete = true;
  while (index < lines.length && hunkHeader.test(lines[index])) {
    const hunk = readHunk(lines, index);
    hunks.push(hunk.hunk);
    complete &&= hunk.complete;
    index = hunk.next;
  }
  while (index < lines.length && !lines[index].startsWith('diff --git ')) index++;
  const fromHeader = pathsOfGitHeader(lines[start].replace(/\r$/, ''));
  const path = headers.status === 'deleted' ? (headers.oldPath ?? fromHeader?.[0]) : (headers.newPath ?? fromHeader?.[1]);
  const oldPath = headers.status === 'moved' ? (headers.oldPath ?? fromHeader?.[0]) : undefined;
  const section = new Uint8Array(Buffer.from(`${lines.slice(start, index).join('\n')}\n`, 'latin1'));
  const accepted = acceptPaths(path, oldPath, collected.refused);
  if (accepted && !complete) collected.malformed.push(accepted.path);
  else if (accepted) collected.files.push(fileOf(headers, accepted, hunks, section));
  return index;
}

function fileOf(headers: Headers, paths: { path: string; oldPath?: string }, hunks: PatchHunk[], section: Uint8Array): PatchFile {
  const counts = headers.binary ? {} : countLines(hunks);
  return {
    path: paths.path,
    status: headers.status,
    ...(paths.oldPath === undefined ? {} : { oldPath: paths.oldPath }),
    ...counts,
    binary: headers.binary,
    symlink: headers.symlink,
    hunks,
    section,
  };
}

function acceptPaths(
  path: string | undefined, oldPath: string | undefined, refused: RefusedPatchPath[],
): { path: string; oldPath?: string } | undefined {
  let accepted = true;
  for (const candidate of oldPath === undefined ? [path] : [path, oldPath]) {
    const checked = checkRelativePath(candidate ?? '');
    if (!checked.ok) {
      refused.push({ path: candidate ?? '', reason: checked.reason });
      accepted = false;
    }
  }
  if (!accepted || path === undefined) return undefined;
  return oldPath === undefined ? { path } : { path, oldPath };
}

/** Reads the extended headers and the ---/+++ lines; gives the index of the first line after them. */
function readHeaders(lines: string[], start: number, headers: Headers): number {
  let index = start;
  for (; index < lines.length; index++) {
    const line = lines[index].replace(/\r$/, '');
    if (line.startsWith('diff --git ') || hunkHeader.test(line)) break;
    readHeaderLine(line, headers);
    if (line === 'GIT binary patch' || line.startsWith('Binary files ')) {
      headers.binary = true;
      break;
    }
  }
  return index;
}

function readHeaderLine(line: string, headers: Headers): void {
  if (/^(new file|deleted file|old|new) mode 120000$/.test(line) || /^index \S+ 120000$/.test(line)) headers.symlink = true;
  if (line.startsWith('new file mode ')) headers.status = 'added';
  else if (line.startsWith('deleted file mode ')) headers.status = 'deleted';
  else if (line.startsWith('rename from ')) {
    headers.status = 'moved';
    headers.oldPath = gitPathName(line.slice('rename from '.length));
  } else if (line.startsWith('rename to ')) headers.newPath = gitPathName(line.slice('rename to '.length));
  else if (line.startsWith('--- ')) headers.oldPath = sidePath(line.slice(4), 'a/') ?? headers.oldPath;
  else if (line.startsWith('+++ ')) headers.newPath = sidePath(line.slice(4), 'b/') ?? headers.newPath;
}

/** A ---/+++ path without its a/ or b/ prefix; undefined for /dev/null. */
function sidePath(raw: string, prefix: string): string | undefined {
  const name = gitPathName(raw.replace(/\t$/, ''));
  if (name === '/dev/null') return undefined;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/** The two paths of `diff --git a/X b/Y`: quoted, or unquoted and equal (the only case where spaces can't mislead). */
function pathsOfGitHeader(line: string): [string, string] | undefined {
  const rest = line.slice('diff --git '.length);
  const quoted = /^("(?:[^"\\]|\\.)*"|\S+) ("(?:[^"\\]|\\.)*"|\S+)$/.exec(rest);
  if (quoted && (rest.startsWith('"') || rest.endsWith('"'))) {
    return [stripPrefix(gitPathName(quoted[1]), 'a/'), stripPrefix(gitPathName(quoted[2]), 'b/')];
  }
  const half = (rest.length - 1) / 2;
  const left = rest.slice(0, half);
  const right = rest.slice(half + 1);
  if (!Number.isInteger(half) || left.slice(2) !== right.slice(2)) return undefined;
  return [stripPrefix(gitPathName(left), 'a/'), stripPrefix(gitPathName(right), 'b/')];
}

function stripPrefix(name: string, prefix: string): string {
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

function readHunk(lines: string[], start: number): { hunk: PatchHunk; next: number; complete: boolean } {
  const match = hunkHeader.exec(lines[start]) as RegExpExecArray;
  const oldLines = match[2] === undefined ? 1 : Number(match[2]);
  const newLines = match[4] === undefined ? 1 : Number(match[4]);
  let oldLeft = oldLines;
  let newLeft = newLines;
  const body: string[] = [];
  let index = start + 1;
  while (index < lines.length && (oldLeft > 0 || newLeft > 0 || lines[index].startsWith('\\'))) {
    const line = lines[index];
    if (line.startsWith('\\')) body.push(line);
    else if (line.startsWith('+')) newLeft--;
    else if (line.startsWith('-')) oldLeft--;
    else if (line.startsWith(' ') || line === '') {
      oldLeft--;
      newLeft--;
    } else break;
    if (!line.startsWith('\\')) body.push(line === '' ? ' ' : line);
    index++;
  }
  return {
    hunk: { oldStart: Number(match[1]), oldLines, newStart: Number(match[3]), newLines, lines: body },
    next: index,
    complete: oldLeft === 0 && newLeft === 0,
  };
}

function countLines(hunks: readonly PatchHunk[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  return { added, removed };
}
