// The conversation whose changes are shown: its id, title and where it works. A command may name it by id alone (a
// finish notice, a transcript tab, chat) while the Conversations view has not loaded it (an older page, a view
// never opened): then the server's own summary gives its title and repository, as a row of the view would.
import type { ConversationSummary } from '../../api/model/conversations';
import type { ConversationRef } from './changeLoader';

export interface ShownConversation extends ConversationRef {
  readonly title: string;
}

/** Reads one conversation's summary from the server; undefined where the server has none. */
export type SummaryReader = (id: string) => Promise<ConversationSummary | undefined>;

export async function conversationById(id: string, listed: readonly ConversationSummary[], read: SummaryReader): Promise<ShownConversation> {
  const known = listed.find((item) => item.id === id) ?? (await read(id).catch(() => undefined));
  // Not readable now: the changes' own read, which follows, says why; until then the id stands for the title.
  return known ? shownOf(known) : { id, title: id, repository: null, branch: null };
}

export function shownOf(item: ShownConversation): ShownConversation {
  return { id: item.id, title: item.title, repository: item.repository, branch: item.branch };
}
