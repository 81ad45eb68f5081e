// The events of a V1 conversation, as far as the client reads them: GET /api/v1/conversation/{id}/events/search
// (1.11.0 and 1.6.0; `conversation`, singular) filtered to MessageEvents, oldest first; the person's first message
// is the first of them whose source is `user`. Read loosely: an event's other fields differ between releases.
import * as z from 'zod/mini';
import { builtOnFirstUse } from '../http/builtOnFirstUse';

const textOrOther = () => z.looseObject({ type: z.string(), text: z.optional(z.string()) });

export const MessageEventPage = builtOnFirstUse(() => z.looseObject({
  items: z.array(z.looseObject({
    source: z.string(),
    llm_message: z.optional(z.looseObject({ content: z.array(textOrOther()) })),
  })),
  next_page_id: z.optional(z.nullable(z.string())),
}));

/** The search for the first MessageEvents: a handful is enough, the person's first message comes first or second. */
export function firstMessagesQuery(limit: number): URLSearchParams {
  return new URLSearchParams({ kind__eq: 'MessageEvent', sort_order: 'TIMESTAMP', limit: String(limit) });
}

/** The text parts of the first message from the person, joined; undefined when the page has none. */
export function firstUserText(page: z.infer<ReturnType<typeof MessageEventPage>>): string | undefined {
  const first = page.items.find((event) => event.source === 'user');
  const text = first?.llm_message?.content.flatMap((part) => (part.type === 'text' && part.text ? [part.text] : [])).join('\n').trim();
  return text || undefined;
}
