// The stand-in agent's workspace and tools: a temporary folder made a git repository (`git init`, branch master, no
// commit), as the 1.11.0 agent server does with its sandbox folder (openhands-v1-work.md §2), in which the
// `terminal` and `file_editor` calls are carried out for real. Observations have the real tools' shape and words
// (openhands-tools 1.34.0: TerminalObservation, FileEditorObservation), as far as the scripted runs reach.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

const text = (value: string) => ({ cache_prompt: false, type: 'text', text: value });

/** The terminal's default soft timeout (no output for 30 s); a command given `timeout` gets that many seconds. */
const DEFAULT_TIMEOUT_S = 30;
const SNIPPET_LINES = 4;

/**
 * `workingDir`: the workspace as the agent server states it, `.` (the sandbox's own folder) or `./<conversation id
 * hex>` where the settings group conversations in one sandbox (1.11.0's grouped_workspace_dir): made inside it.
 */
export function makeWorkspace(workingDir = '.'): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'openhands-standin-')), workingDir);
  mkdirSync(dir, { recursive: true });
  execFileSync('git', ['-c', 'init.defaultBranch=master', 'init', '-q'], { cwd: dir });
  return dir;
}

/** The sandbox's own folder, where the agent server runs: the workspace less its stated `workingDir`. */
export function processFolder(workspace: string, workingDir: string): string {
  const depth = workingDir.split('/').filter((part) => part !== '' && part !== '.').length;
  return resolve(workspace, ...Array<string>(depth).fill('..'));
}

export function removeWorkspace(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** `{ cmd; }` in bash in `cwd`, stderr into stdout, then the folder it ended in (a `cd` lasts, as in the real shell). */
export function runTerminal(args: Record<string, unknown>, cwd: string, conversationHex: string): Promise<{ observation: Record<string, unknown>; cwd: string }> {
  const command = String(args.command ?? '');
  const marker = `__STANDIN_CWD_${process.pid}__`;
  const script = `exec 2>&1\ncd ${JSON.stringify(cwd)} || exit 1\n${command}\n__ec=$?\nprintf '\\n${marker}%s' "$PWD"\nexit $__ec`;
  const timeoutS = typeof args.timeout === 'number' ? args.timeout : DEFAULT_TIMEOUT_S;
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutS * 1000);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks).toString('utf8');
      const at = all.lastIndexOf(marker);
      const output = (at >= 0 ? all.slice(0, at) : all).replace(/\n+$/, '');
      const endCwd = at >= 0 ? all.slice(at + marker.length) : cwd;
      const exitCode = timedOut ? -1 : (code ?? -1);
      resolve({ observation: terminalObservation(command, output, exitCode, timedOut, endCwd, conversationHex), cwd: endCwd });
    });
  });
}

export function terminalObservation(command: string, output: string, exitCode: number, timedOut: boolean, cwd: string, conversationHex: string): Record<string, unknown> {
  const suffix = timedOut
    ? `\n[The command timed out. Sending SIGINT to the process]`
    : `\n[The command completed with exit code ${exitCode}.]`;
  return {
    content: [text(output)], is_error: false, command, exit_code: exitCode, timeout: timedOut,
    metadata: { exit_code: exitCode, pid: -1, username: userInfo().username, hostname: hostname(), working_dir: cwd, py_interpreter_path: null, prefix: '', suffix },
    full_output_save_dir: output ? `workspace/conversations/${conversationHex}/observations` : null,
    kind: 'TerminalObservation',
  };
}

const numbered = (lines: string[], first: number) => lines.map((line, i) => `${String(first + i).padStart(6)}\t${line}`).join('\n');

function editorError(command: string, message: string): Record<string, unknown> {
  return { content: [text(message)], is_error: true, command, path: null, prev_exist: true, old_content: null, new_content: null, kind: 'FileEditorObservation' };
}

export function editorResult(command: string, path: string, message: string, prevExist: boolean, oldContent: string | null, newContent: string | null): Record<string, unknown> {
  return { content: [text(message)], is_error: false, command, path, prev_exist: prevExist, old_content: oldContent, new_content: newContent, kind: 'FileEditorObservation' };
}

/** file_editor's create, str_replace and view (insert and undo_edit are not scripted here: an error). */
export function runFileEditor(args: Record<string, unknown>): Record<string, unknown> {
  const command = String(args.command ?? '');
  const path = String(args.path ?? '');
  if (!isAbsolute(path)) return editorError(command, `Invalid \`path\` parameter: ${path}. The path should be an absolute path, starting with \`/\`.`);
  try {
    switch (command) {
      case 'create': return create(path, String(args.file_text ?? ''));
      case 'str_replace': return strReplace(path, String(args.old_str ?? ''), typeof args.new_str === 'string' ? args.new_str : '');
      case 'view': return view(path);
      default: return editorError(command, `The stand-in's file_editor does not carry out \`${command}\`.`);
    }
  } catch (e) {
    return editorError(command, `Ran into ${e instanceof Error ? e.message : String(e)} while trying to ${command} ${path}`);
  }
}

function create(path: string, fileText: string): Record<string, unknown> {
  if (existsSync(path)) return editorError('create', `Invalid \`path\` parameter: ${path}. File already exists at: ${path}. Cannot overwrite files using command \`create\`.`);
  writeFileSync(path, fileText);
  return editorResult('create', path, `File created successfully at: ${path}`, false, null, fileText);
}

function strReplace(path: string, oldStr: string, newStr: string): Record<string, unknown> {
  if (!existsSync(path)) return editorError('str_replace', `Invalid \`path\` parameter: ${path}. The path ${path} does not exist. Please provide a valid path.`);
  const before = readFileSync(path, 'utf8');
  const count = before.split(oldStr).length - 1;
  if (count === 0) return editorError('str_replace', `No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${path}.`);
  if (count > 1) return editorError('str_replace', `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\`. Please ensure it is unique.`);
  const after = before.replace(oldStr, () => newStr);
  writeFileSync(path, after);
  const line = before.slice(0, before.indexOf(oldStr)).split('\n').length - 1;
  const start = Math.max(0, line - SNIPPET_LINES);
  const end = line + SNIPPET_LINES + newStr.split('\n').length;
  const snippet = numbered(after.split('\n').slice(start, end), start + 1);
  const message = `The file ${path} has been edited. Here's the result of running \`cat -n\` on a snippet of ${path}:\n${snippet}\n`
    + 'Review the changes and make sure they are as expected. Edit the file again if necessary.';
  return editorResult('str_replace', path, message, true, before, after);
}

function view(path: string): Record<string, unknown> {
  if (!existsSync(path)) return editorError('view', `Invalid \`path\` parameter: ${path}. The path ${path} does not exist. Please provide a valid path.`);
  if (statSync(path).isDirectory()) {
    const entries = readdirSync(path).filter((name) => !name.startsWith('.')).sort().map((name) => join(path, name));
    const message = `Here's the files and directories up to 2 levels deep in ${path}, excluding hidden items:\n${[path, ...entries].join('\n')}`;
    return editorResult('view', path, message, true, null, null);
  }
  const lines = readFileSync(path, 'utf8').split('\n');
  return editorResult('view', path, `Here's the result of running \`cat -n\` on ${path}:\n${numbered(lines, 1)}\n`, true, null, null);
}

/** What the agent hands the LLM for an observation (the tools' to_llm_content). */
export function observationLlmText(observation: Record<string, unknown>): string {
  const content = (observation.content as { text?: string }[] | undefined) ?? [];
  const body = content.map((c) => c.text ?? '').join('');
  const header = observation.is_error ? '[An error occurred during execution.]\n' : '';
  if (observation.kind !== 'TerminalObservation') return header + body;
  const meta = observation.metadata as { prefix: string; suffix: string; working_dir: string; exit_code: number };
  return `${header}${meta.prefix}${body}${meta.suffix}\n[Current working directory: ${meta.working_dir}]`
    + (meta.exit_code !== -1 ? `\n[Command finished with exit code ${meta.exit_code}]` : '');
}
