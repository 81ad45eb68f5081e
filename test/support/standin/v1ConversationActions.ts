// What acts on a V1 conversation once it is READY (OpenHands 1.11.0): POST /api/v1/sandboxes/{id}/pause and
// /resume (sandbox/sandbox_router.py; 1.6.0 has them too), POST /api/v1/app-conversations/{id}/send-message (1.11.0
// only, app_conversation_router.py), and the status changes the control route makes.
import { type Body, type Reply, detailReply, jsonReply, validateBody, validationReply } from './http';
import { type PyValue } from './pyJson';
import { type V1ConversationRecord } from './v1Conversations';
import { type V1ConversationRoutes, dashedUuid, uuidHex, uuidProblem } from './v1ConversationRoutes';
import { messageText } from './v1Events';
import { messageContent } from './v1StartRequest';
import { type Validator, bool, fail, INVALID, listOf, model } from './validators';

const literalUser: Validator = (input, loc, errors) =>
  input === 'user' ? input : fail(errors, loc, input, 'literal_error', "Input should be 'user'", { expected: "'user'" });

/** TextContent | ImageContent as the start request reads them, at least one. */
const content: Validator = (input, loc, errors) => {
  const items = listOf(messageContent)(input, loc, errors);
  if (items === INVALID) return INVALID;
  if ((items as PyValue[]).length > 0) return items;
  return fail(errors, loc, input, 'too_short', 'List should have at least 1 item after validation, not 0',
    { field_type: 'List', min_length: 1, actual_length: 0 });
};

/** AppSendMessageRequest: role "user" only, content required, run true unless said. */
const sendMessageModel = model({
  extra: 'ignore',
  fields: { role: { validate: literalUser, default: () => 'user' }, content: { validate: content }, run: { validate: bool, default: () => true } },
});

export class V1ConversationActions {
  constructor(private readonly conversations: V1ConversationRoutes) {}

  /** Pausing stops every conversation in the sandbox; they read PAUSED, without execution status or URL. */
  pause(sandboxId: string): Reply {
    return this.setSandbox(sandboxId, 'PAUSED');
  }

  resume(sandboxId: string): Reply {
    return this.setSandbox(sandboxId, 'RUNNING');
  }

  sendMessage(id: string, body: Body): Reply {
    const hex = uuidHex(id);
    if (hex === null) {
      const error = uuidProblem(id, false);
      return validationReply([{ type: 'uuid_parsing', loc: ['path', 'conversation_id'], msg: `Input should be a valid UUID, ${error}`, input: id, ctx: { error } }]);
    }
    const result = validateBody<{ run: boolean; content: unknown[] }>(sendMessageModel, body);
    if ('reply' in result) return result.reply;
    const conversation = this.conversations.find(hex);
    if (!conversation) return detailReply(404, `Conversation ${dashedUuid(hex)} not found`);
    const status = conversation.sandboxStatus;
    if (status === 'MISSING') return detailReply(410, 'Conversation is archived. The sandbox no longer exists.');
    if (status === 'ERROR') return detailReply(503, 'Sandbox is in an error state and cannot accept messages.');
    if (status !== 'RUNNING') return detailReply(409, `Sandbox is ${status}. Use POST /api/v1/sandboxes/${conversation.sandboxId}/resume to resume it first.`);
    conversation.log.message('user', messageText(result.value.content));
    if (result.value.run) {
      const now = new Date();
      this.conversations.startRun(conversation, now);
      conversation.updated = now;
    }
    return jsonReply(200, { success: true, sandbox_status: 'RUNNING', message: null });
  }

  /** The control route's change: `sandbox_status` and/or `execution_status`, held until the next change. */
  setStatus(conversation: V1ConversationRecord, change: { sandbox_status?: string; execution_status?: string }): void {
    if (change.sandbox_status) conversation.sandboxStatus = change.sandbox_status;
    if (change.execution_status) conversation.execution = { status: change.execution_status, endsAt: null, endsAs: change.execution_status };
    conversation.updated = new Date();
  }

  private setSandbox(sandboxId: string, status: string): Reply {
    const inSandbox = this.conversations.inSandbox(sandboxId);
    if (inSandbox.length === 0) return detailReply(404, 'Not Found');
    const now = new Date();
    for (const conversation of inSandbox) {
      conversation.sandboxStatus = status;
      conversation.updated = now;
    }
    return jsonReply(200, { success: true });
  }
}
