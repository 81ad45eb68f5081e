// The decisions of the settings panel, without VS Code: which load still decides, the state a load leaves,
// which edits are on their way, and the line at the top of the panel. The VS Code adapter
// (vscode/settings/settingsController.ts) makes the calls and fires the events.
import type { AdvancedSettings } from '../../api/model/advancedSettings';
import { RedirectError } from '../../api/http/transportErrors';
import { l10n } from '../../base/l10n';
import type { LoadedSettings } from '../../api/model/settings';
import { stateForError, type ConnectionState } from '../connection/connectionState';
import type { SettingsNode } from './settingsTree';

/** An edit on its way; the token that ends it. */
export interface Edit {
  readonly value: unknown;
}

/** What a failed load leaves: the state, and whether the failure is also shown as a message. */
export interface LoadFailure {
  readonly state: ConnectionState;
  readonly shown: boolean;
}

export class SettingsPanelModel {
  /** What the server has, as last loaded or saved. */
  settings: LoadedSettings | null = null;
  /** The server's other settings (V1 publishes them), for the Advanced group. */
  advanced: AdvancedSettings | undefined;
  /** The groups of what the server keeps beside its settings (an agent server's profiles and secrets), as last read. */
  lists: readonly SettingsNode[] = [];
  /** The latest edit of each field on its way: an earlier edit of the field ending does not unmark a later one. */
  private readonly edits = new Map<string, Edit>();
  /** A line for the top of the panel while connected: the note after a save, or why one was refused. */
  private note: string | undefined;
  private loads = 0;
  /** Whether `settings` are the answer of the latest load: a load under way or failed leaves none to show. */
  private current = false;
  /** What a save stored since the latest load began: newer than that load's answer, which then leaves it as it is. */
  private storedSinceLoad: Partial<Record<'settings' | 'advanced' | 'lists', true>> = {};

  /** What is being saved, by field (or an advanced setting's path), with the value being saved. */
  get pending(): ReadonlyMap<string, unknown> { return new Map([...this.edits].map(([key, edit]) => [key, edit.value])); }
  get message(): string | undefined { return this.note; }

  /**
   * Starts a load. The answer says whether the load still decides: a newer load wins over an older one still on
   * its way, and a change of server or key (`superseded` aborts) cancels it, as the load that change starts decides.
   */
  beginLoad(superseded: AbortSignal): () => boolean {
    const load = ++this.loads;
    this.current = false;
    this.storedSinceLoad = {};
    return () => load === this.loads && !superseded.aborted;
  }

  /**
   * A load's answer; returns the state it leaves. What a save stored while it was on its way stays: the load may have
   * read the server before that save (a window's first load, slow on a loaded machine, and a save right after it).
   */
  loaded(settings: LoadedSettings | null, advanced: AdvancedSettings | undefined, lists: readonly SettingsNode[] = []): ConnectionState {
    const stored = this.storedSinceLoad;
    if (!stored.settings) this.settings = settings;
    if (!stored.advanced) this.advanced = advanced;
    if (!stored.lists) this.lists = lists;
    this.current = this.settings !== null;
    return this.settings ? 'connected' : 'noSettings';
  }

  /** What a save (or a change of a list) left on the server, as it answered: each part given replaces the shown one. */
  stored(answer: { readonly settings?: LoadedSettings | null; readonly advanced?: AdvancedSettings | undefined; readonly lists?: readonly SettingsNode[] }): void {
    if ('settings' in answer) this.settings = answer.settings ?? null;
    if ('advanced' in answer) this.advanced = answer.advanced;
    if (answer.lists) this.lists = answer.lists;
    for (const part of ['settings', 'advanced', 'lists'] as const) if (part in answer) this.storedSinceLoad[part] = true;
  }

  /**
   * A failed load. A redirect the transport refused fails every request the same way until the person acts,
   * so it is also shown, with "Use <new URL>"; other failures are the state's welcome view.
   */
  loadFailed(error: unknown, keySet: boolean): LoadFailure {
    this.current = false;
    return { state: stateForError(error, keySet), shown: error instanceof RedirectError };
  }

  /**
   * The settings the panel shows in `state`: the latest load's while connected, and while offline too when
   * another request found the server gone after that load (its own failure shows the offline welcome view).
   */
  shownIn(state: ConnectionState): LoadedSettings | null {
    return state === 'connected' || (state === 'offline' && this.current) ? this.settings : null;
  }

  /** The line at the top of the panel in `state`: offline over settings shown, that they are as last loaded. */
  messageIn(state: ConnectionState): string | undefined {
    if (state === 'connected') return this.note;
    if (state === 'offline' && this.shownIn(state)) return l10n.t('Offline: these settings are as last loaded and may be out of date. They load again when the server answers.');
    return undefined;
  }

  /** Each state has its welcome view, which says what it is; a note about an earlier save would be stale. */
  stateChanged(): void {
    this.note = undefined;
  }

  beginEdit(key: string, value: unknown): Edit {
    const edit = { value };
    this.edits.set(key, edit);
    return edit;
  }

  endEdit(key: string, edit: Edit): void {
    if (this.edits.get(key) === edit) this.edits.delete(key);
  }

  saved(label: string): void {
    this.note = l10n.t('Saved {0}. New settings apply to new conversations.', label);
  }

  /** A change of a list the server keeps (a profile, a secret), done: `note` says what it did. */
  listChanged(note: string): void {
    this.note = note;
  }

  /** `why`: the refusal's message, already redacted. */
  refused(label: string, why: string): void {
    this.note = l10n.t('{0} not saved. {1}', label, why);
  }

  firstSaved(): void {
    this.note = l10n.t('Saved. New settings apply to new conversations.');
  }
}
