// The changed files' scheme, registered at activation, cheaply: a review tab VS Code restores after a reload asks for
// its files before any command ran; the sides are read by the on-demand bundle, loaded on the first ask.
import * as vscode from 'vscode';
import { CHANGE_SCHEME } from './changesStore';

export function registerChangeContents(provider: () => Promise<vscode.TextDocumentContentProvider>): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(CHANGE_SCHEME, {
    provideTextDocumentContent: async (uri, token) => (await provider()).provideTextDocumentContent(uri, token),
  });
}
