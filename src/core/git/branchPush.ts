// Push and Start: the push that makes the remote hold the branch a conversation starts on, and what a failed
// push means for the person. The agent clones the remote the target was read from, so the branch goes there
// under its own name; the upstream is set only when the branch has none, never moved.
import { l10n } from '../../base/l10n';
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

/** The pre-flight dialog's buttons, the primary first. */
export type PreflightAction = 'sendFolder' | 'setUpToken' | 'pushAndStart' | 'startAnyway' | 'startWithoutRepository';

/**
 * What the pre-flight warning offers. Without the provider's token on the server a repository start is known to
 * fail (1.11.0 ends it in ERROR with no reason), pushed or not: setting the token up comes first where the server
 * lets a client store one, else starting without the repository; Push and Start is not offered. Otherwise Push
 * and Start comes first when a push answers a warning. Above all of them, where the line can take the folder and
 * it is not over the hand-over limit, Send This Folder: the agent gets the files as they are, whatever is pushed.
 * A server that clones no repository offers only that and a start without the repository: a push would not help.
 */
export function preflightChoices(
  warnings: readonly PreflightWarning[], remote: string | undefined, serverStoresTokens: boolean, canSendFolder = false,
): { push?: PushPlan; actions: PreflightAction[] } {
  const folder: PreflightAction[] = canSendFolder ? ['sendFolder'] : [];
  if (warnings.some((w) => w.kind === 'serverClonesNone')) return { actions: [...folder, 'startWithoutRepository'] };
  if (warnings.some((w) => w.kind === 'noProviderToken')) {
    return { actions: [...folder, ...(serverStoresTokens ? ['setUpToken' as const] : []), 'startWithoutRepository', 'startAnyway'] };
  }
  const push = planPush(warnings, remote);
  return push
    ? { push, actions: [...folder, 'pushAndStart', 'startAnyway', 'startWithoutRepository'] }
    : { actions: [...folder, 'startAnyway', 'startWithoutRepository'] };
}

export function pushPlanText(plan: PushPlan): string {
  return plan.setUpstream
    ? l10n.t('Push and Start pushes {0} to {1}, setting it as the upstream, first.', plan.branch, plan.remote)
    : l10n.t('Push and Start pushes {0} to {1} first.', plan.branch, plan.remote);
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

// Getters: each title is made in the display language when read, not when the module loads.
export const PUSH_ACTION_TITLES: Record<PushAction, string> = {
  get pullAndRetry() { return l10n.t('Pull and Retry'); },
  get retry() { return l10n.t('Retry Push'); },
  get startAnyway() { return l10n.t('Start Anyway'); },
  get startWithoutRepository() { return l10n.t('Start Without Repository'); },
  get showGitOutput() { return l10n.t('Show Git Output'); },
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
  const { branch, remote } = plan;
  // The extension's PushRejected is any "failed to push some refs", a missing local branch too: git's ref line says which.
  if (DIVERGED_WORDS.test(stderr)) return divergedFailure(plan);
  if (/! \[(remote )?rejected\]/.test(stderr)) {
    return failure('refused', l10n.t('OpenHands: the push of {0} to {1} was refused by the remote ({2}). The branch may be protected: push it another way, or start on what the remote has.', branch, remote, detail), ['startAnyway', 'startWithoutRepository', 'showGitOutput']);
  }
  if (CREDENTIAL_CODES.has(code) || CREDENTIAL_WORDS.test(stderr)) {
    return failure('credentials', l10n.t('OpenHands: the push of {0} to {1} failed: git has no credentials that may push there ({2}). Set up a credential helper or SSH key for the remote\'s host, then Retry Push.', branch, remote, detail), ['retry', 'startAnyway', 'showGitOutput']);
  }
  if (UNREACHABLE_CODES.has(code) || UNREACHABLE_WORDS.test(stderr)) {
    return failure('unreachable', l10n.t('OpenHands: the push of {0} to {1} failed: git cannot reach the remote {1} ({2}). Check its URL (git remote -v) and the network, then Retry Push.', branch, remote, detail), ['retry', 'startWithoutRepository', 'showGitOutput']);
  }
  return failure('failed', l10n.t('OpenHands: the push of {0} to {1} failed: {2}. See the Git output, then Retry Push.', branch, remote, detail), ['retry', 'startAnyway', 'showGitOutput']);
}

/** The remote's branch has commits the local one lacks. */
function divergedFailure({ branch, remote, setUpstream }: PushPlan): PushFailure {
  // A pull needs the upstream; a branch without one meets a same-named branch on the remote that it never had.
  return setUpstream
    ? failure('diverged', l10n.t('OpenHands: the push of {0} to {1} was rejected: the remote\'s {0} has commits your branch lacks. Merge the remote\'s {0} into yours, then Push and Start again, or start on the remote\'s {0} as it is.', branch, remote), ['startAnyway', 'startWithoutRepository', 'showGitOutput'])
    : failure('diverged', l10n.t('OpenHands: the push of {0} to {1} was rejected: the remote\'s {0} has commits your branch lacks. Pull them, then push again, or start on the remote\'s {0} as it is.', branch, remote), ['pullAndRetry', 'startAnyway', 'showGitOutput']);
}

/** Pull and Retry's pull failed (a conflict, divergent branches git was not told how to reconcile, …). */
export function pullFailure(error: GitErrorFields, plan: PushPlan): PushFailure {
  const detail = gitReason(error);
  return failure('pullFailed', l10n.t('OpenHands: pulling {0} from {1} failed ({2}). Finish it in Source Control (resolve the conflicts, or merge or rebase), then Retry Push.', plan.branch, plan.remote, detail), ['retry', 'startAnyway', 'showGitOutput']);
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
  const reason = line?.replace(/\.$/, '') ?? (error.message?.trim() || l10n.t('no reason given'));
  return urlRedactor.redactText(reason);
}
