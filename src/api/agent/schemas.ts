// zod schemas for the parts of an OpenHands Agent Server's API (PyPI openhands-agent-server 1.58.2) that the
// client reads and sends on the agent line. Answers are read loosely: a newer server adds fields, and those are
// kept; statuses are strings, so a new word reads as `unknown` rather than failing the list.
import * as z from 'zod/mini';
import { builtOnFirstUse } from '../http/builtOnFirstUse';

const nullable = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/** ConversationInfo: what a start, a search page and an `?ids=` read give for one conversation. */
export const ConversationInfo = builtOnFirstUse(() => z.looseObject({
  id: z.string(),
  title: nullable(z.string()),
  workspace: z.optional(z.looseObject({ working_dir: z.string() })),
  execution_status: nullable(z.string()),
  created_at: nullable(z.string()),
  updated_at: nullable(z.string()),
  metrics: z.optional(z.unknown()),
  /** ConversationStats: `usage_to_metrics`, a MetricsSnapshot per LLM use; read loosely where the cost is summed. */
  stats: z.optional(z.unknown()),
}));
export type ConversationInfo = z.infer<ReturnType<typeof ConversationInfo>>;

export const ConversationInfoPage = builtOnFirstUse(() => z.looseObject({
  items: z.array(ConversationInfo()),
  next_page_id: nullable(z.string()),
}));

/** GET /api/conversations?ids=…: one entry per id, null for an unknown one. */
export const ConversationInfoList = builtOnFirstUse(() => z.array(z.nullable(ConversationInfo())));

/** GET /api/settings with `X-Expose-Secrets: encrypted`: the sections a start sends as they are. */
export const StoredAgentSettings = builtOnFirstUse(() => z.looseObject({
  agent_settings: z.record(z.string(), z.unknown()),
  conversation_settings: z.optional(z.looseObject({
    max_iterations: nullable(z.int()),
    confirmation_mode: nullable(z.boolean()),
  })),
}));
export type StoredAgentSettings = z.infer<ReturnType<typeof StoredAgentSettings>>;

/** GET /api/file/home: the home folder of the server's user, under which each conversation gets a folder. */
export const HomeAnswer = builtOnFirstUse(() => z.looseObject({ home: z.string() }));

export const SuccessAnswer = builtOnFirstUse(() => z.looseObject({ success: z.boolean() }));

/** GET /api/profiles: each profile's LLM without its key (only whether it has one), and the active one. */
export const ProfileList = builtOnFirstUse(() => z.looseObject({
  profiles: z.array(z.looseObject({ name: z.string(), model: nullable(z.string()), base_url: nullable(z.string()), api_key_set: z.optional(z.boolean()) })),
  active_profile: nullable(z.string()),
}));

/** GET /api/settings/secrets: names and descriptions, never a value. */
export const SecretList = builtOnFirstUse(() => z.looseObject({
  secrets: z.array(z.looseObject({ name: z.string(), description: nullable(z.string()) })),
}));
