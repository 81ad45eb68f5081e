// Which links the extension opens in the system's browser for text it did not write (the agent's, the server's):
// http and https only, with a host. `command:` (which would run a VS Code command), `file:`, `javascript:`,
// `vscode:` and anything else are never opened.

export function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
