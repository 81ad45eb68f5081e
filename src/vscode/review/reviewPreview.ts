// The message a review becomes, shown before it is sent as a read-only Markdown document of the extension's own
// scheme (never written to disk); Check Changes shows its failure message and its output the same way, in a scheme
// of its own.
import * as vscode from 'vscode';
import { Disposable } from '../platform/lifecycle';

const PREVIEW_SCHEME = 'openhands-review';

export class ReviewPreview extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private readonly texts = new Map<string, string>();

  constructor(private readonly scheme = PREVIEW_SCHEME) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(scheme, this));
  }

  /** Opens (or updates) the preview of the message to the conversation (or another text of it, by `name`). */
  async show(conversationId: string, text: string, name = 'review.md', language = 'markdown'): Promise<void> {
    const uri = this.previewUri(conversationId, name);
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(document, language), { preview: true });
  }

  /** Closes the preview's tabs once the message is sent: what it showed is in the transcript now. */
  async close(conversationId: string, name = 'review.md'): Promise<void> {
    const uri = this.previewUri(conversationId, name).toString();
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri);
    if (tabs.length) await vscode.window.tabGroups.close(tabs);
    this.texts.delete(uri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  private previewUri(conversationId: string, name: string): vscode.Uri {
    return vscode.Uri.from({ scheme: this.scheme, path: `/${encodeURIComponent(conversationId)}/${name}` });
  }
}
