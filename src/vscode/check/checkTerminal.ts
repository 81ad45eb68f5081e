// The check's process in a terminal the person watches: a pseudoterminal that starts the process when it opens and
// shows its output as it comes; closing the terminal or Ctrl+C cancels it. It runs as a task of the folder
// (CustomExecution), so the picked task's problem matchers read its output (checkProblems.ts), and the task's
// terminal is reused by the next check. The output's end is kept by the run itself (core/check/checkProcess.ts),
// for Open Output and Send Failures to Agent.
import * as vscode from 'vscode';
import { OutputTail } from '../../core/check/checkOutput';
import { runCheckProcess, type CheckProcessRequest, type CheckRun } from '../../core/check/checkProcess';

export interface TerminalTask {
  readonly name: string;
  readonly scope: vscode.WorkspaceFolder | undefined;
  /** The picked task's problem matchers ($tsc, …). */
  readonly matchers: readonly string[];
}

/** Runs the check in its terminal; resolves once the process ended and the task system saw the task end. */
export async function runInTerminal(task: TerminalTask, request: Omit<CheckProcessRequest, 'onOutput'>): Promise<CheckRun> {
  const written = new vscode.EventEmitter<string>();
  const closed = new vscode.EventEmitter<void>();
  const cancel = new AbortController();
  request.signal?.addEventListener('abort', () => cancel.abort());
  let resolveDone: (run: CheckRun) => void = () => undefined;
  const done = new Promise<CheckRun>((resolve) => { resolveDone = resolve; });
  const pty: vscode.Pseudoterminal = {
    onDidWrite: written.event,
    onDidClose: closed.event,
    open: () => {
      // The command line is shown only where no problem matcher reads the output: a path in it would be a problem.
      const line = task.matchers.length ? '' : `$ ${request.commandLine}\r\n`;
      written.fire(`\x1b[2m${line}${vscode.l10n.t('In a temporary copy: {0}', request.cwd)}\x1b[0m\r\n`);
      // A character split between two chunks is decoded whole with the next one.
      const decoder = new TextDecoder();
      const onOutput = (chunk: Buffer) => written.fire(decoder.decode(chunk, { stream: true }).replace(/\r?\n/g, '\r\n'));
      void runCheckProcess({ ...request, signal: cancel.signal, onOutput }).then((run) => {
        resolveDone(run);
        // No exit code: for a failing one VS Code would say "the terminal process failed to launch"; the
        // notification says how the check ended.
        closed.fire();
      });
    },
    close: () => cancel.abort(),
    handleInput: (data) => { if (data === '\x03') cancel.abort(); },
  };
  const runTask = new vscode.Task({ type: 'openhands-check' }, task.scope ?? vscode.TaskScope.Workspace, task.name, 'OpenHands', new vscode.CustomExecution(async () => pty), [...task.matchers]);
  runTask.presentationOptions = { reveal: vscode.TaskRevealKind.Always, focus: false, clear: true, showReuseMessage: false };
  let endedNow = () => undefined as void;
  const ended = new Promise<void>((resolve) => { endedNow = resolve; });
  const listener = vscode.tasks.onDidEndTask((e) => { if (e.execution.task.source === 'OpenHands' && e.execution.task.name === task.name) endedNow(); });
  try {
    await vscode.tasks.executeTask(runTask);
    const run = await done;
    // The matchers' problems are filed once the task system saw the task end.
    await ended;
    return run;
  } catch (error) {
    cancel.abort();
    return { end: 'not-started', exitCode: null, ms: 0, output: new OutputTail(), error: String(error) };
  } finally {
    listener.dispose();
    written.dispose();
    closed.dispose();
  }
}
