// The page's fixed words, in VS Code's language (the page itself holds no text).
import * as vscode from 'vscode';
import type { ViewStrings } from './protocol';

export function viewStrings(): ViewStrings {
  return {
    showAll: vscode.l10n.t('Show all'),
    showLess: vscode.l10n.t('Show less'),
    send: vscode.l10n.t('Send'),
    attach: vscode.l10n.t('Attach Files…'),
    clearAttached: vscode.l10n.t('Remove Attached Files'),
    replyPlaceholder: vscode.l10n.t('Reply to the agent (Ctrl+Enter sends)'),
    replyLabel: vscode.l10n.t('Your message to the agent'),
    stop: vscode.l10n.t('Stop'),
    resume: vscode.l10n.t('Resume'),
    approve: vscode.l10n.t('Approve'),
    reject: vscode.l10n.t('Reject'),
    exportMarkdown: vscode.l10n.t('Export…'),
    loadOlder: vscode.l10n.t('Load older events'),
    transcriptLabel: vscode.l10n.t('Transcript'),
    awaitingConfirmation: vscode.l10n.t('The agent waits for your approval of its next action.'),
    empty: vscode.l10n.t('No events yet.'),
    foldedLines: vscode.l10n.t('{0} lines hidden'),
  };
}
