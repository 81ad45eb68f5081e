// V1 events as OpenHands 1.11.0 and 1.6.0 send them (app server events search, agent server events search and
// websocket; openhands-v1-work.md §3), read loosely: only the fields the model takes are named, each optional
// where a release or the agent server's copy (which drops null fields) may leave it out.
import * as z from 'zod/mini';

const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/** A content part: text, or an image (its URLs counted, never kept). */
export const ContentPart = z.looseObject({ type: opt(z.string()), text: opt(z.string()), image_urls: opt(z.array(z.unknown())) });
export type ContentPart = z.infer<typeof ContentPart>;
const Content = opt(z.array(ContentPart));
const ThinkingBlocks = opt(z.array(z.looseObject({ thinking: opt(z.string()) })));

export const EventBase = z.looseObject({
  id: opt(z.union([z.string(), z.number()])),
  timestamp: opt(z.string()),
  source: opt(z.string()),
  kind: opt(z.string()),
});

export const MessageEventWire = z.looseObject({
  llm_message: z.looseObject({ content: Content, reasoning_content: opt(z.string()), thinking_blocks: ThinkingBlocks }),
});

export const ActionEventWire = z.looseObject({
  tool_name: opt(z.string()),
  action: opt(z.looseObject({ kind: opt(z.string()) })),
  tool_call: opt(z.looseObject({ arguments: opt(z.string()) })),
  thought: Content,
  reasoning_content: opt(z.string()),
  thinking_blocks: ThinkingBlocks,
  summary: opt(z.string()),
  security_risk: opt(z.string()),
});

export const ObservationEventWire = z.looseObject({
  action_id: opt(z.string()),
  tool_name: opt(z.string()),
  observation: z.looseObject({
    kind: opt(z.string()),
    content: Content,
    is_error: opt(z.boolean()),
    exit_code: opt(z.number()),
    metadata: opt(z.looseObject({ exit_code: opt(z.number()), working_dir: opt(z.string()) })),
    command: opt(z.string()),
    path: opt(z.string()),
    old_content: opt(z.string()),
    new_content: opt(z.string()),
  }),
});

export const RejectionWire = z.looseObject({ action_id: opt(z.string()), rejection_reason: opt(z.string()) });
export const AgentErrorWire = z.looseObject({ error: z.string(), tool_name: opt(z.string()) });
export const ConversationErrorWire = z.looseObject({ code: opt(z.string()), detail: opt(z.string()) });
export const StateUpdateWire = z.looseObject({ key: z.string(), value: z.unknown() });
export const CondensationWire = z.looseObject({ summary: opt(z.string()) });

/** A page of the events search (both servers): items read one by one, so one odd event spoils nothing. */
export const EventPage = z.looseObject({
  items: z.array(z.unknown()),
  next_page_id: opt(z.string()),
});
