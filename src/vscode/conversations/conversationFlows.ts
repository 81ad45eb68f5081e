// The three ways to start a conversation: typed words (Start Conversation), files (Send File as Message) and
// the selection (Send Selection as Message). Each finds the target, checks what it would send before asking
// for words, then hands the message to the sender. The words come from `ask`: the input box for people.
import * as vscode from 'vscode';
import { buildFilesMessage, buildSelectionMessage, type MessageFile, type MessageResult } from '../../core/conversations/message';
import { configuration } from '../platform/configuration';
import type { ConversationSender, MessageFields } from './conversationSender';
import type { ConversationTargets } from './conversationTarget';
import { activeDocumentUris, readForMessage, selectionOf } from './fileReader';
import type { AskMessage } from './messageInput';

export class ConversationFlows {
  constructor(private readonly targets: ConversationTargets, private readonly sender: ConversationSender, private readonly ask: AskMessage) {}

  /** The typed task is kept as the folder's draft until a conversation starts there (Escape on the pre-flight keeps it). */
  async start(uri?: vscode.Uri): Promise<string | undefined> {
    const target = await this.targets.resolve(uri);
    const folder = target.root?.toString();
    const asked = await this.ask(target, {
      title: vscode.l10n.t('OpenHands: Start Conversation'), allowEmpty: false, placeholder: vscode.l10n.t('What should the agent do?'),
      value: this.sender.drafts.draft(folder),
    });
    if (!asked) return undefined;
    this.sender.drafts.keep(folder, asked.text);
    return this.sender.send(asked.target, { initial_user_msg: asked.text }, asked.text);
  }

  async sendFiles(first?: vscode.Uri, all?: readonly vscode.Uri[]): Promise<string | undefined> {
    const uris = all?.length ? [...all] : first ? [first] : activeDocumentUris();
    if (!uris.length) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Select a file in the Explorer or open one in the editor to send it to OpenHands.'));
      return undefined;
    }
    const target = await this.targets.resolve(uris[0]);
    const files = await Promise.all(uris.map((uri) => readForMessage(uri, target)));
    const unreadable = files.find((f): f is string => typeof f === 'string');
    if (unreadable) {
      void vscode.window.showErrorMessage(unreadable);
      return undefined;
    }
    const build = (words: string) => buildFilesMessage(words, files as MessageFile[], { textLimitBytes: configuration.textLimitBytes() });
    // The content is checked before asking, so nobody types words for a message that cannot be sent.
    if (!checked(build(''))) return undefined;
    const names = uris.map((u) => vscode.workspace.asRelativePath(u, false)).join(', ');
    const asked = await this.ask(target, {
      title: vscode.l10n.t('OpenHands: Send {0}', names), allowEmpty: true, placeholder: vscode.l10n.t('Your words to go with the file (optional)'),
    });
    const message = asked && checked(build(asked.text));
    return message && this.sender.send(asked.target, message, asked.text || vscode.l10n.t('Files: {0}', names));
  }

  async sendSelection(): Promise<string | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.selection.isEmpty) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Select some text in the editor to send it to OpenHands.'));
      return undefined;
    }
    const target = await this.targets.resolve(editor.document.uri);
    const selection = selectionOf(editor, target);
    const build = (words: string) => buildSelectionMessage(words, selection, { textLimitBytes: configuration.textLimitBytes() });
    if (!checked(build(''))) return undefined;
    const asked = await this.ask(target, {
      title: vscode.l10n.t('OpenHands: Send Selection'), allowEmpty: true, placeholder: vscode.l10n.t('Your words to go with the selection (optional)'),
    });
    const message = asked && checked(build(asked.text));
    return message && this.sender.send(asked.target, message,
      asked.text || vscode.l10n.t('Selection of {0}', vscode.workspace.asRelativePath(editor.document.uri, false)));
  }
}

/** The message, or undefined after telling the person which files were refused and why. */
export function checked(result: MessageResult): MessageFields | undefined {
  if (result.ok) return result.message;
  void vscode.window.showErrorMessage(result.refusals.map((r) => r.message).join(' '));
  return undefined;
}
