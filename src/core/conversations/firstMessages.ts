// The person's first message of the conversations the server has not named (V1 lists them as "Conversation
// 7fd96" until its LLM gives a title, and for ever when it never does), to show instead. Asked only for such
// rows, a few per poll (the list poll sends up to two requests; 1.x servers allow 10 a second), kept once found:
// a first message never changes. None yet (V1's events reach the app server up to 30 s late), or a failed ask, is
// asked again later.
import type { CallOptions, ConversationsApi } from '../../api/client';

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

  of(id: string): string | undefined {
    return this.found.get(id);
  }

  /** Asks for the first messages of `ids` not known yet, a few at a time; true when one was learnt. */
  async learn(api: ConversationsApi, ids: readonly string[], now: number, call: CallOptions): Promise<boolean> {
    if (!api.firstMessage) return false;
    const due = ids.filter((id) => !this.found.has(id) && now - (this.none.get(id) ?? -Infinity) >= ASK_AGAIN_MS).slice(0, LOOKUPS_PER_POLL);
    let learnt = false;
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

  clear(): void {
    this.found.clear();
    this.none.clear();
  }
}
