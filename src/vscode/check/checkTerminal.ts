// The check's process in a terminal the person watches: a pseudoterminal that starts the process when it opens and
// shows its output as it comes; closing the terminal or Ctrl+C cancels it. The output's end is kept by the run
// itself (core/check/checkProcess.ts), for Open Output and Send Failures to Agent.
import * as vscode from 'vscode';
import { runCheckProcess, type CheckProcessRequest, type CheckRun } from '../../core/check/checkProcess';

export interface TerminalRun {
  readonly done: Promise<CheckRun>;
  readonly terminal: vscode.Terminal;
}

export function runInTerminal(name: string, request: Omit<CheckProcessRequest, 'onOutput'>): TerminalRun {
  const written = new vscode.EventEmitter<string>();
  const cancel = new AbortController();
  request.signal?.addEventListener('abort', () => cancel.abort());
  let resolveDone: (run: CheckRun) => void = () => undefined;
  const done = new Promise<CheckRun>((resolve) => { resolveDone = resolve; });
  const pty: vscode.Pseudoterminal = {
    onDidWrite: written.event,
    open: () => {
      written.fire(`\x1b[2m${vscode.l10n.t('$ {0}   (in a temporary copy: {1})', request.commandLine, request.cwd)}\x1b[0m\r\n`);
      // A character split between two chunks is decoded whole with the next one.
      const decoder = new TextDecoder();
      const onOutput = (chunk: Buffer) => written.fire(decoder.decode(chunk, { stream: true }).replace(/\r?\n/g, '\r\n'));
      void runCheckProcess({ ...request, signal: cancel.signal, onOutput })
        .then((run) => {
          written.fire(`\r\n\x1b[2m${vscode.l10n.t('The check ended. This terminal only shows its output; close it when you are done.')}\x1b[0m\r\n`);
          resolveDone(run);
        });
    },
    close: () => cancel.abort(),
    handleInput: (data) => { if (data === '\x03') cancel.abort(); },
  };
  const terminal = vscode.window.createTerminal({ name, pty, iconPath: new vscode.ThemeIcon('beaker') });
  terminal.show(true);
  void done.finally(() => written.dispose());
  return { done, terminal };
}
