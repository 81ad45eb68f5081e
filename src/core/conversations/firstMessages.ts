// The person's first message of the conversations the server has not named (V1 lists them as "Conversation
// 7fd96" until its LLM gives a title, and for ever when it never does), to show instead. Asked only for such
// rows: first all at once among the server's starts (V1 keeps each start's request: one request, once for each
// row), then one at a time, a few per poll (the list poll sends up to two requests; 1.x servers allow 10 a second),
// kept once found: a first message never changes. None yet (V1's events reach the app server up to 30 s late), or
// a failed ask, is asked again later.
import type { CallOptions, ConversationsApi } from '../../api/client';
import { conversationKey } from '../../api/model/conversations';

/** Lookups one poll may make. */
export const LOOKUPS_PER_POLL = 3;
/** How long an empty answer stands before the conversation is asked again. */
export const ASK_AGAIN_MS = 60_000;
/** Longer first messages are cut: the row shows one line of it, the tooltip a little more. */
const KEPT_CHARS = 300;

export class FirstMessages {
  private readonly found = new Map<string, string>();
  /** When each conversation last had none. */
  private readonly none = new Map<string, number>();
  /** The conversations the starts were asked for (their first messages are there or not: asked once). */
  private readonly askedStarts = new Set<string>();

  of(id: string): string | undefined {
    return this.found.get(id);
  }

  /**
   * Asks for the first messages of `ids` not known yet: once, for all of them, among the server's starts where it
   * keeps them (one request), then one at a time, a few a poll; true when one was learnt.
   */
  async learn(api: ConversationsApi, ids: readonly string[], now: number, call: CallOptions): Promise<boolean> {
    const unknown = ids.filter((id) => !this.found.has(id) && now - (this.none.get(id) ?? -Infinity) >= ASK_AGAIN_MS);
    let learnt = await this.learnFromStarts(api, unknown, call);
    if (!api.firstMessage || call.signal?.aborted) return learnt;
    const due = unknown.filter((id) => !this.found.has(id)).slice(0, LOOKUPS_PER_POLL);
    for (const id of due) {
      // A failure costs the row its first message, not the list its poll: it is asked again later.
      const text = await api.firstMessage(id, call).catch(() => undefined);
      if (call.signal?.aborted) return learnt;
      if (text) {
        this.found.set(id, text.slice(0, KEPT_CHARS));
        this.none.delete(id);
        learnt = true;
      } else {
        this.none.set(id, now);
      }
    }
    return learnt;
  }

  /** The starts' first messages, asked only when one of `ids` was not among the starts asked before. */
  private async learnFromStarts(api: ConversationsApi, ids: readonly string[], call: CallOptions): Promise<boolean> {
    if (!api.startMessages || ids.every((id) => this.askedStarts.has(id))) return false;
    // A failure leaves the rows to the one-at-a-time lookups.
    const starts = await api.startMessages(call).catch(() => new Map<string, string>());
    if (call.signal?.aborted) return false;
    let learnt = false;
    for (const id of ids) {
      this.askedStarts.add(id);
      const text = starts.get(conversationKey(id));
      if (text) {
        this.found.set(id, text.slice(0, KEPT_CHARS));
        learnt = true;
      }
    }
    return learnt;
  }

  clear(): void {
    this.askedStarts.clear();
    this.found.clear();
    this.none.clear();
  }
}
