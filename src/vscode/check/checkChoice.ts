// What Check Changes runs: a task of the folder (its tasks.json, or one the task providers detect: npm, make, …;
// the test group first) or a command line the person types. The choice is remembered per folder in the workspace
// state (never in a settings file of the repository) and offered first next time.
import * as vscode from 'vscode';

/** What runs in the copy: one shell command line, with the task's own environment. */
export interface CheckChoice {
  readonly label: string;
  readonly commandLine: string;
  readonly env?: Readonly<Record<string, string>>;
  /** The task's own folder, relative to the workspace folder ('' for the folder itself). */
  readonly cwd: string;
  /** The task's problem matchers, which read the check's output (checkProblems.ts). */
  readonly matchers?: readonly string[];
}

type Remembered = { readonly kind: 'task'; readonly source: string; readonly name: string } | { readonly kind: 'line'; readonly commandLine: string };

const KEY = 'openhands.check.choice';

export class CheckChoices {
  constructor(private readonly state: vscode.Memento) {}

  /** What ran last in `folder`, without asking (Check Changes Again); undefined where it is gone or none ran. */
  async last(folder: vscode.Uri): Promise<CheckChoice | undefined> {
    const remembered = this.state.get<Record<string, Remembered>>(KEY, {})[folder.toString()];
    if (remembered?.kind === 'line') return { label: remembered.commandLine, commandLine: remembered.commandLine, cwd: '' };
    if (!remembered) return undefined;
    return (await runnableTasks(folder)).find(({ task }) => sameChoice({ kind: 'task', source: task.source, name: task.name }, remembered))?.choice;
  }

  /** Asks what to run in `folder` (the last choice first); undefined when the person cancels. */
  async pick(folder: vscode.Uri): Promise<CheckChoice | undefined> {
    const remembered = this.state.get<Record<string, Remembered>>(KEY, {})[folder.toString()];
    const tasks = await runnableTasks(folder);
    type Item = vscode.QuickPickItem & { choice?: CheckChoice; remember?: Remembered };
    const typeLine: Item = { label: vscode.l10n.t('$(terminal) Type a Command Line…'), alwaysShow: true };
    const items: Item[] = tasks.map(({ task, choice }) => ({
      label: task.name, description: task.source, detail: choice.commandLine, choice, remember: { kind: 'task', source: task.source, name: task.name },
    }));
    if (remembered?.kind === 'line') items.unshift({ label: remembered.commandLine, description: vscode.l10n.t('command line'), choice: { label: remembered.commandLine, commandLine: remembered.commandLine, cwd: '' }, remember: remembered });
    const last = items.findIndex((item) => sameChoice(item.remember, remembered));
    if (last > 0) items.unshift(...items.splice(last, 1));
    if (last >= 0) items[0] = { ...items[0]!, description: vscode.l10n.t('{0} (last used)', items[0]!.description ?? '') };
    items.push(typeLine);
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Check Changes'), placeHolder: vscode.l10n.t('What should run on the agent\'s changes? It runs in a temporary copy, not in your folder.'), matchOnDetail: true,
    });
    if (!picked) return undefined;
    const chosen = picked === typeLine ? await typed(remembered) : picked.choice && { choice: picked.choice, remember: picked.remember! };
    if (!chosen) return undefined;
    await this.state.update(KEY, { ...this.state.get<Record<string, Remembered>>(KEY, {}), [folder.toString()]: chosen.remember });
    return chosen.choice;
  }
}

async function typed(remembered: Remembered | undefined): Promise<{ choice: CheckChoice; remember: Remembered } | undefined> {
  const line = await vscode.window.showInputBox({
    title: vscode.l10n.t('Check Changes'), prompt: vscode.l10n.t('The command line to run on the agent\'s changes, in a temporary copy of the repository (for example npm test).'),
    value: remembered?.kind === 'line' ? remembered.commandLine : '', ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Type a command line.')),
  });
  const commandLine = line?.trim();
  return commandLine ? { choice: { label: commandLine, commandLine, cwd: '' }, remember: { kind: 'line', commandLine } } : undefined;
}

function sameChoice(a: Remembered | undefined, b: Remembered | undefined): boolean {
  if (!a || !b || a.kind !== b.kind) return false;
  return a.kind === 'line' ? a.commandLine === (b as typeof a).commandLine : a.source === (b as typeof a).source && a.name === (b as typeof a).name;
}

/** The folder's tasks that run a process or a shell command (a custom execution cannot run elsewhere), tests first. */
async function runnableTasks(folder: vscode.Uri): Promise<Array<{ task: vscode.Task; choice: CheckChoice }>> {
  const all = await vscode.tasks.fetchTasks().then(undefined, () => [] as vscode.Task[]);
  const found: Array<{ task: vscode.Task; choice: CheckChoice; test: boolean }> = [];
  for (const task of all) {
    const scope = task.scope;
    if (typeof scope === 'object' && scope.uri.toString() !== folder.toString()) continue;
    const choice = choiceOf(task, folder);
    if (choice) found.push({ task, choice, test: task.group?.id === vscode.TaskGroup.Test.id });
  }
  return found.sort((a, b) => Number(b.test) - Number(a.test));
}

function choiceOf(task: vscode.Task, folder: vscode.Uri): CheckChoice | undefined {
  const execution = task.execution;
  if (!(execution instanceof vscode.ShellExecution) && !(execution instanceof vscode.ProcessExecution)) return undefined;
  let commandLine: string | undefined;
  if (execution instanceof vscode.ShellExecution) {
    const command = typeof execution.command === 'string' ? execution.command : execution.command?.value;
    commandLine = execution.commandLine ?? (command === undefined ? undefined : [command, ...(execution.args ?? []).map(argText)].map(quoteIfNeeded).join(' '));
  } else {
    commandLine = [execution.process, ...execution.args].map(quoteIfNeeded).join(' ');
  }
  if (!commandLine) return undefined;
  return { label: task.name, commandLine, env: execution.options?.env, cwd: relativeCwd(execution.options?.cwd, folder), matchers: task.problemMatchers };
}

const argText = (arg: string | vscode.ShellQuotedString): string => (typeof arg === 'string' ? arg : arg.value);
const quoteIfNeeded = (part: string): string => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`);

/** The task's folder inside the workspace folder; the folder itself where it names the folder or something else. */
function relativeCwd(cwd: string | undefined, folder: vscode.Uri): string {
  if (!cwd) return '';
  const named = cwd.replace(/\$\{(?:workspaceFolder|workspaceRoot)\}/g, folder.fsPath);
  const base = folder.fsPath.replace(/[\\/]+$/, '');
  return named.startsWith(`${base}/`) || named.startsWith(`${base}\\`) ? named.slice(base.length + 1) : '';
}
