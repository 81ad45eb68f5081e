// The base of every typed failure of a call to the server. Each message says what happened and what the person
// can do, and never contains a key: URLs in messages are the configured base URL, which holds no user info.

export type ApiErrorKind =
  | 'unauthorized' | 'not_found' | 'validation' | 'rate_limited' | 'server'
  | 'network' | 'timeout' | 'cancelled' | 'bad_response' | 'redirected'
  | 'unsupported' | 'start_failed' | 'not_kept' | 'token_refused'
  | 'sandbox_paused' | 'sandbox_not_running' | 'workspace_unknown' | 'base_unresolved' | 'agent_unreachable'
  | 'conversation_gone' | 'at_capacity';

/** Where a request went, for messages and logs. */
export interface RequestInfo {
  readonly method: string;
  readonly path: string;
  readonly baseUrl: string;
}

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  constructor(message: string, readonly request: RequestInfo) {
    super(message);
    this.name = new.target.name;
  }
}
