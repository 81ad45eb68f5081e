// OpenHands' V0 app-server API (0.52-0.54 and, deprecated, up to 1.6): /api/settings and /api/conversations.
import type { ConversationsApi, SettingsApi, SettingsUpdater } from '../client';
import { clientValidation, expectOk, isSettingsNotFound, isUnhandledCrash, readAnswer } from '../http/answers';
import { StartFailedError } from '../conversationErrors';
import type { RequestInfo } from '../http/apiError';
import { SerialQueue } from '../serialQueue';
import { V0ConversationOrNull, V0ConversationPage, v0Summary } from './conversationList';
import type { CallOptions, Transport } from '../http/transport';
import type { ConversationPage, ConversationRequest, ConversationResponse, ConversationSummary } from '../model/conversations';
import type { LoadedSettings, Settings, SettingsChange, SettingsField } from '../model/settings';
import { buildSettingsBody } from './settingsBody';
import { Incoming, Outgoing } from './schemas';

const SETTINGS = '/api/settings';
const CONVERSATIONS = '/api/conversations';

/** Where the V0 settings of a server line keep or clear what 0.5x does not. */
export interface V0Rules {
  /**
   * OpenHands 1.0-1.6 keep a stored search key sent as "" (`if not settings.search_api_key`) and store a blank
   * one as none (its key serializer), so a clear is sent as a blank there; 0.5x clears on "" and would keep " ".
   */
  readonly searchKeyClearedAsBlank: boolean;
}

export const V0_RULES: V0Rules = { searchKeyClearedAsBlank: false };
/** The V0 settings of the mixed line (1.0-1.6, seen on 1.6.0). */
export const MIXED_LINE_RULES: V0Rules = { searchKeyClearedAsBlank: true };

export class V0Client implements SettingsApi, ConversationsApi {
  readonly unsupportedFields: ReadonlySet<SettingsField> = new Set();
  private readonly updates = new SerialQueue();

  constructor(private readonly transport: Transport, private readonly rules: V0Rules = V0_RULES) {}

  async loadSettings(call?: CallOptions): Promise<LoadedSettings | null> {
    const answer = await this.transport.send('GET', SETTINGS, undefined, call);
    if (isSettingsNotFound(answer)) return null;
    return readAnswer(answer, Incoming().LoadedSettings);
  }

  async storeSettings(settings: Settings, call?: CallOptions): Promise<void> {
    const request = this.requestInfo('POST', SETTINGS);
    const checked = Outgoing().Settings.safeParse(settings);
    if (!checked.success) throw clientValidation(request, checked.error.issues);
    await this.postSettings(settings, call);
  }

  updateSettings(change: SettingsChange | SettingsUpdater, call?: CallOptions): Promise<LoadedSettings | null> {
    return this.updates.run(() => this.applyChange(change, call));
  }

  async createConversation(request: ConversationRequest, call?: CallOptions): Promise<ConversationResponse> {
    const checked = Outgoing().ConversationRequest.safeParse(request);
    if (!checked.success) throw clientValidation(this.requestInfo('POST', CONVERSATIONS), checked.error.issues);
    const answer = await this.transport.send('POST', CONVERSATIONS, checked.data, call);
    // 0.54.0 crashes on a repository start while it has no provider tokens (`provider_tokens must be a
    // MappingProxyType, got NoneType`): said as the start failure it is, with its likely cause.
    const { repository, git_provider } = checked.data;
    if (repository && isUnhandledCrash(answer)) {
      throw new StartFailedError(answer.request, '', { repository, gitProvider: git_provider ?? undefined }, { status: answer.status });
    }
    return readAnswer(answer, Incoming().ConversationResponse);
  }

  async listConversations(page: { readonly pageId?: string; readonly limit: number }, call?: CallOptions): Promise<ConversationPage> {
    const query = new URLSearchParams({ limit: String(Math.max(1, Math.floor(page.limit))) });
    if (page.pageId) query.set('page_id', page.pageId);
    const answer = readAnswer(await this.transport.send('GET', `${CONVERSATIONS}?${query}`, undefined, call), V0ConversationPage());
    return {
      items: answer.results.flatMap((info) => (info ? [v0Summary(info)] : [])),
      nextPageId: answer.next_page_id ?? null,
    };
  }

  /** V0 has no batch read: one GET per id, one after the other (the server allows 10 requests a second). */
  async getConversations(ids: readonly string[], call?: CallOptions): Promise<readonly ConversationSummary[]> {
    const found: ConversationSummary[] = [];
    for (const id of ids) {
      const answer = await this.transport.send('GET', `${CONVERSATIONS}/${encodeURIComponent(id)}`, undefined, call);
      const info = readAnswer(answer, V0ConversationOrNull());
      if (info) found.push(v0Summary(info));
    }
    return found;
  }

  /** The list reads STOPPED afterwards. */
  readonly stopLeaves = 'stopped';

  /** Ends the conversation's agent loop; a conversation that was not running is left as it is (200 too). */
  async stopConversation(id: string, call?: CallOptions): Promise<void> {
    expectOk(await this.transport.send('POST', `${CONVERSATIONS}/${encodeURIComponent(id)}/stop`, undefined, call));
  }

  private async applyChange(change: SettingsChange | SettingsUpdater, call?: CallOptions): Promise<LoadedSettings | null> {
    const current = await this.loadSettings(call);
    const { body, issues } = buildSettingsBody(current, typeof change === 'function' ? change(current) : change);
    if (issues.length) throw clientValidation(this.requestInfo('POST', SETTINGS), issues);
    if (this.rules.searchKeyClearedAsBlank && body.search_api_key === '') body.search_api_key = ' ';
    await this.postSettings(body, call);
    return this.loadSettings(call);
  }

  private async postSettings(body: object, call?: CallOptions): Promise<void> {
    expectOk(await this.transport.send('POST', SETTINGS, body, call));
  }

  private requestInfo(method: string, path: string): RequestInfo {
    return { method, path, baseUrl: this.transport.baseUrl };
  }
}
