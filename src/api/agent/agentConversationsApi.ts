// Conversations on an OpenHands Agent Server (/api/conversations): start with the agent the person stored (see
// startRequest.ts), list by last update (`search`, paged by `page_id`), read by `?ids=`, stop (interrupt, which
// cancels the LLM call in flight, then pause), resume (`/run`), and follow-up messages (`/events` with run:true).
// The server has no title filter, so this line offers no search: the views filter the pages they loaded; it filters
// by state (`status`), which the views ask it for.
import { randomUUID } from 'node:crypto';
import type { ConversationsApi } from '../client';
import { clientValidation, expectOk, readAnswer } from '../http/answers';
import type { RequestInfo } from '../http/apiError';
import type { CallOptions, Transport } from '../http/transport';
import type {
  ConversationPage, ConversationRequest, ConversationState, ConversationResponse, ConversationSummary, FollowUpMessage, StartOptions,
} from '../model/conversations';
import { l10n } from '../../base/l10n';
import { EXECUTION_STATUSES, executionState } from '../v1/conversationList';
import { agentSummary } from './conversationSummary';
import { ConversationInfo, ConversationInfoList, ConversationInfoPage, HomeAnswer, StoredAgentSettings, SuccessAnswer } from './schemas';
import { agentStartRequest, startMessage, unsentFields, userMessage } from './startRequest';
import { onAgentServer } from './agentFaults';

export const CONVERSATIONS = '/api/conversations';
const SETTINGS = '/api/settings';
const MAX_PAGE = 100;
/** Ids per `?ids=` read: each is a query parameter, and a URL has a length a proxy accepts. */
const MAX_IDS = 50;
/** Under the home folder of the server's user: one folder per conversation, named by its id. */
const WORKSPACES = '.openhands/workspaces';
/** `git init` takes well under a second; the server ends the command after this. */
const INIT_SECONDS = 30;
/** How long the delete of a start cut short may take: the person is told of the failure after it. */
const LEFTOVER_DELETE_MS = 5000;

export const conversationPath = (id: string): string => `${CONVERSATIONS}/${encodeURIComponent(id)}`;

type ConversationAction = 'interrupt' | 'pause' | 'run';

/** POST /api/conversations/{id}/{action}: `{"success": true}`; refusals as agentFaults.ts reads them. */
export function conversationAction(transport: Transport, id: string, action: ConversationAction, call?: CallOptions): Promise<void> {
  return onAgentServer(async () => {
    const answer = await transport.send('POST', `${conversationPath(id)}/${action}`, undefined, call);
    // `/run` of a conversation that runs already (409 "Conversation already running"): it runs, as asked.
    if (action === 'run' && answer.status === 409) return;
    readAnswer(answer, SuccessAnswer());
  });
}

export class AgentConversationsApi implements ConversationsApi {
  /** A stop pauses the conversation: it reads `paused` and `/run` goes on. */
  readonly stopLeaves = 'paused';
  /** Its start request names no repository (sdk conversation/request.py): the folder goes by Send This Folder. */
  readonly clonesRepository = false;
  /** A run a restart cut off reads `error` (event_service.py); `/run` and a message go on from there. */
  readonly goesOnAfterError = true;
  private home: Promise<string> | undefined;

  constructor(private readonly transport: Transport) {}

  async createConversation(request: ConversationRequest, call: StartOptions = {}): Promise<ConversationResponse> {
    const unsent = unsentFields(request);
    if (unsent.length) {
      throw clientValidation(this.info('POST', CONVERSATIONS), unsent.map((field) => ({ path: [field], message: l10n.t('an agent server starts no conversation with this') })));
    }
    call.onProgress?.(l10n.t('starting the agent'));
    const stored = readAnswer(await this.transport.send('GET', SETTINGS, undefined, { ...call, headers: { 'X-Expose-Secrets': 'encrypted' } }), StoredAgentSettings());
    const conversationId = request.conversation_id ?? randomUUID();
    const workingDir = `${await this.homeFolder(call)}/${WORKSPACES}/${conversationId}`;
    const body = agentStartRequest(request, stored, { conversationId, workingDir });
    try {
      const info = await onAgentServer(async () => readAnswer(await this.transport.send('POST', CONVERSATIONS, body, call), ConversationInfo()));
      const message = startMessage(request);
      if (message) await this.sendTaskInOwnRepository(info.id, workingDir, message, call);
      return { status: 'ok', conversation_id: info.id, message: null, conversation_status: info.execution_status ?? null };
    } catch (error) {
      // A start cut short (a cancel, a lost answer, a refused task) holds nothing of the person's yet: none is left.
      await this.transport.send('DELETE', conversationPath(conversationId), undefined, { signal: AbortSignal.timeout(LEFTOVER_DELETE_MS) }).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The task goes once the workspace is a repository of its own. A server `git init`s a new workspace only where git
   * finds no repository around it (event_service.py of 1.58.2: `git rev-parse --git-dir`): under a home that is one
   * (dotfiles), the agent's git worked in that repository (its `git add` staged into the person's index). A failed
   * init (no git there) leaves the folder as the server made it; `git init` in a repository changes nothing.
   */
  private async sendTaskInOwnRepository(id: string, workingDir: string, message: Record<string, unknown>, call: StartOptions): Promise<void> {
    const init = { command: 'git init -q', cwd: workingDir, timeout: INIT_SECONDS };
    await onAgentServer(async () => expectOk(await this.transport.send('POST', `${conversationPath(id)}/bash/execute_bash_command`, init, call)));
    await onAgentServer(async () => readAnswer(await this.transport.send('POST', `${conversationPath(id)}/events`, { ...message, run: true }, call), SuccessAnswer()));
  }

  listConversations(page: { readonly pageId?: string; readonly limit: number }, call?: CallOptions): Promise<ConversationPage> {
    return this.searchPage(page, undefined, call);
  }

  /**
   * `search?status=` takes one execution status: those that read as the states asked for are listed one after the
   * other, the page id naming which one and where in its pages (`<index>:<the server's page id>`).
   */
  async listByState(query: { readonly states: readonly ConversationState[]; readonly pageId?: string; readonly limit: number }, call?: CallOptions): Promise<ConversationPage> {
    const statuses = EXECUTION_STATUSES.filter((status) => query.states.includes(executionState(status)));
    const cut = query.pageId?.indexOf(':') ?? -1;
    const at = cut > 0 ? Number(query.pageId!.slice(0, cut)) : 0;
    const status = statuses[at];
    if (status === undefined) return { items: [], nextPageId: null };
    const page = await this.searchPage({ limit: query.limit, pageId: query.pageId?.slice(cut + 1) || undefined }, status, call);
    const next = page.nextPageId !== null ? `${at}:${page.nextPageId}` : at + 1 < statuses.length ? `${at + 1}:` : null;
    return { items: page.items, nextPageId: next };
  }

  async getConversations(ids: readonly string[], call?: CallOptions): Promise<readonly ConversationSummary[]> {
    const found: ConversationSummary[] = [];
    for (let from = 0; from < ids.length; from += MAX_IDS) {
      const query = new URLSearchParams(ids.slice(from, from + MAX_IDS).map((id): [string, string] => ['ids', id]));
      const answer = readAnswer(await this.transport.send('GET', `${CONVERSATIONS}?${query}`, undefined, call), ConversationInfoList());
      for (const info of answer) if (info) found.push(agentSummary(info));
    }
    return found;
  }

  /** Interrupt cancels the LLM call in flight (a pause alone waits for it), then the pause keeps it paused. */
  async stopConversation(id: string, call?: CallOptions): Promise<void> {
    await this.action(id, 'interrupt', call);
    await this.action(id, 'pause', call);
  }

  /** `/run` goes on from where it stopped: after a stop, or after a rejected action left it idle. */
  async resumeConversation(id: string, call?: CallOptions): Promise<void> {
    await this.action(id, 'run', call);
  }

  async sendMessage(id: string, message: FollowUpMessage, call?: CallOptions): Promise<void> {
    const body = { ...userMessage(message.text, message.imageUrls), run: true };
    // A 429 keeps the message (event_router.py): the agent reads it on the next run.
    await onAgentServer(async () => readAnswer(await this.transport.send('POST', `${conversationPath(id)}/events`, body, call), SuccessAnswer()), true);
  }

  /** One page of `search`, by last update, of one execution status where given. */
  private async searchPage(page: { readonly pageId?: string; readonly limit: number }, status: string | undefined, call?: CallOptions): Promise<ConversationPage> {
    const query = new URLSearchParams({ limit: String(Math.min(MAX_PAGE, Math.max(1, Math.floor(page.limit)))), sort_order: 'UPDATED_AT_DESC' });
    if (page.pageId) query.set('page_id', page.pageId);
    if (status) query.set('status', status);
    const answer = readAnswer(await this.transport.send('GET', `${CONVERSATIONS}/search?${query}`, undefined, call), ConversationInfoPage());
    return { items: answer.items.map(agentSummary), nextPageId: answer.next_page_id ?? null };
  }

  private action(id: string, action: ConversationAction, call?: CallOptions): Promise<void> {
    return conversationAction(this.transport, id, action, call);
  }

  /** The server's home folder, asked once per client (a failed ask is asked again by the next start). */
  private homeFolder(call?: CallOptions): Promise<string> {
    this.home ??= this.transport.send('GET', '/api/file/home', undefined, call).then((answer) => readAnswer(answer, HomeAnswer()).home.replace(/\/+$/, ''));
    this.home.catch(() => { this.home = undefined; });
    return this.home;
  }

  private info(method: string, path: string): RequestInfo {
    return { method, path, baseUrl: this.transport.baseUrl };
  }
}
