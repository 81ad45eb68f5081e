// What a server keeps beside its settings, in the client's words: named LLM configurations (profiles), one of
// which may be the active one, and the names of the person's own secrets (their values never leave the server).

export interface LlmProfile {
  readonly name: string;
  readonly model: string | null;
  readonly baseUrl: string | null;
  /** Whether the profile holds a key: the key itself is never read. */
  readonly apiKeySet: boolean;
}

export interface LlmProfiles {
  readonly profiles: readonly LlmProfile[];
  /** The profile whose LLM the settings hold now, as the server last recorded it; null where none. */
  readonly active: string | null;
}

export interface ServerSecret {
  readonly name: string;
  readonly description: string | null;
}

/** The names the server takes: a profile's (the agent server's llm_profile_store) and a secret's (an environment variable). */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const SECRET_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
