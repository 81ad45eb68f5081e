// The conversation commands: the three ways to start one (asking the person's words in the input box) and the
// actions on a conversation of the Conversations view.
import * as vscode from 'vscode';
import { canResume, canStop, canTakeMessage } from '../../core/conversations/conversationState';
import type { CommandHandler } from '../platform/commands';
import { Command } from '../platform/ids';
import type { ConversationActions } from './conversationActions';
import type { ConversationFlows } from './conversationFlows';
import type { ConversationLinks } from './conversationLinks';
import { copyConversationId } from './conversationOpener';
import type { ConversationWatch } from './conversationWatch';
import type { ConversationNode } from './conversationsTreeProvider';
import { anyConversation, rowConversation } from './rowConversation';

export function conversationCommands(
  flows: ConversationFlows, links: ConversationLinks, actions: ConversationActions, watch: ConversationWatch,
) {
  const sendFiles = (first?: unknown, all?: unknown) => flows.sendFiles(asUri(first), Array.isArray(all) ? all.filter(isUri) : undefined);
  return {
    // A menu passes the file it was opened on; the palette and the key binding pass nothing.
    [Command.StartConversation]: (uri?: unknown) => flows.start(uri instanceof vscode.Uri ? uri : undefined),
    // The Explorer passes the clicked file and every selected one.
    [Command.SendFileAsMessage]: sendFiles,
    [Command.SendSelectionAsMessage]: () => flows.sendSelection(),
    // The menus of the Explorer and the editor, which other extensions share, name OpenHands in the title.
    [Command.SendFileToOpenHands]: sendFiles,
    [Command.SendSelectionToOpenHands]: () => flows.sendSelection(),
    // A row's menu passes the row; it passes none when the view was refreshed whole meanwhile: the person picks.
    [Command.OpenConversationInBrowser]: async (node?: ConversationNode) => links.open(await rowConversation(node, watch, anyConversation(vscode.l10n.t('Open which conversation in the browser?')))),
    [Command.CopyConversationLink]: async (node?: ConversationNode) => links.copy(await rowConversation(node, watch, anyConversation(vscode.l10n.t('Copy the link of which conversation?')))),
    [Command.CopyConversationId]: async (node?: ConversationNode) => copyConversationId(await rowConversation(node, watch, anyConversation(vscode.l10n.t('Copy the id of which conversation?')))),
    [Command.RefreshConversations]: () => watch.reload(),
    [Command.StopConversation]: async (node?: ConversationNode) => actions.stop(await rowConversation(node, watch, {
      placeHolder: vscode.l10n.t('Stop which conversation?'), applies: (c) => canStop(c.state),
      none: vscode.l10n.t('OpenHands: no conversation in the list is running.'),
    })),
    [Command.ResumeConversation]: async (node?: ConversationNode) => actions.resume(await rowConversation(node, watch, {
      placeHolder: vscode.l10n.t('Resume which conversation?'), applies: (c) => canResume(c.state, actions.goesOnAfterError),
      none: vscode.l10n.t('OpenHands: no conversation in the list is paused.'),
    })),
    [Command.SendFollowUpMessage]: async (node?: ConversationNode) => actions.sendFollowUp(await rowConversation(node, watch, {
      placeHolder: vscode.l10n.t('Send a follow-up message to which conversation?'), applies: (c) => canTakeMessage(c.state, actions.goesOnAfterError),
      none: vscode.l10n.t('OpenHands: no conversation in the list takes a message now.'),
    })),
  } satisfies Record<string, CommandHandler>;
}

function isUri(value: unknown): value is vscode.Uri {
  return value instanceof vscode.Uri;
}

function asUri(value: unknown): vscode.Uri | undefined {
  return isUri(value) ? value : undefined;
}
