// The agent server's git changes list (`GET /api/git/changes`, proxied by the app server as
// `/api/v1/app-conversations/{id}/git/changes`), read into the change model. 1.11.0 answers
// `[{"status":"ADDED"|"UPDATED"|"DELETED"|"MOVED","path":"<relative to the workspace>"}]`, sorted by path; a
// rename comes as DELETED + ADDED (its `git diff --name-status` split), MOVED is in the enum but not made. A
// path is as git printed it: C-quoted where it holds bytes outside printable ASCII (`"caf\303\251.txt"`, git's
// core.quotePath default), which is undone here. (A tracked file whose name holds a space makes 1.11.0 fail the
// whole list: it splits git's lines on whitespace.)
import * as z from 'zod/mini';
import type { ChangeStatus, FileChange } from '../model/changes';
import { isAgentServerArtefact } from './agentArtefacts';
import { isQuotedGitPath, unquotedGitPathBytes } from '../../base/gitPathQuoting';

export const GitChangeList = z.array(z.looseObject({
  status: z.enum(['ADDED', 'UPDATED', 'DELETED', 'MOVED']),
  path: z.string(),
}));

const STATUS: Record<z.infer<typeof GitChangeList>[number]['status'], ChangeStatus> = {
  ADDED: 'added', UPDATED: 'modified', DELETED: 'deleted', MOVED: 'moved',
};

/** The changed files, less the agent server's own files in a process sandbox's workspace. */
export function fileChanges(list: z.infer<typeof GitChangeList>): FileChange[] {
  return list
    .map((change) => ({ path: unquoteGitPath(change.path), status: STATUS[change.status] }))
    .filter((change) => !isAgentServerArtefact(change.path));
}

const encoder = new TextEncoder();

/** A path git C-quoted (`"…"` with `\ooo` octal bytes and `\n`-style escapes) as its UTF-8 name; others as they are. */
export function unquoteGitPath(path: string): string {
  if (!isQuotedGitPath(path)) return path;
  return new TextDecoder().decode(unquotedGitPathBytes(path, (char) => [...encoder.encode(char)]));
}
