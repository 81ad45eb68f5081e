// A test-only extension, loaded beside ours in chat scenarios: it registers a language model through the stable
// lm.registerLanguageModelChatProvider (VS Code 1.104; typed here, the project's @types/vscode is 1.100's), so
// VS Code's chat has a model without a Copilot sign-in and lets a prompt reach the @openhands participant. The
// model answers one fixed text; our participant never asks it anything.
import * as vscode from 'vscode';

interface ModelInformation {
  readonly id: string; readonly name: string; readonly family: string; readonly version: string;
  readonly maxInputTokens: number; readonly maxOutputTokens: number; readonly isUserSelectable?: boolean; readonly isDefault?: boolean;
  readonly capabilities: { readonly toolCalling?: boolean; readonly imageInput?: boolean };
}
interface ChatProvider {
  provideLanguageModelChatInformation(options: { silent: boolean }, token: vscode.CancellationToken): ModelInformation[];
  provideLanguageModelChatResponse(model: ModelInformation, messages: unknown, options: unknown, progress: vscode.Progress<vscode.LanguageModelTextPart>, token: vscode.CancellationToken): Promise<void>;
  provideTokenCount(model: ModelInformation, text: unknown, token: vscode.CancellationToken): Promise<number>;
}
type LmWithProviders = typeof vscode.lm & { registerLanguageModelChatProvider(vendor: string, provider: ChatProvider): vscode.Disposable };

const FAKE_ANSWER = 'The e2e fake model answers this fixed text.';

const MODEL: ModelInformation = {
  id: 'e2e-fake-model', name: 'E2E Fake Model', family: 'e2e-fake', version: '1',
  maxInputTokens: 100_000, maxOutputTokens: 4_000, isUserSelectable: true, isDefault: true, capabilities: { toolCalling: true },
};

interface Manifest { readonly contributes: { readonly languageModelChatProviders: ReadonlyArray<{ readonly vendor: string }> } }

export function activate(context: vscode.ExtensionContext): void {
  // The vendor its manifest (written by chat.ts) contributes.
  const [{ vendor }] = (context.extension.packageJSON as Manifest).contributes.languageModelChatProviders;
  context.subscriptions.push((vscode.lm as LmWithProviders).registerLanguageModelChatProvider(vendor!, {
    provideLanguageModelChatInformation: () => [MODEL],
    provideLanguageModelChatResponse: async (_model, _messages, _options, progress) => progress.report(new vscode.LanguageModelTextPart(FAKE_ANSWER)),
    provideTokenCount: async (_model, text) => Math.ceil(String(typeof text === 'string' ? text : JSON.stringify(text)).length / 4),
  }));
}

export function deactivate(): void {}
