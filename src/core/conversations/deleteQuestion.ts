// What the modal before Delete Conversation says: which conversations go, and what the server deletes with them.
import type { ConversationState } from '../../api/model/conversations';
import { l10n } from '../../base/l10n';
import { isWorking } from './conversationState';

/** The most conversations the dialog names one by one; the rest are counted. */
const NAMED = 8;

export function deleteQuestion(conversations: readonly { readonly title: string; readonly state: ConversationState }[]): { question: string; detail: string } {
  const [only] = conversations;
  // One conversation: the question names it, the detail speaks of it alone.
  if (only && conversations.length === 1) {
    const lost = l10n.t('The server deletes its events and, where no other conversation shares it, its sandbox with its files. Changes you already applied stay in your folder, and Undo Apply still works.');
    const stops = isWorking(only.state) ? [l10n.t('It is running: it stops first.')] : [];
    return { question: l10n.t('Delete "{0}" from the server?', only.title), detail: [lost, ...stops].join('\n') };
  }
  const running = conversations.filter((c) => isWorking(c.state));
  const named = conversations.slice(0, NAMED).map((c) => `• ${c.title}${isWorking(c.state) ? ` (${l10n.t('running')})` : ''}`);
  const more = conversations.length > named.length ? [l10n.t('… and {0} more.', conversations.length - named.length)] : [];
  const lost = l10n.t('The server deletes their events and, where no other conversation shares it, their sandbox with its files. Changes you already applied stay in your folder, and Undo Apply still works.');
  const stops = running.length ? [l10n.t('Running ones stop first.')] : [];
  return { question: l10n.t('Delete {0} conversations from the server?', conversations.length), detail: [...named, ...more, '', lost, ...stops].join('\n') };
}
