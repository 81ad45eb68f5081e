// The Prompter port answered with VS Code's input box. The box stays open when focus moves, so the person
// can look something up (a key, a URL) while answering.
import * as vscode from 'vscode';
import type { InputRequest, Prompter } from '../../core/platform/prompter';

export const inputBoxPrompter: Prompter = {
  input: (request: InputRequest) => Promise.resolve(vscode.window.showInputBox({
    title: request.title,
    prompt: request.prompt,
    value: request.value ?? '',
    password: request.password ?? false,
    ignoreFocusOut: true,
    validateInput: request.validate,
  })),
};
