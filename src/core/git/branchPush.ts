// Push and Start: the push that makes the remote hold the branch a conversation starts on, and what a failed
// push means for the person. The agent clones the remote the target was read from, so the branch goes there
// under its own name; the upstream is set only when the branch has none, never moved.
import { Redactor } from '../platform/redact';
import type { PreflightWarning } from './repoContext';

export interface PushPlan {
  readonly remote: string;
  readonly branch: string;
  /** `git push -u`: only for a branch without an upstream. */
  readonly setUpstream: boolean;
}

/** The push that answers a missing upstream or unpushed commits; undefined when no warning is about them. */
export function planPush(warnings: readonly PreflightWarning[], remote: string | undefined): PushPlan | undefined {
  if (!remote) return undefined;
  for (const warning of warnings) {
    if (warning.kind === 'noUpstream') return { remote, branch: warning.branch, setUpstream: true };
    if (warning.kind === 'unpushed') return { remote, branch: warning.branch, setUpstream: false };
  }
  return undefined;
}

export function pushPlanText(plan: PushPlan): string {
  return `Push and Start pushes ${plan.branch} to ${plan.remote}${plan.setUpstream ? ', setting it as the upstream,' : ''} first.`;
}

export type PushFailureKind = 'diverged' | 'refused' | 'credentials' | 'unreachable' | 'failed' | 'pullFailed';
/** What the person can do after a failed push; the adapter turns each into a button. */
export type PushAction = 'pullAndRetry' | 'retry' | 'startAnyway' | 'startWithoutRepository' | 'showGitOutput';

export interface PushFailure {
  readonly kind: PushFailureKind;
  readonly message: string;
  readonly actions: readonly PushAction[];
}

/** The fields of the git extension's GitError that say what went wrong. */
export interface GitErrorFields {
  readonly gitErrorCode?: string;
  readonly stderr?: string;
  readonly message?: string;
}

export const PUSH_ACTION_TITLES: Record<PushAction, string> = {
  pullAndRetry: 'Pull and Retry',
  retry: 'Retry Push',
  startAnyway: 'Start Anyway',
  startWithoutRepository: 'Start Without Repository',
  showGitOutput: 'Show Git Output',
};

// The git extension's codes (extensions/git/src/api/git.d.ts, GitErrorCodes), then git's own words for what
// it does not classify (a push over ssh or https without a credential helper).
const CREDENTIAL_CODES = new Set(['AuthenticationFailed', 'PermissionDenied']);
const UNREACHABLE_CODES = new Set(['RemoteConnectionError', 'RepositoryNotFound', 'CantAccessRemote', 'NoRemoteRepositorySpecified']);
const CREDENTIAL_WORDS = /could not read (username|password)|terminal prompts disabled|authentication failed|permission denied|access denied|invalid credentials|\b403\b/i;
const UNREACHABLE_WORDS = /does not appear to be a git repository|repository not found|could not resolve host|could not read from remote|unable to access|connection (refused|timed out)/i;
const DIVERGED_WORDS = /\((fetch first|non-fast-forward)\)/;

/** What went wrong in a push, in the person's terms, with the actions that help. */
export function pushFailure(error: GitErrorFields, plan: PushPlan): PushFailure {
  const stderr = error.stderr ?? '';
  const code = error.gitErrorCode ?? '';
  const detail = gitReason(error);
  const push = `OpenHands: the push of ${plan.branch} to ${plan.remote}`;
  // The extension's PushRejected is any "failed to push some refs", a missing local branch too: git's ref line says which.
  if (DIVERGED_WORDS.test(stderr)) {
    // A pull needs the upstream; a branch without one meets a same-named branch on the remote that it never had.
    const pull = plan.setUpstream ? `Merge the remote's ${plan.branch} into yours, then Push and Start again,` : 'Pull them, then push again,';
    const actions: PushAction[] = plan.setUpstream ? ['startAnyway', 'startWithoutRepository', 'showGitOutput'] : ['pullAndRetry', 'startAnyway', 'showGitOutput'];
    return failure('diverged', `${push} was rejected: the remote's ${plan.branch} has commits your branch lacks. ${pull} or start on the remote's ${plan.branch} as it is.`, actions);
  }
  if (/! \[(remote )?rejected\]/.test(stderr)) {
    return failure('refused', `${push} was refused by the remote (${detail}). The branch may be protected: push it another way, or start on what the remote has.`, ['startAnyway', 'startWithoutRepository', 'showGitOutput']);
  }
  if (CREDENTIAL_CODES.has(code) || CREDENTIAL_WORDS.test(stderr)) {
    return failure('credentials', `${push} failed: git has no credentials that may push there (${detail}). Set up a credential helper or SSH key for the remote's host, then Retry Push.`, ['retry', 'startAnyway', 'showGitOutput']);
  }
  if (UNREACHABLE_CODES.has(code) || UNREACHABLE_WORDS.test(stderr)) {
    return failure('unreachable', `${push} failed: git cannot reach the remote ${plan.remote} (${detail}). Check its URL (git remote -v) and the network, then Retry Push.`, ['retry', 'startWithoutRepository', 'showGitOutput']);
  }
  return failure('failed', `${push} failed: ${detail}. See the Git output, then Retry Push.`, ['retry', 'startAnyway', 'showGitOutput']);
}

/** Pull and Retry's pull failed (a conflict, divergent branches git was not told how to reconcile, …). */
export function pullFailure(error: GitErrorFields, plan: PushPlan): PushFailure {
  const detail = gitReason(error);
  return failure('pullFailed', `OpenHands: pulling ${plan.branch} from ${plan.remote} failed (${detail}). Finish it in Source Control (resolve the conflicts, or merge or rebase), then Retry Push.`, ['retry', 'startAnyway', 'showGitOutput']);
}

function failure(kind: PushFailureKind, message: string, actions: PushAction[]): PushFailure {
  return { kind, message, actions };
}

// No secret is known here; it masks what git's output can hold on its own: user info in a remote URL.
const urlRedactor = new Redactor();

/**
 * git's own reason: the first `fatal:`, `error:`, `remote:` or `! [rejected]` line without its prefix, else the
 * error's message; a remote URL's token masked.
 */
function gitReason(error: GitErrorFields): string {
  const line = (error.stderr ?? '').split(/\r?\n/).map((l) => /^\s*(?:fatal:|error:|remote:|!)\s*(.+?)\s*$/.exec(l)?.[1]).find(Boolean);
  const reason = line?.replace(/\.$/, '') ?? (error.message?.trim() || 'no reason given');
  return urlRedactor.redactText(reason);
}
