// Renaming and deleting conversations on an agent server: PATCH /api/conversations/{id} {"title"} (an empty
// title is refused with 422) and DELETE (its events go; the files of its workspace stay). The server has no
// title filter, so there is no search or count by title on this line.
import { expectOk } from '../http/answers';
import type { CallOptions, Transport } from '../http/transport';
import { conversationPath } from './agentConversationsApi';
import { onAgentServer } from './agentFaults';

export async function renameAgentConversation(transport: Transport, id: string, title: string, call?: CallOptions): Promise<void> {
  await onAgentServer(async () => expectOk(await transport.send('PATCH', conversationPath(id), { title }, call)));
}

export async function deleteAgentConversation(transport: Transport, id: string, call?: CallOptions): Promise<void> {
  await onAgentServer(async () => expectOk(await transport.send('DELETE', conversationPath(id), undefined, call)));
}
