// Starting a conversation on a V1 server: POST /api/v1/app-conversations answers with a start task, which is
// followed (GET …/start-tasks?ids=) until READY or ERROR. Polls start fast and back off to at most one a second,
// far below the server's 10 requests a second; a cancel stops them at once; a task that reaches no new status
// for a while is given up (it stays WORKING for ever when the server restarted mid-start; going back to a status
// it had is no progress either). Then the conversations: search pages, ?ids= reads, stop (a sandbox pause), resume,
// send-message follow-ups and the first message (conversationList.ts reads their statuses, conversationEvents.ts events).
import type { ConversationsApi } from '../client';
import { clientValidation, readAnswer } from '../http/answers';
import { BadResponseError } from '../http/transportErrors';
import { ServerError } from '../http/statusErrors';
import { StartFailedError, type StartedOn } from '../conversationErrors';
import type { RequestInfo } from '../http/apiError';
import { pause, type CallOptions, type Transport } from '../http/transport';
import type {
  ConversationPage, ConversationRequest, ConversationResponse, ConversationSummary, FollowUpMessage, StartOptions,
} from '../model/conversations';
import { l10n } from '../../base/l10n';
import { MessageEventPage, firstMessagesQuery, firstUserText } from './conversationEvents';
import { AppConversationList, AppConversationPage, v1Summary, type AppConversation } from './conversationList';
import { conversationKey } from '../model/conversations';
import { SendMessageRequest, SendMessageResponse, StartRequest, StartTask, StartTaskList, StartTaskPage, SuccessAnswer, type StartTaskStatus } from './schemas';

const CONVERSATIONS = '/api/v1/app-conversations';
const SANDBOXES = '/api/v1/sandboxes';
const EVENTS = '/api/v1/conversation';
/** MessageEvents read for the first message: the person's comes first; a few more in case an agent's came earlier. */
const FIRST_MESSAGES = 5;
/** The batch read refuses 100 ids or more; search pages hold 1-100. */
const MAX_IDS = 99;
const MAX_PAGE = 100;
/** The server's ids are UUIDs; it refuses the whole batch (400) when one is not. */
const UUID = /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/;

export interface Polling {
  readonly firstMs: number;
  readonly maxMs: number;
  /** How long the task may go without reaching a status it did not have before, before the start is given up. */
  readonly stallMs: number;
}

export const DEFAULT_POLLING: Polling = { firstMs: 250, maxMs: 1000, stallMs: 5 * 60_000 };

// 1.11.0 walks every start through the repository steps; without a repository they only make the workspace
// folder (and maybe a `git init`), so they are worded as that, never as a clone.
const STEP_WORDS: Partial<Record<StartTaskStatus, (repository: string | undefined) => string>> = {
  WORKING: () => l10n.t('preparing'), WAITING_FOR_SANDBOX: () => l10n.t('waiting for the sandbox'),
  PREPARING_REPOSITORY: (repository) => (repository ? l10n.t('cloning {0}', repository) : l10n.t('preparing the workspace')),
  RUNNING_SETUP_SCRIPT: (repository) => (repository ? l10n.t('running the repository\'s setup script, if it has one') : l10n.t('preparing the workspace')),
  SETTING_UP_GIT_HOOKS: (repository) => (repository ? l10n.t('setting up the repository\'s git hooks, if it has any') : l10n.t('preparing the workspace')),
  SETTING_UP_SKILLS: () => l10n.t('loading skills'), STARTING_CONVERSATION: () => l10n.t('starting the agent'),
};

export class V1ConversationsApi implements ConversationsApi {
  constructor(private readonly transport: Transport, private readonly polling: Polling = DEFAULT_POLLING) {}

  async createConversation(request: ConversationRequest, call: StartOptions = {}): Promise<ConversationResponse> {
    const info: RequestInfo = { method: 'POST', path: CONVERSATIONS, baseUrl: this.transport.baseUrl };
    const checked = StartRequest().safeParse(startRequest(request));
    if (!checked.success) throw clientValidation(info, checked.error.issues);
    const task = readAnswer(await this.transport.send('POST', CONVERSATIONS, checked.data, call), StartTask());
    call.onAccepted?.(task.id);
    const ready = await this.follow(task, call, { repository: request.repository ?? undefined, gitProvider: request.git_provider ?? undefined });
    return { status: 'ok', conversation_id: ready, message: null, conversation_status: 'READY' };
  }

  /** Follows the start task (it goes on on the server whatever happened here) until READY: its conversation; ERROR: none. */
  async conversationOfStart(startId: string, call: CallOptions = {}): Promise<string | undefined> {
    const path = `${CONVERSATIONS}/start-tasks?ids=${encodeURIComponent(startId)}`;
    const task = readAnswer(await this.transport.send('GET', path, undefined, call), StartTaskList())[0];
    if (!task) return undefined;
    try {
      return await this.follow(task, call, {});
    } catch (error) {
      if (error instanceof StartFailedError) return undefined;
      throw error;
    }
  }

  async listConversations(page: { readonly pageId?: string; readonly limit: number }, call?: CallOptions): Promise<ConversationPage> {
    const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(page.limit)));
    const query = new URLSearchParams({ limit: String(limit) });
    if (page.pageId) query.set('page_id', page.pageId);
    const answer = readAnswer(await this.transport.send('GET', `${CONVERSATIONS}/search?${query}`, undefined, call), AppConversationPage());
    return { items: answer.items.map(v1Summary), nextPageId: answer.next_page_id ?? null };
  }

  async getConversations(ids: readonly string[], call?: CallOptions): Promise<readonly ConversationSummary[]> {
    return (await this.readConversations(ids, call)).map(v1Summary);
  }

  /** A stop pauses the sandbox: the conversation reads PAUSED (the server's word) and can be resumed. */
  readonly stopLeaves = 'paused';

  /**
   * V1 has no stop for one conversation: the app server pauses its sandbox (what the web UI's stop does), which
   * stops every conversation in that sandbox; it reads PAUSED afterwards and can be resumed.
   */
  async stopConversation(id: string, call?: CallOptions): Promise<void> {
    await this.sandboxAction(id, 'pause', call);
  }

  /** Resumes the conversation's sandbox (and so every conversation in it): RUNNING again, the agent where it was. */
  async resumeConversation(id: string, call?: CallOptions): Promise<void> {
    await this.sandboxAction(id, 'resume', call);
  }

  /** The person's first message, from the conversation's events; an id that is no UUID (the server answers 500) has none. */
  async firstMessage(id: string, call?: CallOptions): Promise<string | undefined> {
    if (!UUID.test(id)) return undefined;
    const path = `${EVENTS}/${encodeURIComponent(id)}/events/search?${firstMessagesQuery(FIRST_MESSAGES)}`;
    return firstUserText(readAnswer(await this.transport.send('GET', path, undefined, call), MessageEventPage()));
  }

  /** The newest starts' first messages (start-tasks/search keeps each start's request), by conversation id. */
  async startMessages(call?: CallOptions): Promise<ReadonlyMap<string, string>> {
    const page = readAnswer(await this.transport.send('GET', `${CONVERSATIONS}/start-tasks/search?limit=${MAX_PAGE}`, undefined, call), StartTaskPage());
    const found = new Map<string, string>();
    for (const task of page.items) {
      const text = task.request?.initial_message?.content.flatMap((part) => (part.type === 'text' && part.text ? [part.text] : [])).join('\n').trim();
      if (task.app_conversation_id && text) found.set(conversationKey(task.app_conversation_id), text);
    }
    return found;
  }

  private async sandboxAction(id: string, action: 'pause' | 'resume', call?: CallOptions): Promise<void> {
    const [conversation] = await this.readConversations([id], call);
    if (!conversation) throw new ServerError(this.info('GET', CONVERSATIONS), 404, undefined, l10n.t('the server does not know conversation {0}', id));
    const path = `${SANDBOXES}/${encodeURIComponent(conversation.sandbox_id)}/${action}`;
    readAnswer(await this.transport.send('POST', path, undefined, call), SuccessAnswer());
  }

  /** 1.11.0's send-message: the agent server takes the message and runs (the server's default). */
  async sendMessage(id: string, message: FollowUpMessage, call?: CallOptions): Promise<void> {
    const path = `${CONVERSATIONS}/${encodeURIComponent(id)}/send-message`;
    const content: unknown[] = [{ type: 'text', text: message.text }];
    if (message.imageUrls?.length) content.push({ type: 'image', image_urls: [...message.imageUrls] });
    const checked = SendMessageRequest().safeParse({ content });
    if (!checked.success) throw clientValidation(this.info('POST', path), checked.error.issues);
    readAnswer(await this.transport.send('POST', path, checked.data, call), SendMessageResponse());
  }

  /** The conversations the server knows among `ids`, in batches the server takes; ids that are no UUID cannot be V1's. */
  private async readConversations(ids: readonly string[], call?: CallOptions): Promise<AppConversation[]> {
    const wanted = ids.filter((id) => UUID.test(id));
    const found: AppConversation[] = [];
    for (let from = 0; from < wanted.length; from += MAX_IDS) {
      const query = new URLSearchParams(wanted.slice(from, from + MAX_IDS).map((id): [string, string] => ['ids', id]));
      const answer = readAnswer(await this.transport.send('GET', `${CONVERSATIONS}?${query}`, undefined, call), AppConversationList());
      for (const conversation of answer) if (conversation) found.push(conversation);
    }
    return found;
  }

  private info(method: string, path: string): RequestInfo {
    return { method, path, baseUrl: this.transport.baseUrl };
  }

  /** Polls the task until it is READY (its conversation's id) or ERROR (a StartFailedError). */
  private async follow(first: StartTask, call: StartOptions, on: StartedOn): Promise<string> {
    const path = `${CONVERSATIONS}/start-tasks?ids=${encodeURIComponent(first.id)}`;
    const info: RequestInfo = { method: 'GET', path, baseUrl: this.transport.baseUrl };
    let task = first;
    const seen = new Set([first.status]);
    let since = Date.now();
    for (let wait = this.polling.firstMs; ; wait = Math.min(wait * 1.5, this.polling.maxMs)) {
      if (task.status === 'READY' && task.app_conversation_id) return task.app_conversation_id;
      if (task.status === 'ERROR') throw new StartFailedError(info, task.detail ?? '', on);
      if (Date.now() - since > this.polling.stallMs) throw new StartFailedError(info, task.status, on, { stalled: true });
      call.onProgress?.(STEP_WORDS[task.status as StartTaskStatus]?.(on.repository) ?? task.status.toLowerCase());
      await pause(wait, info, call.signal);
      const next = readAnswer(await this.transport.send('GET', path, undefined, call), StartTaskList())[0];
      if (!next) throw new BadResponseError(info, l10n.t('the server no longer knows the start task'));
      if (!seen.has(next.status)) {
        seen.add(next.status);
        since = Date.now();
      }
      task = next;
    }
  }
}

/** The V1 start request for what the extension would send a V0 server. Conversation instructions become the
 * suffix of the agent's system message, which is what V0's conversation_instructions were. Without a message or
 * images no `initial_message` is sent: 1.11.0 then starts the conversation idle (measured), for a task sent later. */
export function startRequest(request: ConversationRequest): Record<string, unknown> {
  const { initial_user_msg, image_urls, repository, selected_branch, git_provider, conversation_instructions, ...rest } = request;
  const content: unknown[] = [{ type: 'text', text: initial_user_msg ?? '' }];
  if (image_urls?.length) content.push({ type: 'image', image_urls });
  const others = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== null));
  const withMessage = (initial_user_msg !== undefined && initial_user_msg !== null) || !!image_urls?.length;
  return {
    ...others, // anything else has no V1 counterpart: the strict schema refuses it rather than drop it
    ...(withMessage ? { initial_message: { role: 'user', content } } : {}),
    ...(conversation_instructions ? { system_message_suffix: conversation_instructions } : {}),
    ...(repository ? { selected_repository: repository } : {}),
    ...(repository && selected_branch ? { selected_branch } : {}),
    ...(repository && git_provider ? { git_provider } : {}),
  };
}
