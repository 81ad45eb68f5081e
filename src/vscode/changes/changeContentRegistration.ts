// The changed files' scheme, registered at activation, cheaply: a review tab VS Code restores after a reload asks for
// its files before any command ran; the sides are read by the on-demand bundle, loaded on the first ask. Its news
// (a new reading of the changes) is passed on, so that the diffs still open show it.
import * as vscode from 'vscode';
import { CHANGE_SCHEME } from './changesStore';

type LoadedContents = vscode.TextDocumentContentProvider & { readonly onDidChange: vscode.Event<vscode.Uri> };

export function registerChangeContents(provider: () => Promise<LoadedContents>): vscode.Disposable {
  const changed = new vscode.EventEmitter<vscode.Uri>();
  let passedOn: vscode.Disposable | undefined;
  // A document of the scheme is open only after a first ask, which hooks the news up.
  const loaded = async () => {
    const contents = await provider();
    passedOn ??= contents.onDidChange((uri) => changed.fire(uri));
    return contents;
  };
  const registration = vscode.workspace.registerTextDocumentContentProvider(CHANGE_SCHEME, {
    onDidChange: changed.event,
    provideTextDocumentContent: async (uri, token) => (await loaded()).provideTextDocumentContent(uri, token),
  });
  return vscode.Disposable.from(registration, changed, { dispose: () => passedOn?.dispose() });
}
