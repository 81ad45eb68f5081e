// The agent server's git changes list (`GET /api/git/changes`, proxied by the app server as
// `/api/v1/app-conversations/{id}/git/changes`), read into the change model. 1.11.0 answers
// `[{"status":"ADDED"|"UPDATED"|"DELETED"|"MOVED","path":"<relative to the workspace>"}]`, sorted by path; a
// rename comes as DELETED + ADDED (its `git diff --name-status` split), MOVED is in the enum but not made.
import * as z from 'zod/mini';
import type { ChangeStatus, FileChange } from '../model/changes';
import { isAgentServerArtefact } from './agentArtefacts';

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
    .filter((change) => !isAgentServerArtefact(change.path))
    .map((change) => ({ path: change.path, status: STATUS[change.status] }));
}
