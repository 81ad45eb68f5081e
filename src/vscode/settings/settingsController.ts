// The settings panel's calls to the server, around its state (what the server has, whether it can be reached,
// which edits are on their way: core/settings/settingsPanelModel.ts). Every edit goes through the client's updateSettings (fresh GET, only the edited field changed, the
// whole object stored, untouched secrets left out); the panel shows it as saving until the server confirms,
// and on a refusal the old value comes back and the person is told why.
import * as vscode from 'vscode';
import type { OpenHandsClient, SettingsUpdater } from '../../api/client';
import type { AdvancedField, AdvancedSettings } from '../../api/model/advancedSettings';
import type { LoadedSettings, SettingsChange, SettingsField } from '../../api/model/settings';
import type { ConnectionState } from '../../core/connection/connectionState';
import { SettingsPanelModel } from '../../core/settings/settingsPanelModel';
import type { SettingsNode } from '../../core/settings/settingsTree';
import type { ServerSession } from '../connection/serverSession';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';

/** Reads the lists a server keeps beside its settings into the panel's groups (settingsLists.js, loaded where a server has any). */
export type ListsReader = () => Promise<(client: OpenHandsClient, warn: (line: string) => void, signal?: AbortSignal) => Promise<SettingsNode[]>>;

export class SettingsController extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly model = new SettingsPanelModel();

  constructor(private readonly session: ServerSession, private readonly errors: ErrorPresenter, private readonly logger: Logger, private readonly listsReader: ListsReader) {
    super();
    this.register(session.onDidChangeServer(() => void this.refresh()));
    this.register(session.onDidReconnect(() => void this.refresh()));
  }

  get settings(): LoadedSettings | null { return this.model.settings; }
  /** What is being saved, by field (or an advanced setting's path), with the value being saved. */
  get pending(): ReadonlyMap<string, unknown> { return this.model.pending; }
  /** The server's other settings (V1 publishes them), for the Advanced group. */
  get advanced(): AdvancedSettings | undefined { return this.model.advanced; }
  get message(): string | undefined { return this.model.message; }
  /** The groups of what the server keeps beside its settings, where the client says it keeps any (LLM profiles, secrets). */
  get lists(): readonly SettingsNode[] { return this.model.lists; }
  /** The settings shown in the connection's state, and the line above them (core/settings/settingsPanelModel.ts). */
  shownIn(state: ConnectionState): LoadedSettings | null { return this.model.shownIn(state); }
  messageIn(state: ConnectionState): string | undefined { return this.model.messageIn(state); }

  /**
   * Loads the settings again; a newer refresh wins over an older one still on its way. `again` (Retry) also
   * asks the server once more which API it speaks.
   */
  async refresh(again = false): Promise<void> {
    const signal = this.session.superseded;
    const current = this.model.beginLoad(signal);
    const url = this.session.serverUrl;
    if (!url) {
      this.setState('badUrl'); // the session logs what is wrong with the URL
      return;
    }
    this.setState('loading');
    try {
      const server = await this.session.connect(again);
      const settings = server ? await server.client.loadSettings({ signal }) : null;
      const advanced = server && settings ? await this.advancedOf(server.client, signal) : undefined;
      const lists = server && settings ? await this.listsOf(server.client, signal) : [];
      if (!current()) return;
      this.setState(this.model.loaded(settings, advanced, lists));
    } catch (error) {
      const keySet = Boolean(await this.session.credential());
      if (!current()) return;
      const failure = this.model.loadFailed(error, keySet);
      this.logger.warn(`Loading settings from ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
      this.setState(failure.state);
      if (failure.shown) void this.errors.show(error, { retry: () => this.refresh(true) });
    }
  }


  /** Saves one field. Resolves to whether the server took it. */
  edit(field: SettingsField, value: unknown, label: string): Promise<boolean> {
    return this.save(field, { [field]: value } as SettingsChange, value, label);
  }

  /** Saves a change computed from the freshly loaded settings, shown as saving under `field`. */
  update(field: SettingsField, updater: SettingsUpdater, shownValue: unknown, label: string): Promise<boolean> {
    return this.save(field, updater, shownValue, label);
  }

  /**
   * The first save on a server this window saw without settings: everything not given takes the server's defaults.
   * Sent as an update, which reads the settings first: another client may have stored some since this window's load,
   * or the load failed, and a V0 store would replace all of them with defaults.
   */
  async storeFirstSettings(change: SettingsChange): Promise<boolean> {
    const client = this.session.server?.client;
    if (!client) return false;
    try {
      await client.updateSettings(change);
      await this.refresh();
      this.model.firstSaved();
      this.changed.fire();
      return true;
    } catch (error) {
      await this.errors.show(error, { retry: () => this.storeFirstSettings(change) });
      return false;
    }
  }

  private save(field: SettingsField, change: SettingsChange | SettingsUpdater, shownValue: unknown, label: string): Promise<boolean> {
    return this.track(field, shownValue, label, async (client) => {
      const settings = await client.updateSettings(change);
      this.model.stored({ settings, advanced: await this.advancedOf(client) });
    }, () => this.save(field, change, shownValue, label));
  }

  /** Saves one setting of the Advanced group, by its path. */
  editAdvanced(field: AdvancedField, value: unknown): Promise<boolean> {
    return this.track(field.path, value, field.label, async (client) => {
      if (!client.updateAdvanced) throw new Error(vscode.l10n.t('This server has no advanced settings.'));
      this.model.stored({ advanced: await client.updateAdvanced(field.path, value) });
    }, () => this.editAdvanced(field, value));
  }

  /**
   * Runs a save of `key`, shown as saving until the server confirms. On a refusal nothing was stored: the panel
   * shows the last value the server confirmed again, and says why, with Retry.
   */
  private async track(key: string, shownValue: unknown, label: string, store: (client: OpenHandsClient) => Promise<void>, retry: () => Promise<boolean>): Promise<boolean> {
    const client = this.session.server?.client;
    if (!client) return false;
    const edit = this.model.beginEdit(key, shownValue);
    this.changed.fire();
    try {
      await store(client);
      this.model.saved(label);
      this.logger.info(`Saved ${key}`);
      return true;
    } catch (error) {
      this.logger.warn(`Saving ${key} failed`);
      const why = this.logger.redactor.redactText(error instanceof Error ? error.message : String(error));
      this.model.refused(label, why);
      void this.errors.show(error, { retry });
      return false;
    } finally {
      this.model.endEdit(key, edit);
      this.changed.fire();
    }
  }

  /** After a change of a list the server keeps (settingsLists.js made it): the settings and lists read again, `note` above them. */
  async listsChanged(client: OpenHandsClient, note: string): Promise<void> {
    try {
      this.model.stored({ settings: await client.loadSettings() });
      this.model.stored({ lists: await this.listsOf(client) });
    } finally {
      this.model.listChanged(note);
      this.changed.fire();
    }
  }

  private async listsOf(client: OpenHandsClient, signal?: AbortSignal): Promise<readonly SettingsNode[]> {
    return client.llmProfiles || client.serverSecrets ? (await this.listsReader())(client, (line) => this.logger.warn(line), signal) : [];
  }

  /** The server's other settings, when it publishes them; a failure to read them leaves the panel without them. */
  private async advancedOf(client: OpenHandsClient, signal?: AbortSignal): Promise<AdvancedSettings | undefined> {
    try {
      return await client.loadAdvanced?.({ signal });
    } catch (error) {
      this.logger.warn(`Reading the server's advanced settings failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }


  private setState(state: ConnectionState): void {
    this.model.stateChanged();
    this.session.setState(state);
    this.changed.fire();
  }
}
