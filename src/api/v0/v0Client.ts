// OpenHands' V0 app-server API (0.52-0.54 and, deprecated, up to 1.6): /api/settings and /api/conversations.
import type { ConversationsApi, SettingsApi, SettingsUpdater } from '../client';
import { clientValidation, expectOk, isSettingsNotFound, isUnhandledCrash, readAnswer } from '../http/answers';
import { StartFailedError, type RequestInfo } from '../http/errors';
import { SerialQueue } from '../serialQueue';
import { buildSettingsBody, type SettingsChange } from './settingsBody';
import {
  Incoming, Outgoing, type ConversationRequest, type ConversationResponse, type LoadedSettings, type Settings, type SettingsField,
} from './schemas';
import type { CallOptions, Transport } from '../http/transport';

const SETTINGS = '/api/settings';
const CONVERSATIONS = '/api/conversations';

export class V0Client implements SettingsApi, ConversationsApi {
  readonly unsupportedFields: ReadonlySet<SettingsField> = new Set();
  private readonly updates = new SerialQueue();

  constructor(private readonly transport: Transport) {}

  async loadSettings(call?: CallOptions): Promise<LoadedSettings | null> {
    const answer = await this.transport.send('GET', SETTINGS, undefined, call);
    if (isSettingsNotFound(answer)) return null;
    return readAnswer(answer, Incoming.LoadedSettings);
  }

  async storeSettings(settings: Settings, call?: CallOptions): Promise<void> {
    const request = this.requestInfo('POST', SETTINGS);
    const checked = Outgoing.Settings.safeParse(settings);
    if (!checked.success) throw clientValidation(request, checked.error.issues);
    await this.postSettings(settings, call);
  }

  updateSettings(change: SettingsChange | SettingsUpdater, call?: CallOptions): Promise<LoadedSettings | null> {
    return this.updates.run(() => this.applyChange(change, call));
  }

  async createConversation(request: ConversationRequest, call?: CallOptions): Promise<ConversationResponse> {
    const checked = Outgoing.ConversationRequest.safeParse(request);
    if (!checked.success) throw clientValidation(this.requestInfo('POST', CONVERSATIONS), checked.error.issues);
    const answer = await this.transport.send('POST', CONVERSATIONS, checked.data, call);
    // 0.54.0 crashes on a repository start while it has no provider tokens (`provider_tokens must be a
    // MappingProxyType, got NoneType`): said as the start failure it is, with its likely cause.
    const { repository, git_provider } = checked.data;
    if (repository && isUnhandledCrash(answer)) {
      throw new StartFailedError(answer.request, '', { repository, gitProvider: git_provider ?? undefined }, { status: answer.status });
    }
    return readAnswer(answer, Incoming.ConversationResponse);
  }

  private async applyChange(change: SettingsChange | SettingsUpdater, call?: CallOptions): Promise<LoadedSettings | null> {
    const current = await this.loadSettings(call);
    const { body, issues } = buildSettingsBody(current, typeof change === 'function' ? change(current) : change);
    if (issues.length) throw clientValidation(this.requestInfo('POST', SETTINGS), issues);
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
