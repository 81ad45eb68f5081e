// Show Changes and what acts on the changes shown: reads a conversation's changes into the Changes view, opens a
// file's diff and the review of all of them, and exports or copies the agent's patch.
import * as vscode from 'vscode';
import { loadChanges, type LoadedChanges } from '../../core/changes/changeLoader';
import { reviewSet } from '../../core/changes/reviewSet';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationStore } from '../conversations/conversationStore';
import type { ConversationWatch } from '../conversations/conversationWatch';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { Context, View } from '../platform/ids';
import type { Logger } from '../platform/log';
import type { ShownConversation } from '../../core/changes/shownConversation';
import { conversationArgument } from './conversationArgument';
import type { ChangeContentProvider } from './changeContentProvider';
import { changeUri, type ChangesOrigin, type ChangesStore } from './changesStore';

export class ChangesController {
  private reading: AbortController | undefined;
  /** The reading under way, so those who wait for the same conversation's changes wait for it, not start another. */
  private inFlight: { readonly id: string; readonly done: Promise<boolean> } | undefined;

  constructor(
    private readonly store: ChangesStore,
    private readonly contents: ChangeContentProvider,
    private readonly session: ServerSession,
    private readonly conversations: ConversationStore,
    private readonly watch: ConversationWatch,
    private readonly errors: ErrorPresenter,
    private readonly logger: Logger,
  ) {}

  /** Shows the changes of the conversation given (an id or a Conversations-view row), else of one picked. */
  async show(argument?: unknown): Promise<boolean> {
    const conversation = await conversationArgument(argument, this.watch, this.session);
    if (!conversation) return false;
    await vscode.commands.executeCommand('setContext', Context.ChangesShown, true);
    await vscode.commands.executeCommand(`${View.Changes}.focus`);
    return this.read(conversation);
  }

  refresh(): Promise<boolean> {
    const shown = this.store.shown;
    return shown ? this.read(shown.conversation) : this.show();
  }

  private read(conversation: ShownConversation): Promise<boolean> {
    const flight = { id: conversation.id, done: this.readNow(conversation) };
    this.inFlight = flight;
    void flight.done.finally(() => { if (this.inFlight === flight) this.inFlight = undefined; });
    return flight.done;
  }

  private async readNow(conversation: ShownConversation): Promise<boolean> {
    this.reading?.abort();
    const reading = new AbortController();
    this.reading = reading;
    const before = this.store.shown;
    const previous = before?.conversation.id === conversation.id && before.state?.kind === 'loaded' ? before.state.changes.base : undefined;
    const serverUrl = this.session.serverUrl ?? '';
    this.store.show({ serverUrl, conversation, state: undefined });
    const server = await this.session.connect();
    if (reading.signal.aborted) return false;
    if (!server) {
      this.store.show({ serverUrl, conversation, state: { kind: 'failed', error: new Error(vscode.l10n.t('Not connected to an OpenHands server.')) } });
      return false;
    }
    // A conversation started here with Send This Folder: its changes are against the snapshot sent.
    const sentFolderCommit = this.conversations.find(server.url, conversation.id)?.sentFolderCommit ?? null;
    const state = await loadChanges(server.client, { ...conversation, sentFolderCommit }, reading.signal, previous);
    if (reading.signal.aborted) return false;
    this.store.show({ serverUrl, conversation, state });
    if (state.kind === 'failed') {
      this.logger.error(`Reading the changes of ${conversation.id} failed`);
      void this.errors.show(state.error, { retry: () => this.refresh() });
    }
    return state.kind === 'loaded';
  }

  /** The loaded changes of the conversation given, reading them first when another one is shown. */
  async loaded(argument?: unknown): Promise<LoadedChanges | undefined> {
    const shown = this.store.shown;
    const wanted = argument === undefined || argument === shown?.conversation.id ? shown?.conversation : await conversationArgument(argument, this.watch, this.session);
    if (!wanted) return undefined;
    if (shown?.conversation.id !== wanted.id || shown.state?.kind !== 'loaded') {
      if (this.inFlight?.id !== wanted.id) void this.read(wanted);
      // A reading of it started again meanwhile (Refresh) replaces the one awaited: wait for the last.
      while (this.inFlight?.id === wanted.id) await this.inFlight.done;
    }
    const now = this.store.shown;
    return now?.conversation.id === wanted.id && now.state?.kind === 'loaded' ? now.state.changes : undefined;
  }

  /** The changes a side of a changed file is read from: a review restored after a reload reads them again. */
  async loadedFrom(origin: ChangesOrigin): Promise<LoadedChanges | string> {
    if (origin.serverUrl !== this.session.serverUrl) {
      return vscode.l10n.t('These changes are on {0}, not on the connected server. Connect to it to see them.', origin.serverUrl);
    }
    return await this.loaded(origin.conversationId)
      ?? vscode.l10n.t('The agent\'s changes could not be read. Show the conversation\'s changes again.');
  }

  /** A changed file's diff: base against the agent's version, both exact; else why not. */
  async openChange(conversationId: string, path: string): Promise<boolean> {
    const origin = { serverUrl: this.store.shown?.serverUrl ?? this.session.serverUrl ?? '', conversationId };
    const sides = await this.contents.sidesOf(origin, path);
    if (sides.kind === 'none') {
      void vscode.window.showInformationMessage(sides.message);
      return false;
    }
    const name = path.slice(path.lastIndexOf('/') + 1);
    const title = sides.encoding === 'latin1'
      ? vscode.l10n.t('{0} (agent\'s changes; not UTF-8, shown byte for byte as Latin-1)', name)
      : vscode.l10n.t('{0} (agent\'s changes)', name);
    await vscode.commands.executeCommand('vscode.diff',
      changeUri(origin, 'base', path), changeUri(origin, 'agent', path), title, { preview: true });
    return true;
  }

  /** Every text file's diff one after another, in the tree's order, as Source Control's "Open Changes" does. */
  async review(argument?: unknown): Promise<boolean> {
    const changes = await this.loaded(argument);
    if (!changes) return false;
    const id = changes.conversationId;
    const { files, title } = reviewSet(changes.files, (path) => changes.patch?.files.get(path)?.symlink === true, this.store.shown?.conversation.title || id);
    if (!changes.patch || files.length === 0) {
      void vscode.window.showInformationMessage(changes.patch
        ? vscode.l10n.t('The agent changed no text files to review.')
        : vscode.l10n.t('Reviewing the changes needs the conversation\'s agent server, which cannot be reached from here.'));
      return false;
    }
    const origin = { serverUrl: this.store.shown?.serverUrl ?? '', conversationId: id };
    const resources = files.map((file) => [changeUri(origin, 'tree', file.path), changeUri(origin, 'base', file.path), changeUri(origin, 'agent', file.path)]);
    await vscode.commands.executeCommand('vscode.changes', title, resources);
    return true;
  }
}
