// The settings panel's state: what the server has, whether it can be reached, and which edits are on their
// way. Every edit goes through the client's updateSettings (fresh GET, only the edited field changed, the
// whole object stored, untouched secrets left out); the panel shows it as saving until the server confirms,
// and on a refusal the old value comes back and the person is told why.
import * as vscode from 'vscode';
import type { AdvancedField, AdvancedSettings, OpenHandsClient, SettingsUpdater } from '../../api/client';
import { RedirectError } from '../../api/http/transportErrors';
import type { LoadedSettings, SettingsField } from '../../api/v0/schemas';
import type { SettingsChange } from '../../api/v0/settingsBody';
import { stateForError, type ConnectionState } from '../../core/connection/connectionState';
import type { ServerSession } from '../connection/serverSession';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';

export class SettingsController extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private loaded: LoadedSettings | null = null;
  /** The latest edit of each field on its way: an earlier edit of the field ending does not unmark a later one. */
  private readonly edits = new Map<string, { readonly value: unknown }>();
  private advancedSettings: AdvancedSettings | undefined;
  /** A line for the top of the panel while connected: the note after a save, or why one was refused. */
  private note: string | undefined;
  private loads = 0;

  constructor(private readonly session: ServerSession, private readonly errors: ErrorPresenter, private readonly logger: Logger) {
    super();
    this.register(session.onDidChangeServer(() => void this.refresh()));
  }

  get settings(): LoadedSettings | null { return this.loaded; }
  /** What is being saved, by field (or an advanced setting's path), with the value being saved. */
  get pending(): ReadonlyMap<string, unknown> { return new Map([...this.edits].map(([key, edit]) => [key, edit.value])); }
  /** The server's other settings (V1 publishes them), for the Advanced group. */
  get advanced(): AdvancedSettings | undefined { return this.advancedSettings; }
  get message(): string | undefined { return this.note; }

  /**
   * Loads the settings again; a newer refresh wins over an older one still on its way. `again` (Retry) also
   * asks the server once more which API it speaks.
   */
  async refresh(again = false): Promise<void> {
    const load = ++this.loads;
    const url = this.session.serverUrl;
    if (!url) {
      this.setState('badUrl'); // the session logs what is wrong with the URL
      return;
    }
    this.setState('loading');
    // A change of server or key while this load is on its way cancels it; the load that change starts decides.
    const signal = this.session.superseded;
    const current = () => load === this.loads && !signal.aborted;
    try {
      const server = await this.session.connect(again);
      const settings = server ? await server.client.loadSettings({ signal }) : null;
      const advanced = server && settings ? await this.advancedOf(server.client, signal) : undefined;
      if (!current()) return;
      this.loaded = settings;
      this.advancedSettings = advanced;
      this.setState(settings ? 'connected' : 'noSettings');
    } catch (error) {
      const keySet = Boolean(await this.session.credential());
      if (!current()) return;
      const state = stateForError(error, keySet);
      this.logger.warn(`Loading settings from ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
      this.setState(state);
      // Every request fails the same way until the person acts, so the load says so, with "Use <new URL>".
      if (error instanceof RedirectError) void this.errors.show(error, { retry: () => this.refresh(true) });
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

  /** The first save on a server without settings: everything not given takes the server's defaults. */
  async storeFirstSettings(change: SettingsChange): Promise<boolean> {
    const client = this.session.server?.client;
    if (!client) return false;
    try {
      await client.storeSettings(change);
      await this.refresh();
      this.note = vscode.l10n.t('Saved. New settings apply to new conversations.');
      this.changed.fire();
      return true;
    } catch (error) {
      await this.errors.show(error, { retry: () => this.storeFirstSettings(change) });
      return false;
    }
  }

  private save(field: SettingsField, change: SettingsChange | SettingsUpdater, shownValue: unknown, label: string): Promise<boolean> {
    return this.track(field, shownValue, label, async (client) => {
      this.loaded = await client.updateSettings(change);
      this.advancedSettings = await this.advancedOf(client);
    }, () => this.save(field, change, shownValue, label));
  }

  /** Saves one setting of the Advanced group, by its path. */
  editAdvanced(field: AdvancedField, value: unknown): Promise<boolean> {
    return this.track(field.path, value, field.label, async (client) => {
      if (!client.updateAdvanced) throw new Error(vscode.l10n.t('This server has no advanced settings.'));
      this.advancedSettings = await client.updateAdvanced(field.path, value);
    }, () => this.editAdvanced(field, value));
  }

  /**
   * Runs a save of `key`, shown as saving until the server confirms. On a refusal nothing was stored: the panel
   * shows the last value the server confirmed again, and says why, with Retry.
   */
  private async track(key: string, shownValue: unknown, label: string, store: (client: OpenHandsClient) => Promise<void>, retry: () => Promise<boolean>): Promise<boolean> {
    const client = this.session.server?.client;
    if (!client) return false;
    const edit = { value: shownValue };
    this.edits.set(key, edit);
    this.changed.fire();
    try {
      await store(client);
      this.note = vscode.l10n.t('Saved {0}. New settings apply to new conversations.', label);
      this.logger.info(`Saved ${key}`);
      return true;
    } catch (error) {
      this.logger.warn(`Saving ${key} failed`);
      const why = this.logger.redactor.redactText(error instanceof Error ? error.message : String(error));
      this.note = vscode.l10n.t('{0} not saved. {1}', label, why);
      void this.errors.show(error, { retry });
      return false;
    } finally {
      if (this.edits.get(key) === edit) this.edits.delete(key);
      this.changed.fire();
    }
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
    // Each state has its welcome view, which says what it is; a note about an earlier save would be stale.
    this.note = undefined;
    this.session.setState(state);
    this.changed.fire();
  }
}
