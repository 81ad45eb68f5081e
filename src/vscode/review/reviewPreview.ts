// The message a review becomes, shown before it is sent as a read-only Markdown document of the extension's own
// scheme (never written to disk).
import * as vscode from 'vscode';
import { Disposable } from '../platform/lifecycle';

const PREVIEW_SCHEME = 'openhands-review';

export class ReviewPreview extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private readonly texts = new Map<string, string>();

  constructor() {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, this));
  }

  /** Opens (or updates) the preview of the message to the conversation. */
  async show(conversationId: string, text: string): Promise<void> {
    const uri = previewUri(conversationId);
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(document, 'markdown'), { preview: true });
  }

  /** Closes the preview's tabs once the message is sent: what it showed is in the transcript now. */
  async close(conversationId: string): Promise<void> {
    const uri = previewUri(conversationId).toString();
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri);
    if (tabs.length) await vscode.window.tabGroups.close(tabs);
    this.texts.delete(uri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

function previewUri(conversationId: string): vscode.Uri {
  return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${encodeURIComponent(conversationId)}/review.md` });
}
