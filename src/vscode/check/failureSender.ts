// The result of each conversation's last check (this window, until it closes): the notification that says how it
// ended, the mark on its row (checkMarks.ts), its output (Open Output: the last 200 KiB, ANSI codes removed), and
// Send Failures to Agent: the failure as one follow-up, previewed before it is sent, as Send Review does. When the
// agent's run that took the failure stops, a notification offers to check its changes again, in one click.
import * as vscode from 'vscode';
import { maskSecrets, stripAnsi } from '../../core/check/checkOutput';
import { endText, seconds } from '../../core/check/checkMark';
import { failureMessage, type CheckFailure } from '../../core/check/failureMessage';
import type { ChangesStore } from '../changes/changesStore';
import { rowConversationId } from '../changes/conversationArgument';
import type { ConversationActions } from '../conversations/conversationActions';
import type { ConversationWatch } from '../conversations/conversationWatch';
import { Disposable } from '../platform/lifecycle';
import type { CheckMarks } from './checkMarks';
import type { ReviewPreview } from '../review/reviewPreview';

export interface CheckedConversation {
  readonly id: string;
  readonly title: string;
}

interface Result {
  readonly conversation: CheckedConversation;
  readonly failure: CheckFailure;
  readonly patchHash: string;
  sent: boolean;
}

const MESSAGE_NAME = 'check-failures.md';

export class CheckResults extends Disposable {
  private readonly results = new Map<string, Result>();

  constructor(
    private readonly changes: ChangesStore,
    private readonly actions: ConversationActions,
    private readonly preview: ReviewPreview,
    private readonly marks: CheckMarks,
    watch: ConversationWatch,
    private readonly checkAgain: (conversationId: string) => Promise<unknown>,
  ) {
    super();
    // Sending the failure followed the agent's run (ConversationWatch.followed): told when it stops.
    this.register(watch.onDidStop(({ conversation }) => void this.offerAgain(conversation.id)));
  }

  /** The check's result, and the hash of the patch it applied (core/check/checkMark.ts). */
  record(conversation: CheckedConversation, failure: CheckFailure, patchHash: string): void {
    const result = { conversation, failure, patchHash, sent: false };
    this.results.set(conversation.id, result);
    this.mark(result);
  }

  private mark({ conversation, failure, patchHash, sent }: Result): void {
    this.marks.set(conversation.id, { commandLine: maskSecrets(failure.commandLine), end: failure.end, exitCode: failure.exitCode, ms: failure.ms, patchHash, sent });
  }

  /** The agent's run after the failure was sent stopped: its changes are checked again on one click. */
  private async offerAgain(conversationId: string): Promise<void> {
    const result = this.results.get(conversationId);
    if (!result?.sent) return;
    const again = vscode.l10n.t('Check Changes Again');
    const picked = await vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: "{0}" stopped after the check\'s failure you sent.', result.conversation.title), again);
    if (picked === again) await this.checkAgain(conversationId);
  }

  /** The notification of the last check of the conversation: passed or failed, the exit code and the time. */
  async announce(conversationId: string, notStarted?: string): Promise<void> {
    const result = this.results.get(conversationId);
    if (!result) return;
    const { conversation, failure } = result;
    // The command line as the person typed it may hold a token: a notification shows it masked, as the follow-up does.
    const commandLine = maskSecrets(failure.commandLine);
    const how = resultText(failure);
    const onHead = failure.onHead ? ` ${vscode.l10n.t('(on your current commit: the agent\'s base commit is not in your repository)')}` : '';
    const open = vscode.l10n.t('Open Output');
    const send = vscode.l10n.t('Send Failures to Agent');
    let picked: string | undefined;
    if (failure.end === 'passed') {
      picked = await vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the check of "{0}" passed: {1}, {2}.{3}', conversation.title, commandLine, how, onHead), open);
    } else if (failure.end === 'not-started') {
      picked = await vscode.window.showErrorMessage(vscode.l10n.t('OpenHands: the check of "{0}" could not start {1}: {2}', conversation.title, commandLine, notStarted ?? ''));
    } else {
      const actions = failure.end === 'cancelled' ? [open] : [send, open];
      picked = await vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: the check of "{0}" {1}: {2}.{3}', conversation.title, how, commandLine, onHead), ...actions);
    }
    if (picked === open) await this.openOutput(conversationId);
    if (picked === send) await this.sendFailures(conversationId);
  }

  /** Open Output: the kept output of the last check of the conversation given (an id or a row), as a read-only document. */
  async openOutput(argument?: unknown): Promise<boolean> {
    const result = this.resultOf(argument);
    if (result) await this.preview.show(result.conversation.id, stripAnsi(result.failure.output), 'check-output.log', 'log');
    return Boolean(result);
  }

  /** Send Failures to Agent: the failure's message shown first, then sent as one follow-up when the person says so. */
  async sendFailures(argument?: unknown): Promise<boolean> {
    const result = this.resultOf(argument);
    if (!result) return false;
    const { conversation, failure } = result;
    if (failure.end === 'passed' || failure.end === 'cancelled' || result.sent) {
      void vscode.window.showInformationMessage(result.sent
        ? vscode.l10n.t('OpenHands: the failure of the last check of "{0}" was sent already.', conversation.title)
        : vscode.l10n.t('OpenHands: the last check of "{0}" has no failure to send.', conversation.title));
      return false;
    }
    const text = failureMessage(failure);
    await this.preview.show(conversation.id, text, MESSAGE_NAME);
    const sendIt = vscode.l10n.t('Send');
    const picked = await vscode.window.showInformationMessage(vscode.l10n.t('Send the failure of the check to "{0}"?', conversation.title), {
      modal: true, detail: vscode.l10n.t('The editor shows the message the agent will get, as one follow-up: the command, how it ended, and the end of its output with anything that looks like a secret masked.'),
    }, sendIt);
    if (picked !== sendIt || !await this.actions.sendTyped(conversation, { text, files: [] })) return false;
    result.sent = true;
    this.mark(result);
    await this.preview.close(conversation.id, MESSAGE_NAME);
    return true;
  }

  /** The last result of the conversation given (an id or a row), else of the one shown. */
  private resultOf(argument: unknown): Result | undefined {
    const id = typeof argument === 'string' ? argument : rowConversationId(argument) ?? this.changes.shown?.conversation.id;
    const result = id === undefined ? undefined : this.results.get(id);
    if (!result) void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: this conversation\'s changes were not checked in this window yet. Run Check Changes first.'));
    return result;
  }
}

/** "passed after 2.1 s", "failed with exit code 1 after 12 s". */
function resultText(run: Pick<CheckFailure, 'end' | 'exitCode' | 'ms'>): string {
  return vscode.l10n.t('{0} after {1}', endText(run.end, run.exitCode), seconds(run.ms));
}
