// Settings on a V1 server (/api/v1/settings). A save sends only the change, as a diff the server deep-merges;
// the server answers 200 even for keys it drops, so every save is read back and a field it did not keep is an
// error the person sees, never a silent loss. Secrets are sent only when set or cleared ("" clears). The agent
// server keeps its settings in the same shape at its own route (agent/agentSettings.ts: a dialect of this one).
import type { SettingsApi, SettingsUpdater } from '../client';
import { clientValidation, expectOk, isSettingsNotFound, readAnswer } from '../http/answers';
import { NotKeptError } from '../settingsErrors';
import type { RequestInfo } from '../http/apiError';
import type { CallOptions, Transport } from '../http/transport';
import type { AdvancedSettings } from '../model/advancedSettings';
import { SECRET_SETTING_FIELDS, type LoadedSettings, type Settings, type SettingsChange, type SettingsField } from '../model/settings';
import { SerialQueue } from '../serialQueue';
import { advancedBody, advancedSettings, fetchSchemas, valueAt, type Schemas } from './advancedSettings';
import { V1Settings, V1SettingsChange } from './schemas';
import { V1_UNSUPPORTED, fromV1, toV1Body } from './settingsMapping';

const SECRETS = new Set<string>(SECRET_SETTING_FIELDS);

/** Where a server keeps settings shaped as V1's, and how it reads and takes them. */
export interface SettingsDialect {
  /** The settings route; its `/agent-schema` and `/conversation-schema` describe them. */
  readonly path: string;
  readonly writeMethod: 'POST' | 'PATCH';
  readonly unsupported: ReadonlySet<SettingsField>;
  /** The answer's body as V1 writes it (secrets null, `llm_api_key_set`). */
  readonly read: (body: unknown) => unknown;
  /** The diff body as this server takes it; one without keys is not sent. */
  readonly write: (body: Record<string, unknown>) => Record<string, unknown>;
}

export const V1_DIALECT: SettingsDialect = {
  path: '/api/v1/settings', writeMethod: 'POST', unsupported: V1_UNSUPPORTED, read: (body) => body, write: (body) => body,
};

export class V1SettingsApi implements SettingsApi {
  readonly unsupportedFields: ReadonlySet<SettingsField>;
  private readonly updates = new SerialQueue();
  /** The last settings answer as the server sent it: the advanced settings' values. */
  private stored: V1Settings | undefined;
  /** The server's published settings shape, asked once per client (once per connection). */
  private schemas: Promise<Schemas> | undefined;

  constructor(private readonly transport: Transport, private readonly dialect: SettingsDialect = V1_DIALECT) {
    this.unsupportedFields = dialect.unsupported;
  }

  async loadSettings(call?: CallOptions): Promise<LoadedSettings | null> {
    const answer = await this.transport.send('GET', this.dialect.path, undefined, call);
    this.stored = undefined;
    if (isSettingsNotFound(answer)) return null;
    this.stored = readAnswer({ ...answer, body: this.dialect.read(answer.body) }, V1Settings());
    return fromV1(this.stored);
  }

  async storeSettings(settings: Settings, call?: CallOptions): Promise<void> {
    await this.updates.run(() => this.save(settings, call));
  }

  updateSettings(change: SettingsChange | SettingsUpdater, call?: CallOptions): Promise<LoadedSettings | null> {
    return this.updates.run(async () => this.save(typeof change === 'function' ? change(await this.loadSettings(call)) : change, call));
  }

  async loadAdvanced(call?: CallOptions): Promise<AdvancedSettings | undefined> {
    if (!this.stored) await this.loadSettings(call);
    if (!this.stored) return undefined;
    this.schemas ??= fetchSchemas(this.transport, this.dialect.path, call);
    this.schemas.catch(() => { this.schemas = undefined; });
    return advancedSettings(await this.schemas, this.stored);
  }

  updateAdvanced(path: string, value: unknown, call?: CallOptions): Promise<AdvancedSettings | undefined> {
    return this.updates.run(async () => {
      await this.write(advancedBody(path, value), call);
      await this.loadSettings(call);
      const got = this.stored && valueAt(this.stored, path);
      // Secrets come back null whatever is stored; anything else must read back as sent.
      if (got !== null && JSON.stringify(got) !== JSON.stringify(value)) throw new NotKeptError(this.requestInfo(), [path]);
      return this.loadAdvanced(call);
    });
  }

  private async save(change: SettingsChange, call?: CallOptions): Promise<LoadedSettings | null> {
    const request = this.requestInfo();
    const sent = withoutKeptSecrets(change);
    const checked = V1SettingsChange().safeParse(sent);
    if (!checked.success) throw clientValidation(request, checked.error.issues);
    const { body, unsupported } = toV1Body(sent);
    // Fields without a V1 home, and those this server does not keep although V1 does (the agent server's top level).
    const refused = Object.keys(sent).filter((field) => unsupported.includes(field) || this.unsupportedFields.has(field as SettingsField));
    if (refused.length) throw new NotKeptError(request, refused);
    await this.write(body, call);
    const stored = await this.loadSettings(call);
    const lost = Object.entries(sent).filter(([field, value]) => !kept(field as SettingsField, value, stored));
    if (lost.length) throw new NotKeptError(request, lost.map(([field]) => field));
    return stored;
  }

  /** Sends a diff body as the dialect takes it; nothing when nothing is left of it (the agent server refuses `{}`). */
  private async write(body: Record<string, unknown>, call?: CallOptions): Promise<void> {
    const sent = this.dialect.write(body);
    if (Object.keys(sent).length) expectOk(await this.transport.send(this.dialect.writeMethod, this.dialect.path, sent, call));
  }

  private requestInfo(): RequestInfo {
    return { method: this.dialect.writeMethod, path: this.dialect.path, baseUrl: this.transport.baseUrl };
  }
}

/** A secret left null or absent is kept by not sending it; "" clears it, a value sets it. */
function withoutKeptSecrets(change: SettingsChange): SettingsChange {
  return Object.fromEntries(Object.entries(change).filter(([field, value]) =>
    value !== undefined && !(SECRETS.has(field) && value === null))) as SettingsChange;
}

/** Whether the read-back holds what was sent. Secrets show only as flags; the sandbox key not at all. */
function kept(field: SettingsField, sent: unknown, stored: LoadedSettings | null): boolean {
  if (!stored) return false;
  if (field === 'llm_api_key') return stored.llm_api_key_set === (sent !== '');
  if (field === 'search_api_key') return stored.search_api_key_set === (sent !== '');
  if (field === 'sandbox_api_key') return true;
  const got: unknown = stored[field];
  if (isUnset(sent) && isUnset(got)) return true;
  // The server reports no base URL where the one sent is the model provider's own default.
  if (field === 'llm_base_url' && isUnset(got)) return true;
  return JSON.stringify(got) === JSON.stringify(sent);
}

function isUnset(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}
