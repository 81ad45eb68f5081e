// Renaming and deleting V0 conversations (0.54.0's manage_conversations.py, answers in docs/openhands-lines.md):
// PATCH /api/conversations/{id} {"title"} (1-200 characters, no other field: 422 otherwise) answers `true`, or 404
// with CONVERSATION$NOT_FOUND; DELETE answers `true`, or `false` for an id it does not know (an error here), and
// 500 where the runtime cannot delete the sandbox (0.54.0's Docker runtime on a machine without Docker). V0 has
// no search by title: the view filters what it has loaded.
import * as z from 'zod/mini';
import { readAnswer } from '../http/answers';
import type { RequestInfo } from '../http/apiError';
import { ServerError } from '../http/statusErrors';
import type { CallOptions, Transport } from '../http/transport';
import { l10n } from '../../base/l10n';

const CONVERSATIONS = '/api/conversations';
const path = (id: string) => `${CONVERSATIONS}/${encodeURIComponent(id)}`;

export async function renameV0Conversation(transport: Transport, id: string, title: string, call?: CallOptions): Promise<void> {
  const answer = await transport.send('PATCH', path(id), { title }, call);
  // Its 404 says so in `msg_id`, not in FastAPI's `detail`: read as the unknown conversation it is, not a wrong URL.
  if (answer.status === 404 && (answer.body as { msg_id?: unknown } | null)?.msg_id === 'CONVERSATION$NOT_FOUND') throw unknown(answer.request, id);
  readAnswer(answer, z.literal(true));
}

export async function deleteV0Conversation(transport: Transport, id: string, call?: CallOptions): Promise<void> {
  const answer = await transport.send('DELETE', path(id), undefined, call);
  if (!readAnswer(answer, z.boolean())) throw unknown(answer.request, id);
}

const unknown = (request: RequestInfo, id: string) => new ServerError(request, 404, undefined, l10n.t('the server does not know conversation {0}', id));
