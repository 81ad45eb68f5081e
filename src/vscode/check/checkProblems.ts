// The problems the picked task's problem matchers found while the check ran, on the person's files. VS Code applies
// a task's matchers to a pseudoterminal task's output too (CustomExecution through vscode.tasks; seen in code-server
// 4.139, test/e2e/host/check/checkProblems.test.ts), and files the matchers: a relative path (as most tools print)
// on the workspace folder's file, already where the person reads it; an absolute path in the copy under the copy
// (or, for a matcher whose fileLocation is relative, under the workspace folder with the copy's path appended).
// Those are mapped to the workspace file here, into a collection of the check's own, cleared by the next check.
import { isAbsolute, join, relative, sep } from 'node:path';
import * as vscode from 'vscode';
import type { CheckProblem } from '../../core/check/failureMessage';

/** How long without a new problem ends the wait for the matchers' problems. */
const SETTLE_MS = 600;

// Not the lifecycle's Disposable: its own bundle would split that module out of the activation's.
export class CheckProblems implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('openhands-check');

  dispose(): void {
    this.collection.dispose();
  }

  clear(): void {
    this.collection.clear();
  }

  /** Runs `run` and gives the problems matchers filed meanwhile, by the workspace-relative path of their file. */
  async during<T>(copyCwd: string, folder: vscode.Uri, run: () => Promise<T>): Promise<{ result: T; problems: CheckProblem[] }> {
    this.collection.clear();
    const key = (uri: vscode.Uri, d: vscode.Diagnostic) => `${uri.toString()}#${d.range.start.line}:${d.range.start.character}#${d.message}`;
    const before = new Set(vscode.languages.getDiagnostics().flatMap(([uri, list]) => list.map((d) => key(uri, d))));
    const changed = new Map<string, vscode.Uri>();
    let quiet = () => undefined as void;
    const watch = vscode.languages.onDidChangeDiagnostics((e) => {
      for (const uri of e.uris) changed.set(uri.toString(), uri);
      quiet();
    });
    let result: T;
    try {
      result = await run();
      // The matchers' problems reach this extension host after the task's end, by another message: taken until
      // none came for a moment (a few seconds at most).
      for (let rounds = 0; rounds < 8; rounds++) {
        const more = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), SETTLE_MS);
          quiet = () => { clearTimeout(timer); resolve(true); };
        });
        if (!more) break;
      }
    } finally {
      watch.dispose();
    }
    const problems: CheckProblem[] = [];
    const mapped = new Map<string, { uri: vscode.Uri; list: vscode.Diagnostic[] }>();
    for (const uri of changed.values()) {
      if (uri.scheme !== 'file') continue;
      const path = workspacePath(uri.fsPath, copyCwd, folder.fsPath);
      const found = vscode.languages.getDiagnostics(uri).filter((d) => !before.has(key(uri, d)));
      if (path === undefined || !found.length) continue;
      for (const d of found) problems.push({ path: path.name, line: d.range.start.line + 1, message: d.message });
      if (!path.inCopy) continue;
      const target = vscode.Uri.joinPath(folder, ...path.name.split('/'));
      const entry = mapped.get(target.toString()) ?? { uri: target, list: [] };
      entry.list.push(...found.map((d) => Object.assign(new vscode.Diagnostic(d.range, d.message, d.severity), { source: d.source ?? 'OpenHands check', code: d.code })));
      mapped.set(target.toString(), entry);
    }
    for (const { uri, list } of mapped.values()) this.collection.set(uri, list);
    return { result: result!, problems };
  }
}

/** The file's path relative to the workspace folder, and whether the matcher filed it under the copy. */
function workspacePath(file: string, copyCwd: string, folder: string): { name: string; inCopy: boolean } | undefined {
  const inside = (root: string) => {
    const rel = relative(root, file);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : undefined;
  };
  const copied = inside(copyCwd) ?? inside(join(folder, copyCwd));
  if (copied !== undefined) return { name: copied, inCopy: true };
  const own = inside(folder);
  return own === undefined ? undefined : { name: own, inCopy: false };
}
