// The person's words for a new conversation, asked in an input that shows where the conversation goes, with
// buttons to change the repository and branch or to drop the repository; and for a follow-up message, with a
// button to attach files. What was typed is kept across those buttons.
import * as vscode from 'vscode';
import { describeTarget, withoutRepository, type ConversationTarget } from './conversationTarget';

export interface AskOptions {
  readonly title: string;
  readonly allowEmpty: boolean;
  readonly placeholder: string;
  /** The words the box starts with (a draft kept from a start that did not happen). */
  readonly value?: string;
}

export interface AskedMessage {
  readonly text: string;
  readonly target: ConversationTarget;
}

/** Asks for the words and the target they go to; undefined when the person cancels. */
export type AskMessage = (target: ConversationTarget, options: AskOptions) => Promise<AskedMessage | undefined>;

export const askMessage: AskMessage = async (initial, options) => {
  const editButton = { iconPath: new vscode.ThemeIcon('repo'), tooltip: vscode.l10n.t('Change Repository or Branch'), what: 'edit' as const };
  const dropButton = { iconPath: new vscode.ThemeIcon('circle-slash'), tooltip: vscode.l10n.t('Start Without Repository'), what: 'drop' as const };
  let target = initial;
  let text = options.value ?? '';
  for (;;) {
    const prompt = vscode.l10n.t('Repository: {0}.', describeTarget(target)); // VS Code adds how to send and cancel
    const answer = await showInput(text, { ...options, prompt }, target.repository ? [editButton, dropButton] : [editButton]);
    if (answer.kind !== 'button') return answer.kind === 'send' ? { text: answer.text, target } : undefined;
    text = answer.text;
    if (answer.what === 'drop') target = withoutRepository(target);
    else target = (await editTarget(target)) ?? target;
  }
};

export interface AskedFollowUp {
  readonly text: string;
  readonly files: readonly vscode.Uri[];
}

/** Asks for a follow-up message's words and, through its button, files to go with them; undefined on cancel. */
export type AskFollowUp = (options: Omit<AskOptions, 'allowEmpty'>) => Promise<AskedFollowUp | undefined>;

export const askFollowUp: AskFollowUp = async (options) => {
  const attachButton = { iconPath: new vscode.ThemeIcon('attach'), tooltip: vscode.l10n.t('Attach Files'), what: 'attach' as const };
  const clearButton = { iconPath: new vscode.ThemeIcon('clear-all'), tooltip: vscode.l10n.t('Remove Attached Files'), what: 'clear' as const };
  let files: vscode.Uri[] = [];
  let text = '';
  for (;;) {
    const names = files.map((uri) => vscode.workspace.asRelativePath(uri, false)).join(', ');
    const prompt = files.length ? vscode.l10n.t('Files: {0}.', names) : vscode.l10n.t('Attach files with the clip button.');
    const answer = await showInput(text, { ...options, prompt, allowEmpty: files.length > 0 }, files.length ? [attachButton, clearButton] : [attachButton]);
    if (answer.kind !== 'button') return answer.kind === 'send' ? { text: answer.text, files } : undefined;
    text = answer.text;
    if (answer.what === 'clear') files = [];
    else files = [...files, ...await pickAttachments()];
  }
};

/** The files to attach to a message, picked in the open dialog (none when cancelled). */
export async function pickAttachments(): Promise<vscode.Uri[]> {
  return await vscode.window.showOpenDialog({
    canSelectMany: true, openLabel: vscode.l10n.t('Attach'), title: vscode.l10n.t('Files to send with the message'),
  }) ?? [];
}

interface InputButton<T> extends vscode.QuickInputButton { readonly what: T }
type InputAnswer<T> = { kind: 'send'; text: string } | { kind: 'cancel' } | { kind: 'button'; what: T; text: string };

function showInput<T>(value: string, options: AskOptions & { readonly prompt: string }, buttons: readonly InputButton<T>[]): Promise<InputAnswer<T>> {
  const input = vscode.window.createInputBox();
  input.title = options.title;
  input.value = value;
  input.placeholder = options.placeholder;
  input.prompt = options.prompt;
  input.ignoreFocusOut = true;
  input.buttons = buttons;
  return new Promise((resolve) => {
    let answered = false;
    const finish = (answer: InputAnswer<T>) => { answered = true; resolve(answer); input.dispose(); };
    input.onDidAccept(() => {
      if (!options.allowEmpty && !input.value.trim()) {
        input.validationMessage = vscode.l10n.t('Type what the agent should do.');
        return;
      }
      finish({ kind: 'send', text: input.value.trim() });
    });
    input.onDidTriggerButton((button) => finish({ kind: 'button', what: (button as InputButton<T>).what, text: input.value }));
    input.onDidHide(() => { if (!answered) finish({ kind: 'cancel' }); });
    input.show();
  });
}

/** Lets the person type another repository and branch; the provider stays as detected. */
async function editTarget(target: ConversationTarget): Promise<ConversationTarget | undefined> {
  const repository = await vscode.window.showInputBox({
    title: vscode.l10n.t('Repository'), prompt: vscode.l10n.t('As the server knows it, e.g. owner/repo or group/subgroup/repo. Leave empty for none.'),
    value: target.repository ?? '', ignoreFocusOut: true,
  });
  if (repository === undefined) return undefined;
  if (!repository.trim()) return withoutRepository(target);
  const branch = await vscode.window.showInputBox({
    title: vscode.l10n.t('Branch'), prompt: vscode.l10n.t('Leave empty for the repository\'s default branch.'), value: target.branch ?? '', ignoreFocusOut: true,
  });
  if (branch === undefined) return undefined;
  return { ...target, repository: repository.trim(), branch: branch.trim() || undefined, remote: undefined, warnings: [] };
}
