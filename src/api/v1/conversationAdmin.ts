// Renaming, deleting and finding V1 conversations (1.11.0's app_conversation_router.py, answers in
// docs/openhands-lines.md): PATCH /api/v1/app-conversations/{id} {"title"} answers the conversation (404
// `unknown_app_conversation` for an unknown id; any string is taken, "" and 300 characters included);
// DELETE answers {"success": true} and removes its events and, when no other conversation shares it, its sandbox
// (404 `Conversation not found`, 400 for an id that is no UUID); /search and /count take `title__contains`
// (case-insensitive), /count answers a bare number.
import * as z from 'zod/mini';
import { readAnswer } from '../http/answers';
import type { CallOptions, Transport } from '../http/transport';
import type { ConversationPage } from '../model/conversations';
import { AppConversation, AppConversationPage, v1Summary } from './conversationList';
import { SuccessAnswer } from './schemas';

const CONVERSATIONS = '/api/v1/app-conversations';
const MAX_PAGE = 100;

const path = (id: string) => `${CONVERSATIONS}/${encodeURIComponent(id)}`;

export async function renameV1Conversation(transport: Transport, id: string, title: string, call?: CallOptions): Promise<void> {
  readAnswer(await transport.send('PATCH', path(id), { title }, call), AppConversation());
}

export async function deleteV1Conversation(transport: Transport, id: string, call?: CallOptions): Promise<void> {
  readAnswer(await transport.send('DELETE', path(id), undefined, call), SuccessAnswer());
}

/** The conversations whose title holds `text`, newest first, a page at a time (as listConversations pages). */
export async function searchV1Conversations(
  transport: Transport, query: { readonly text: string; readonly pageId?: string; readonly limit: number }, call?: CallOptions,
): Promise<ConversationPage> {
  const params = new URLSearchParams({ title__contains: query.text, limit: String(Math.min(MAX_PAGE, Math.max(1, Math.floor(query.limit)))) });
  if (query.pageId) params.set('page_id', query.pageId);
  const answer = readAnswer(await transport.send('GET', `${CONVERSATIONS}/search?${params}`, undefined, call), AppConversationPage());
  return { items: answer.items.map(v1Summary), nextPageId: answer.next_page_id ?? null };
}

/** How many conversations the server holds, or how many have `text` in their title. */
export async function countV1Conversations(transport: Transport, text: string | undefined, call?: CallOptions): Promise<number> {
  const params = text ? `?${new URLSearchParams({ title__contains: text })}` : '';
  return readAnswer(await transport.send('GET', `${CONVERSATIONS}/count${params}`, undefined, call), z.number());
}
