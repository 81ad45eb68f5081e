// Ownership of VS Code registrations (after the GitHub Pull Requests extension's lifecycle.ts): a class that
// creates listeners, views or commands registers them here and they are disposed with it.
import type * as vscode from 'vscode';

export function disposeAll(disposables: Iterable<vscode.Disposable>): void {
  for (const d of disposables) d.dispose();
}

export abstract class Disposable implements vscode.Disposable {
  protected isDisposed = false;
  private disposables: vscode.Disposable[] = [];

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    disposeAll(this.disposables);
    this.disposables = [];
  }

  protected register<T extends vscode.Disposable>(value: T): T {
    if (this.isDisposed) value.dispose();
    else this.disposables.push(value);
    return value;
  }
}
