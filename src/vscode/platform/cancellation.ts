// A VS Code cancellation token as the AbortSignal the client and core take. For a token VS Code disposes itself
// (withProgress's): its listener goes with it.
import type * as vscode from 'vscode';

export function signalOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
