// The conversation commands: the three ways to start one (asking the person's words in the input box) and the
// actions on a conversation of the Conversations view.
import * as vscode from 'vscode';
import type { CommandHandler } from '../platform/commands';
import { Command } from '../platform/ids';
import type { ConversationActions } from './conversationActions';
import type { ConversationFlows } from './conversationFlows';
import type { ConversationLinks } from './conversationLinks';
import { copyConversationId } from './conversationOpener';
import type { ConversationWatch } from './conversationWatch';
import { conversationOf, type ConversationNode } from './conversationsTreeProvider';

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
    [Command.OpenConversationInBrowser]: (node?: ConversationNode) => links.open(conversationOf(node)),
    [Command.CopyConversationLink]: (node?: ConversationNode) => links.copy(conversationOf(node)),
    [Command.CopyConversationId]: (node?: ConversationNode) => copyConversationId(node),
    [Command.RefreshConversations]: () => watch.refresh(),
    [Command.StopConversation]: (node?: ConversationNode) => actions.stop(conversationOf(node)),
    [Command.ResumeConversation]: (node?: ConversationNode) => actions.resume(conversationOf(node)),
    [Command.SendFollowUpMessage]: (node?: ConversationNode) => actions.sendFollowUp(conversationOf(node)),
  } satisfies Record<string, CommandHandler>;
}

function isUri(value: unknown): value is vscode.Uri {
  return value instanceof vscode.Uri;
}

function asUri(value: unknown): vscode.Uri | undefined {
  return isUri(value) ? value : undefined;
}
