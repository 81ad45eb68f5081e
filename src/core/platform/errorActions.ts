// What a person can do about each failure: the buttons shown with its message. Pure, so the choice is
// tested without VS Code; the adapter turns each action into a command.
import { RedirectError } from '../../api/http/transportErrors';
import { ServerError, type ServerFailureReason } from '../../api/http/statusErrors';
import { StartFailedError } from '../../api/conversationErrors';
import { AgentServerUnreachableError } from '../../api/agentServerErrors';
import type { ApiError, ApiErrorKind } from '../../api/http/apiError';
import { l10n } from '../../base/l10n';
import { isThisMachinesDefault } from '../connection/thisMachine';

export type ErrorAction =
  | 'retry' | 'setApiKey' | 'openServerUrlSetting' | 'showLog'
  | 'configureSettings' | 'setLlmApiKey' | 'startWithoutRepository' | 'openServerSettings' | 'useServerUrl'
  | 'openRuntimeHostsSetting' | 'startLocalServer' | 'refreshConversations';

/** Functions, so each title is made in the display language when shown, not when the module loads. */
export const ERROR_ACTION_TITLES: Record<ErrorAction, () => string> = {
  retry: () => l10n.t('Retry'),
  setApiKey: () => l10n.t('Set API Key'),
  openServerUrlSetting: () => l10n.t('Open Settings'),
  showLog: () => l10n.t('Show Log'),
  configureSettings: () => l10n.t('Configure Settings'),
  setLlmApiKey: () => l10n.t('Set LLM API Key'),
  startWithoutRepository: () => l10n.t('Start Without Repository'),
  openServerSettings: () => l10n.t('Open Server Settings'),
  useServerUrl: () => l10n.t('Use New URL'),
  openRuntimeHostsSetting: () => l10n.t('Open Runtime Hosts Setting'),
  startLocalServer: () => l10n.t('Start a Local Agent Server'),
  refreshConversations: () => l10n.t('Refresh Conversations'),
};

const BY_KIND: Record<Exclude<ApiErrorKind, 'server' | 'redirected' | 'start_failed'>, ErrorAction[]> = {
  unauthorized: ['setApiKey', 'showLog'],
  not_found: ['openServerUrlSetting', 'showLog'],
  validation: ['showLog'],
  rate_limited: ['retry'],
  network: ['retry', 'openServerUrlSetting', 'showLog'],
  timeout: ['retry', 'showLog'],
  bad_response: ['openServerUrlSetting', 'showLog'],
  cancelled: [],
  unsupported: ['openServerUrlSetting', 'showLog'],
  not_kept: ['showLog'],
  // Where a token is set up, its own flow offers Try Again and what else helps.
  token_refused: ['showLog'],
  // The changes view offers Resume beside these: it knows the conversation.
  sandbox_paused: ['retry'],
  sandbox_not_running: ['retry', 'showLog'],
  workspace_unknown: ['showLog'],
  // The changes loader measures against the next base instead: this reaches a person only past that.
  base_unresolved: ['retry', 'showLog'],
  // A paused or unreachable sandbox: resumed from the conversation's own actions, then tried again.
  agent_unreachable: ['retry', 'showLog'],
  // A conversation deleted meanwhile: the list, read again, no longer shows it.
  conversation_gone: ['refreshConversations', 'showLog'],
  // An agent server's run capacity is full: one conversation must end (or be stopped) first.
  at_capacity: ['retry', 'showLog'],
};

const BY_SERVER_REASON: Record<ServerFailureReason, ErrorAction[]> = {
  settings_not_found: ['configureSettings'],
  llm_authentication: ['setLlmApiKey'],
  git_provider_authentication: ['startWithoutRepository', 'openServerSettings'],
  other: ['retry', 'showLog'],
};

/** The actions for a failure, most useful first (`localServerUrl`: the local agent server's, where known). A cancelled request needs none. */
export function actionsFor(error: ApiError, localServerUrl?: string): ErrorAction[] {
  if (error instanceof ServerError) {
    // A refusal the extension has no fix for is refused again the same way: no Retry for it.
    return error.reason === 'other' && error.status < 500 ? ['showLog'] : BY_SERVER_REASON[error.reason];
  }
  if (error instanceof StartFailedError) {
    // No reason for a repository start: the server's missing provider token, which a retry does not fix.
    return error.likelyNoProviderToken ? ['startWithoutRepository', 'openServerSettings', 'showLog'] : ['retry', 'showLog'];
  }
  // An agent server on a host the key may not go to: the setting that lists such hosts.
  if (error instanceof AgentServerUnreachableError && error.reason === 'other-host') return ['openRuntimeHostsSetting', 'showLog'];
  // Nothing answers at this machine's default URL: the extension can start a server there itself.
  if (error.kind === 'network' && isThisMachinesDefault(error.request.baseUrl, localServerUrl)) return ['startLocalServer', 'retry', 'openServerUrlSetting', 'showLog'];
  // Only a server that moved, keeping its API's path, has a URL worth offering.
  if (error instanceof RedirectError) return [...(error.movedTo ? ['useServerUrl' as const] : ['openServerUrlSetting' as const]), 'retry', 'showLog'];
  return BY_KIND[error.kind as Exclude<ApiErrorKind, 'server' | 'redirected' | 'start_failed'>];
}

/** A button's text: "Use <URL>" names the URL it switches to. */
export function actionTitle(action: ErrorAction, error: unknown): string {
  return action === 'useServerUrl' && error instanceof RedirectError && error.movedTo ? l10n.t('Use {0}', error.movedTo) : ERROR_ACTION_TITLES[action]();
}
