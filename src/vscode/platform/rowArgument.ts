// The row a view's menu command is about when VS Code handed it none. VS Code hands the command the row it was
// chosen on, but nothing when the view was refreshed meanwhile: its extension host forgets the rows of a refreshed
// element (of the whole view, for a whole refresh) until it asks for them again (docs/tree-views.md). Rather than
// do nothing, the command then asks which row, among those it applies to, and says so when none is left. Callers
// take the row handed without a wait (`node ?? await askRow(…)`), so commands run in the order they were given.
import * as vscode from 'vscode';

export interface RowQuestion {
  /** The picker's question: "Stop which conversation?" */
  readonly placeHolder: string;
  /** What is said when no row is one the command applies to. */
  readonly none: string;
}

export async function askRow<T>(
  candidates: readonly T[], line: (row: T) => { label: string; description?: string }, question: RowQuestion,
): Promise<T | undefined> {
  if (candidates.length === 0) {
    void vscode.window.showInformationMessage(question.none);
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(candidates.map((row) => ({ ...line(row), row })), { placeHolder: question.placeHolder, matchOnDescription: true });
  return picked?.row;
}
