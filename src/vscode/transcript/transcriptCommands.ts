// The transcript's commands. Each takes a conversation id or a Conversations-view node; given nothing, the
// active transcript tab's conversation, else a quick pick of the server's conversations (Approve / Reject: of
// those that wait, or a word at once that none does).
import * as vscode from 'vscode';
import type { ConversationState, ConversationSummary } from '../../api/model/conversations';
import { RowClicks } from '../../core/conversations/rowClicks';
import { systemClock } from '../../core/conversations/refreshSchedule';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationWatch } from '../conversations/conversationWatch';
import { conversationOf, type ConversationNode } from '../conversations/conversationsTreeProvider';
import type { CommandHandler } from '../platform/commands';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { Command } from '../platform/ids';
import type { ConfirmActions } from './confirmActions';
import type { Exporter } from './transcriptExport';
import type { TranscriptTabs } from './transcriptTabs';

interface Picked { readonly id: string; readonly title: string }

/** A pick among the conversations that wait for an answer (Approve / Reject), not among all of them. */
interface WaitingOnly { readonly waits: (conversation: ConversationSummary) => boolean }

export function transcriptCommands(tabs: TranscriptTabs, watch: ConversationWatch, session: ServerSession, errors: ErrorPresenter, confirm: ConfirmActions, exporter: Exporter) {
  const pick = new ConversationPicker(tabs, watch, session, errors);
  const rowClicks = new RowClicks(systemClock);
  const answer = async (arg: unknown, accept: boolean) => {
    const conversation = await pick.resolve(arg, true, { waits: (c) => waitsForAnswer(c.id, c.state) });
    if (conversation && !waitsForAnswer(conversation.id)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: nothing in "{0}" waits for your approval.', conversation.title));
      return false;
    }
    const done = await confirm.answer(conversation, accept);
    if (done && conversation) tabs.find(conversation.id, session.serverUrl)?.expectNews();
    return done;
  };
  /** Its open tab knows whether an action waits; without a tab, the row's state says whether one can. */
  const waitsForAnswer = (id: string, listed?: ConversationState) => {
    const tab = tabs.find(id, session.serverUrl);
    if (tab) return tab.awaitingAnswer;
    const state = watch.feed.stateOf(id) ?? listed;
    return state === undefined || state === 'waiting';
  };
  return {
    // A row's click passes the row: the tab opens without the focus, unless it is a double click's second. An id
    // (Enter on a row, a notification, the chat) or the person's pick focuses it.
    [Command.OpenConversation]: async (arg?: unknown) => {
      const conversation = await pick.resolve(arg, false);
      const serverUrl = session.serverUrl;
      if (!conversation || !serverUrl) return false;
      const focus = conversationOf(arg as ConversationNode | undefined) === undefined || rowClicks.isDouble(conversation.id);
      tabs.open({ serverUrl, conversationId: conversation.id, title: conversation.title || conversation.id }, focus);
      return true;
    },
    [Command.ExportTranscript]: async (arg?: unknown) => exporter.run(await pick.resolve(arg)),
    [Command.ApproveAction]: (arg?: unknown) => answer(arg, true),
    [Command.RejectAction]: (arg?: unknown) => answer(arg, false),
  } satisfies Record<string, CommandHandler>;
}

class ConversationPicker {
  constructor(private readonly tabs: TranscriptTabs, private readonly watch: ConversationWatch, private readonly session: ServerSession, private readonly errors: ErrorPresenter) {}

  /** The conversation an argument names; without one, the active tab's (`activeTab`), else the person's pick. */
  async resolve(arg: unknown, activeTab = true, waiting?: WaitingOnly): Promise<Picked | undefined> {
    if (typeof arg === 'string' && arg) return { id: arg, title: this.known(arg)?.title || arg };
    const node = conversationOf(arg as ConversationNode | undefined);
    if (node) return node;
    const active = activeTab ? this.tabs.active() : undefined;
    return active ?? this.pick(waiting);
  }

  private known(id: string): ConversationSummary | undefined {
    return this.watch.feed.list?.find((c) => c.id === id);
  }

  private async pick(waiting?: WaitingOnly): Promise<Picked | undefined> {
    try {
      const server = await this.session.connect();
      if (!server) return undefined;
      const all = this.watch.feed.list ?? (await server.client.listConversations({ limit: 50 })).items;
      const list = waiting ? all.filter(waiting.waits) : all;
      if (!list.length) {
        void vscode.window.showInformationMessage(waiting
          ? vscode.l10n.t('OpenHands: no conversation waits for your approval.')
          : vscode.l10n.t('OpenHands: this server has no conversations yet.'));
        return undefined;
      }
      const items = list.map((c) => ({ label: c.title || c.id, description: c.state, detail: c.repository ?? undefined, conversation: c }));
      const picked = await vscode.window.showQuickPick(items, waiting
        ? { title: vscode.l10n.t('OpenHands: Conversations Waiting for You'), placeHolder: vscode.l10n.t('The conversation whose waiting action to answer'), matchOnDescription: true }
        : { title: vscode.l10n.t('OpenHands: Open Conversation'), placeHolder: vscode.l10n.t('The conversation to open'), matchOnDescription: true });
      return picked && { id: picked.conversation.id, title: picked.conversation.title || picked.conversation.id };
    } catch (error) {
      await this.errors.show(error, { retry: async () => { await this.pick(waiting); } });
      return undefined;
    }
  }
}
