// What reading the agent's changes can fail with, beside the usual refusals of the transport: the sandbox that
// holds the workspace is paused or not running (the app server answers 409 and 404 for them), or the agent
// server does not say where its workspace is.
import { ApiError, type RequestInfo } from './http/apiError';
import { l10n } from '../base/l10n';

/** 1.11.0: 409 `Sandbox is paused; resume it before reading git state.` Resuming the conversation helps. */
export class SandboxPausedError extends ApiError {
  readonly kind = 'sandbox_paused';
  constructor(request: RequestInfo) {
    super(l10n.t('The conversation\'s sandbox is paused, so the agent\'s changes cannot be read. Resume the conversation, then try again.'), request);
  }
}

/** 1.11.0: 404 `Conversation <id> is not reachable`: unknown, or its sandbox is starting, stopped or gone. */
export class SandboxNotRunningError extends ApiError {
  readonly kind = 'sandbox_not_running';
  constructor(request: RequestInfo) {
    super(l10n.t('The conversation\'s sandbox is not running (starting, stopped or removed), so the agent\'s changes cannot be read. Resume the conversation, or wait until it runs, then try again.'), request);
  }
}

/** 1.11.0's agent server: 400 `base_ref '<ref>' could not be resolved`; the workspace has no such ref. */
export class BaseUnresolvedError extends ApiError {
  readonly kind = 'base_unresolved';
  constructor(request: RequestInfo, readonly ref: string) {
    super(l10n.t('The agent\'s workspace has no {0} to measure its changes against.', ref), request);
  }
}

/** The agent server names its workspace `.` and no terminal output said which folder that is. */
export class WorkspaceUnknownError extends ApiError {
  readonly kind = 'workspace_unknown';
  constructor(request: RequestInfo) {
    super(l10n.t('The agent server did not say where the conversation\'s workspace is, so its exact patch cannot be read. Show the changes through the server instead.'), request);
  }
}
