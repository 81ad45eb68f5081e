// What the agent server tells of its workspace (openhands-v1-work.md §4-5), for the stand-in's agent workspace
// (v1Workspace.ts): GET /api/git/changes?path=&ref= (the app server's /git/changes proxies it) and
// GET /api/file/download?path=, GET /api/git/diff?path=&ref= and GET /api/file/archive?format=git-delta (the patch
// that applies the agent's work elsewhere). A `git mv` shows as DELETED + ADDED in the changes, as on the real 1.11.0.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { type Reply, detailReply, jsonReply } from './http';
import type { V1ConversationRecord } from './v1Conversations';
import { processFolder } from './v1Workspace';

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const STATUS: Record<string, string> = { A: 'ADDED', M: 'UPDATED', T: 'UPDATED', D: 'DELETED' };

const git = (repo: string, args: string[]): string => execFileSync('git', ['--no-pager', ...args], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

function baseOf(repo: string, ref: string | null): string | { error: string } {
  const verify = (name: string): string | null => {
    try { return git(repo, ['rev-parse', '--verify', `${name}^{commit}`]).trim(); } catch { return null; }
  };
  if (ref === null) {
    let branch = '';
    try { branch = git(repo, ['rev-parse', '--abbrev-ref', 'HEAD']).trim(); } catch { /* no commit yet */ }
    return (branch && verify(`origin/${branch}`)) || EMPTY_TREE;
  }
  const found = verify(ref);
  if (found) return found;
  if (ref === 'HEAD') return EMPTY_TREE; // a repository without commits
  return { error: `Git command failed: git --no-pager rev-parse --verify '${ref}^{commit}'` };
}

/** `mixed`: 1.6.0's agent server (sdk 1.15.0) compares with the empty tree whatever `ref` says (seen). */
export function gitChanges(c: V1ConversationRecord, query: URLSearchParams, mixed = false): Reply {
  const path = query.get('path');
  if (path === null) return jsonReply(422, { detail: [{ type: 'missing', loc: ['query', 'path'], msg: 'Field required', input: null }] });
  if (c.workspace === null) return jsonReply(200, []);
  const repo = repoOf(c, path)!;
  if (!existsSync(join(repo, '.git'))) return jsonReply(200, []);
  const base = mixed ? EMPTY_TREE : baseOf(repo, query.get('ref'));
  if (typeof base !== 'string') return detailReply(400, base.error);
  const changes = new Map<string, string>();
  for (const line of git(repo, ['diff', '--name-status', '--no-renames', '-z', base]).split('\0').reduce<string[][]>((pairs, part, i, all) => (i % 2 === 0 && part ? [...pairs, [part, all[i + 1]]] : pairs), [])) {
    changes.set(line[1], STATUS[line[0][0]] ?? 'UPDATED');
  }
  for (const file of git(repo, ['ls-files', '--others', '--exclude-standard', '-z']).split('\0').filter(Boolean)) changes.set(file, 'ADDED');
  return jsonReply(200, [...changes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([file, status]) => ({ status, path: cQuoted(file) })));
}

const C_ESCAPES: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r', 34: '"', 92: '\\' };

/** A path as git prints it without -z (core.quotePath): C-quoted where it holds a control, `"`, `\` or non-ASCII byte. */
function cQuoted(path: string): string {
  const bytes = Buffer.from(path, 'utf8');
  if (!bytes.some((b) => b < 0x20 || b === 0x22 || b === 0x5c || b >= 0x7f)) return path;
  const body = [...bytes].map((b) => (C_ESCAPES[b] ? `\\${C_ESCAPES[b]}` : b < 0x20 || b >= 0x7f ? `\\${b.toString(8).padStart(3, '0')}` : String.fromCharCode(b)));
  return `"${body.join('')}"`;
}

/** A file's bytes; the stand-in serves only its workspace's files (the real one, any file of its machine). */
export function rawFile(c: V1ConversationRecord, query: URLSearchParams): Reply {
  const path = query.get('path') ?? '';
  const inside = c.workspace !== null && isAbsolute(path) && resolve(path).startsWith(`${c.workspace}/`);
  if (!inside || !existsSync(path) || !statSync(path).isFile()) return detailReply(404, 'File not found');
  return {
    status: 200, body: '', raw: readFileSync(path), contentType: 'application/octet-stream',
    headers: { 'content-disposition': `attachment; filename="${basename(path)}"` },
  };
}

/** The app server's proxy of an agent-server git route (1.11.0): paused 409, not running 404, its errors as 502. */
function appGitProxy(c: V1ConversationRecord | undefined, id: string, query: URLSearchParams, route: (c: V1ConversationRecord, query: URLSearchParams) => Reply): Reply {
  if (query.get('path') === null) return jsonReply(422, { detail: [{ type: 'missing', loc: ['query', 'path'], msg: 'Field required', input: null }] });
  if (!c || (c.sandboxStatus !== 'RUNNING' && c.sandboxStatus !== 'PAUSED')) return detailReply(404, `Conversation ${id} is not reachable`);
  if (c.sandboxStatus === 'PAUSED') return detailReply(409, 'Sandbox is paused; resume it before reading git state.');
  const answer = route(c, query);
  return answer.status === 200 ? answer : detailReply(502, `Agent server error: ${answer.status}`);
}

/** GET /api/v1/app-conversations/{id}/git/changes of 1.11.0: the agent server's answer. */
export function appGitChanges(c: V1ConversationRecord | undefined, id: string, query: URLSearchParams): Reply {
  return appGitProxy(c, id, query, (own, q) => gitChanges(own, q));
}

/** GET /api/v1/app-conversations/{id}/git/diff of 1.11.0: the agent server's (final newlines dropped; a deleted file 502). */
export function appGitDiff(c: V1ConversationRecord | undefined, id: string, query: URLSearchParams): Reply {
  return appGitProxy(c, id, query, gitDiff);
}

/**
 * GET /api/v1/app-conversations/{id}/file?file_path= (1.6.0, 1.11.0): the file's text through the agent server's
 * download, decoded as UTF-8; `""` for whatever fails (a missing file, a relative path, bytes that are not UTF-8,
 * a sandbox not running, an unknown conversation), never an error.
 */
export function appFileText(c: V1ConversationRecord | undefined, query: URLSearchParams): Reply {
  if (!c || c.sandboxStatus !== 'RUNNING') return jsonReply(200, '');
  const file = rawFile(c, new URLSearchParams({ path: query.get('file_path') ?? '/workspace/project/PLAN.md' }));
  if (file.status !== 200 || !file.raw) return jsonReply(200, '');
  try {
    return jsonReply(200, new TextDecoder('utf-8', { fatal: true }).decode(file.raw));
  } catch {
    return jsonReply(200, '');
  }
}

/** The repository a path names: absolute, or relative to the agent server's own folder (the sandbox's). */
const repoOf = (c: V1ConversationRecord, path: string): string | null =>
  c.workspace === null ? null : resolve(processFolder(c.workspace, c.workingDir), path);

const dropFinalNewline = (text: string): string => text.replace(/\n$/, '');

/**
 * GET /api/git/diff?path=<file>&ref=: the file at `ref` and in the working tree, each without its final newline
 * (as the real one gives them); a missing file 400, a workspace without git both null.
 */
export function gitDiff(c: V1ConversationRecord, query: URLSearchParams): Reply {
  const path = query.get('path');
  if (path === null) return jsonReply(422, { detail: [{ type: 'missing', loc: ['query', 'path'], msg: 'Field required', input: null }] });
  const file = repoOf(c, path);
  if (file === null || !existsSync(file) || !statSync(file).isFile()) return detailReply(400, `File does not exist: ${path}`);
  const repo = c.workspace!;
  if (!existsSync(join(repo, '.git'))) return jsonReply(200, { modified: null, original: null });
  const base = baseOf(repo, query.get('ref'));
  if (typeof base !== 'string') return detailReply(400, base.error);
  const relative = file.slice(repo.length + 1);
  let original = '';
  try { original = git(repo, ['show', `${base}:${relative}`]); } catch { /* not in the base: a new file */ }
  return jsonReply(200, { modified: dropFinalNewline(readFileSync(file, 'utf8')), original: dropFinalNewline(original) });
}

/**
 * GET /api/file/archive?path=<absolute workspace>&format=git-delta&base_ref=: `git diff --binary` of the working
 * tree (edits, untracked files, deletions) against the base, built in a scratch index (the repository's own is
 * left alone), honouring .gitignore; without base_ref the server's own default (origin/<branch>, else the empty
 * tree); X-Archive-Base-Commit names the base where it is a commit. No default excludes; tar.gz is not served.
 */
export function gitDeltaArchive(c: V1ConversationRecord, query: URLSearchParams): Reply {
  const path = query.get('path') ?? '';
  if (!isAbsolute(path)) return detailReply(400, 'Path must be absolute');
  const format = query.get('format') ?? 'git-delta';
  if (format !== 'git-delta') {
    return jsonReply(422, { detail: [{ type: 'literal_error', loc: ['query', 'format'], msg: "Input should be 'git-delta' or 'tar.gz'", input: format, ctx: { expected: "'git-delta' or 'tar.gz'" } }] });
  }
  if (c.workspace === null || resolve(path) !== c.workspace || !existsSync(join(path, '.git'))) return detailReply(400, `Not a git repository: ${path}`);
  const baseRef = query.get('base_ref');
  if (baseRef?.startsWith('-')) return detailReply(400, `Invalid base_ref: ${baseRef}`);
  const base = baseOf(path, baseRef);
  if (typeof base !== 'string') return detailReply(400, `base_ref '${baseRef}' could not be resolved`);
  const index = join(path, '.git', `standin-archive-${process.pid}-${Date.now()}.index`);
  const env = { ...process.env, GIT_INDEX_FILE: index };
  const run = (args: string[]) => execFileSync('git', ['--no-pager', ...args], { cwd: path, env, stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    run(['read-tree', base]);
    run(['add', '-A']);
    const patch = run(['diff', '--cached', '--binary', base]);
    const headers: Record<string, string> = { 'content-disposition': `attachment; filename="${basename(path)}.patch"` };
    // The base named only where it is a commit: the auto base of a repository without an origin is the empty tree.
    if (base !== EMPTY_TREE) Object.assign(headers, { 'x-archive-base-commit': base, 'x-archive-base-ref': baseRef ?? 'auto' });
    return { status: 200, body: '', raw: patch, contentType: 'text/x-patch; charset=utf-8', headers };
  } finally {
    rmSync(index, { force: true });
  }
}
