// V0 events as OpenHands 0.54.0 serializes them (events/serialization/event.py event_to_dict): an action is
// `{id, timestamp, source, message, action, args, cause?, tool_call_metadata?}`, an observation
// `{id, timestamp, source, message, observation, content, extras, cause, success?}`. Read loosely: the model takes
// a few fields of each, and a field of another type makes the event `other`, never a failure.
import * as z from 'zod/mini';

const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

export const V0EventHead = z.looseObject({
  id: opt(z.union([z.number(), z.string()])),
  timestamp: opt(z.string()),
  source: opt(z.string()),
  action: opt(z.string()),
  observation: opt(z.string()),
  cause: opt(z.union([z.number(), z.string()])),
  tool_call_metadata: opt(z.looseObject({ function_name: opt(z.string()) })),
});

export const V0ActionArgs = z.looseObject({
  content: opt(z.string()),
  image_urls: opt(z.array(z.unknown())),
  command: opt(z.string()),
  code: opt(z.string()),
  path: opt(z.string()),
  url: opt(z.string()),
  browser_actions: opt(z.string()),
  name: opt(z.string()),
  arguments: opt(z.unknown()),
  thought: opt(z.string()),
  final_thought: opt(z.string()),
  summary: opt(z.string()),
  security_risk: opt(z.union([z.number(), z.string()])),
});
export const V0Action = z.looseObject({ args: z.optional(V0ActionArgs) });

export const V0ObservationExtras = z.looseObject({
  path: opt(z.string()),
  command: opt(z.string()),
  metadata: opt(z.looseObject({ exit_code: opt(z.number()), working_dir: opt(z.string()) })),
  prev_exist: opt(z.boolean()),
  old_content: opt(z.string()),
  new_content: opt(z.string()),
  agent_state: opt(z.string()),
  reason: opt(z.string()),
  error_id: opt(z.string()),
});
export const V0Observation = z.looseObject({ content: opt(z.string()), extras: z.optional(V0ObservationExtras) });

/** GET /api/conversations/{id}/events: a page, and whether more follow it in the direction read. */
export const V0EventPage = z.looseObject({ events: z.array(z.unknown()), has_more: z.boolean() });
