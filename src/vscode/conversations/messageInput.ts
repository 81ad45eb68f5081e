// The person's words for a new conversation, asked in an input that shows where the conversation goes, with
// buttons to change the repository and branch or to drop the repository. What was typed is kept across those
// changes.
import * as vscode from 'vscode';
import { describeTarget, withoutRepository, type ConversationTarget } from './conversationTarget';

export interface AskOptions {
  readonly title: string;
  readonly allowEmpty: boolean;
  readonly placeholder: string;
}

export interface AskedMessage {
  readonly text: string;
  readonly target: ConversationTarget;
}

/** Asks for the words and the target they go to; undefined when the person cancels. */
export type AskMessage = (target: ConversationTarget, options: AskOptions) => Promise<AskedMessage | undefined>;

export const askMessage: AskMessage = async (initial, options) => {
  let target = initial;
  let text = '';
  for (;;) {
    const answer = await showMessageInput(target, text, options);
    if (answer.kind !== 'change') return answer.kind === 'send' ? { text: answer.text, target } : undefined;
    text = answer.text;
    if (answer.what === 'drop') target = withoutRepository(target);
    else target = (await editTarget(target)) ?? target;
  }
};

type InputAnswer = { kind: 'send'; text: string } | { kind: 'cancel' } | { kind: 'change'; what: 'edit' | 'drop'; text: string };

function showMessageInput(target: ConversationTarget, value: string, options: AskOptions): Promise<InputAnswer> {
  const editButton = { iconPath: new vscode.ThemeIcon('repo'), tooltip: 'Change Repository or Branch' };
  const dropButton = { iconPath: new vscode.ThemeIcon('circle-slash'), tooltip: 'Start Without Repository' };
  const input = vscode.window.createInputBox();
  input.title = options.title;
  input.value = value;
  input.placeholder = options.placeholder;
  input.prompt = `Repository: ${describeTarget(target)}.`; // VS Code adds how to send and cancel
  input.ignoreFocusOut = true;
  input.buttons = target.repository ? [editButton, dropButton] : [editButton];
  return new Promise((resolve) => {
    let answered = false;
    const finish = (answer: InputAnswer) => { answered = true; resolve(answer); input.dispose(); };
    input.onDidAccept(() => {
      if (!options.allowEmpty && !input.value.trim()) {
        input.validationMessage = 'Type what the agent should do.';
        return;
      }
      finish({ kind: 'send', text: input.value.trim() });
    });
    input.onDidTriggerButton((button) => finish({ kind: 'change', what: button === dropButton ? 'drop' : 'edit', text: input.value }));
    input.onDidHide(() => { if (!answered) finish({ kind: 'cancel' }); });
    input.show();
  });
}

/** Lets the person type another repository and branch; the provider stays as detected. */
async function editTarget(target: ConversationTarget): Promise<ConversationTarget | undefined> {
  const repository = await vscode.window.showInputBox({
    title: 'Repository', prompt: 'As the server knows it, e.g. owner/repo or group/subgroup/repo. Leave empty for none.',
    value: target.repository ?? '', ignoreFocusOut: true,
  });
  if (repository === undefined) return undefined;
  if (!repository.trim()) return withoutRepository(target);
  const branch = await vscode.window.showInputBox({
    title: 'Branch', prompt: 'Leave empty for the repository\'s default branch.', value: target.branch ?? '', ignoreFocusOut: true,
  });
  if (branch === undefined) return undefined;
  return { ...target, repository: repository.trim(), branch: branch.trim() || undefined, remote: undefined, warnings: [] };
}
