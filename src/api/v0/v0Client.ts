// OpenHands' V0 app-server API (0.52-0.54 and, deprecated, up to 1.6): /api/settings and /api/conversations.
import type * as z from 'zod/mini';
import type { OpenHandsClient, SettingsUpdater } from '../client';
import { BadResponseError, ValidationError, errorForStatus, isRecord, type RequestInfo } from '../http/errors';
import { buildSettingsBody, type SettingsChange } from './settingsBody';
import {
  Incoming, Outgoing, type ConversationRequest, type ConversationResponse, type LoadedSettings, type Settings,
} from './schemas';
import type { CallOptions, HttpAnswer, Transport } from '../http/transport';

const SETTINGS = '/api/settings';
const CONVERSATIONS = '/api/conversations';

export class V0Client implements OpenHandsClient {
  /** The tail of the update queue: each update starts after the previous one has settled. */
  private updates: Promise<unknown> = Promise.resolve();

  constructor(private readonly transport: Transport) {}

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  async loadSettings(call?: CallOptions): Promise<LoadedSettings | null> {
    const answer = await this.transport.send('GET', SETTINGS, undefined, call);
    // Only the server's own "no settings" answer means a fresh server; any other 404 is a wrong URL.
    if (answer.status === 404 && isRecord(answer.body) && answer.body.error === 'Settings not found') return null;
    return readAnswer(answer, Incoming.LoadedSettings);
  }

  async storeSettings(settings: Settings, call?: CallOptions): Promise<void> {
    const request = this.requestInfo('POST', SETTINGS);
    const checked = Outgoing.Settings.safeParse(settings);
    if (!checked.success) throw clientValidation(request, checked.error.issues);
    await this.postSettings(settings, call);
  }

  updateSettings(change: SettingsChange | SettingsUpdater, call?: CallOptions): Promise<LoadedSettings | null> {
    const run = this.updates.then(() => this.applyChange(change, call));
    this.updates = run.catch(() => undefined);
    return run;
  }

  async createConversation(request: ConversationRequest, call?: CallOptions): Promise<ConversationResponse> {
    const checked = Outgoing.ConversationRequest.safeParse(request);
    if (!checked.success) throw clientValidation(this.requestInfo('POST', CONVERSATIONS), checked.error.issues);
    const answer = await this.transport.send('POST', CONVERSATIONS, checked.data, call);
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
    const answer = await this.transport.send('POST', SETTINGS, body, call);
    if (answer.status !== 200) throw errorForStatus(answer.request, answer.status, answer.body, answer.retryAfter, answer.keySent);
  }

  private requestInfo(method: string, path: string): RequestInfo {
    return { method, path, baseUrl: this.transport.baseUrl };
  }
}

/** A 2xx JSON body that matches the schema, or the typed error for what came instead. */
function readAnswer<T extends z.ZodMiniType>(answer: HttpAnswer, schema: T): z.infer<T> {
  if (answer.status < 200 || answer.status > 299) {
    throw errorForStatus(answer.request, answer.status, answer.body, answer.retryAfter, answer.keySent);
  }
  if (!answer.isJson) throw new BadResponseError(answer.request, 'not JSON');
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new BadResponseError(answer.request, `unexpected shape at ${first?.path.join('.') || 'the top level'}: ${first?.message}`);
  }
  return parsed.data;
}

function clientValidation(request: RequestInfo, issues: readonly z.core.$ZodIssue[]): ValidationError {
  return new ValidationError(request, issues.map((i) => ({ path: i.path.join('.'), message: i.message })), 'client');
}
