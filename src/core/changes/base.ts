// Which base the agent's changes are measured against, and why (shown to the person). Measured on 1.11.0: the
// server's own default is `origin/<branch>`, else the empty tree, so a workspace without an origin would list
// every file as added and leave deletions out. The base is the commit the agent's work started from:
// - a repository the server cloned: `origin/<branch>`, the branch it was started on;
// - a clone whose origin has no such branch (started on a branch never pushed): as if nothing was cloned, below,
//   naming the origin branch it stands in for;
// - else the base commit the agent server's own patch names (`X-Archive-Base-Commit` of a patch read with the
//   server's default base: present when it found an origin or merge base);
// - else HEAD, but only where the agent committed nothing itself (its commits would hide its own work);
// - else the empty tree: everything the agent's workspace holds counts as added.
import type { ChangeBase } from '../../api/model/changes';

export interface BaseFacts {
  /** The conversation's repository (`owner/name`) and branch, when the server cloned one. */
  readonly repository: string | null;
  readonly branch: string | null;
  /** `X-Archive-Base-Commit` of the agent server's patch against its default base; null where none was named or it is not reachable. */
  readonly archiveBaseCommit: string | null;
  /** Whether the agent ran `git commit` itself (from its terminal actions). */
  readonly agentCommitted: boolean;
  /** The snapshot commit Send This Folder handed over, for a conversation started so (kept where it was started). */
  readonly sentFolderCommit?: string | null;
  /** The clone's `origin/<branch>` could not be resolved in the agent's workspace. */
  readonly originBranchMissing?: boolean;
}

export function chooseBase(facts: BaseFacts): ChangeBase {
  if (facts.sentFolderCommit) return { ref: facts.sentFolderCommit, commit: facts.sentFolderCommit, reason: 'sent-folder' };
  if (facts.repository && facts.branch) {
    const ref = `origin/${facts.branch}`;
    if (!facts.originBranchMissing) return { ref, reason: 'origin-branch' };
    return { ...chooseBase({ ...facts, repository: null, branch: null, originBranchMissing: false }), unresolved: ref };
  }
  // A clone without a known branch: the server's default is its origin branch.
  if (facts.repository) return { ref: null, reason: 'server-default' };
  if (facts.archiveBaseCommit) return { ref: facts.archiveBaseCommit, commit: facts.archiveBaseCommit, reason: 'archive-base' };
  if (!facts.agentCommitted) return { ref: 'HEAD', reason: 'head' };
  return { ref: null, reason: 'empty-tree' };
}
