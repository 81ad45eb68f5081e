// The transcript tab's page: a strict Content-Security-Policy (nothing but the extension's own script, by nonce,
// and its style sheet; no remote resource, no inline handler can run), the script and style from dist/ (the
// only folder the page may load from). The body is built by the script from data the host posts.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** The folder the page may load from: the built script and style sheet. */
export function pageRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist');
}

export function transcriptHtml(webview: vscode.Webview, root: vscode.Uri): string {
  const nonce = randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(root, 'webview.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(root, 'webview.css'));
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language.replace(/[^A-Za-z0-9-]/g, '')}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}" nonce="${nonce}">
</head>
<body>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}
