// Where a conversation's workspace is on its agent server, as an absolute path (the archive and download
// routes refuse a relative one). `GET /api/conversations/{id}` names it `workspace.working_dir`: absolute in a
// Docker sandbox (`/workspace/project`), but `.` in a process sandbox (1.11.0, RUNTIME=process), `./<conversation id
// hex>` where the sandbox holds several conversations (sandbox_grouping_strategy, settings_models.py
// grouped_workspace_dir). A relative one is relative to the agent server's own folder (the sandbox was started in
// it, process_sandbox_service.py): one `pwd -P` run with it as `cwd` names it (bash_router.py). The same command says whether the workspace holds no `origin/…` ref and has a branch
// checked out: the server's default patch base is then the empty tree (sdk/git/utils.py get_valid_ref tries only
// `origin/…` refs; file_router.py asks HEAD for a detached one), so a listing needs no patch against it. Where the command is refused, the absolute folder is looked for in the terminal
// observations' `metadata.working_dir` (the shell's folder after each command): a candidate is taken when the
// agent server lists the same changes for it as for the stated folder, and the shortest such wins (a folder the agent cd'ed into
// lies inside the workspace); up to 4 requests more.
import * as z from 'zod/mini';
import { readAnswer } from '../http/answers';
import type { CallOptions, Transport } from '../http/transport';
import { WorkspaceUnknownError } from '../changesErrors';
import { GitChangeList } from './gitChanges';
import { runCommand } from './agentBash';

const AgentConversation = z.looseObject({ workspace: z.optional(z.looseObject({ working_dir: z.optional(z.string()) })) });
const ObservationPage = z.looseObject({
  items: z.array(z.looseObject({
    observation: z.optional(z.looseObject({ metadata: z.optional(z.nullable(z.looseObject({ working_dir: z.optional(z.nullable(z.string())) }))) })),
  })),
});
const OBSERVATION_KIND = 'openhands.sdk.event.llm_convertible.observation.ObservationEvent';
/** Candidates tried at most: each costs one changes list. */
const MAX_CANDIDATES = 4;
const COMMAND_TIMEOUT_S = 10;
const NO_ORIGIN = 'no-origin-ref';
/** The folder; then the mark where `.` is a repository on a branch with no ref an `origin/<x>` could resolve to. */
export const WORKSPACE_COMMAND = 'pwd -P && { test -e .git && git symbolic-ref -q HEAD >/dev/null'
  + ' && refs=$(git for-each-ref --count=1 refs/remotes/origin/ refs/heads/origin/ refs/tags/origin/ refs/origin/)'
  + ` && test -z "$refs" && echo ${NO_ORIGIN}; true; }`;

/** An agent server's workspace: its absolute folder, and whether its default patch base is known to be the empty tree. */
export interface AgentWorkspace {
  readonly path: string;
  readonly defaultBaseIsEmptyTree: boolean;
}

/**
 * The workspace as the agent server states it, `workspace.working_dir`: absolute, or relative to the agent server's
 * own folder (`.` in a process sandbox, `./<conversation id hex>` where conversations share one); `.` where none is
 * stated. Where a command runs and a list is read (`conversationPath`: `/api/conversations/<id>` on its agent server).
 */
export async function statedWorkingDir(transport: Transport, conversationPath: string, call?: CallOptions): Promise<string> {
  return readAnswer(await transport.send('GET', conversationPath, undefined, call), AgentConversation).workspace?.working_dir || '.';
}

/** `stated`: the workspace as statedWorkingDir gives it. */
export async function agentWorkspace(transport: Transport, conversationPath: string, stated: string, call?: CallOptions): Promise<AgentWorkspace> {
  if (isAbsolute(stated)) return { path: stated, defaultBaseIsEmptyTree: false };
  const shown = await workspaceOfShell(transport, stated, call);
  if (shown) return shown;
  const query = new URLSearchParams({ kind: OBSERVATION_KIND, limit: '100' });
  const page = readAnswer(await transport.send('GET', `${conversationPath}/events/search?${query}`, undefined, call), ObservationPage);
  const seen = page.items.map((event) => event.observation?.metadata?.working_dir).filter((dir): dir is string => !!dir && isAbsolute(dir));
  const candidates = [...new Set(seen)].sort((a, b) => a.length - b.length).slice(0, MAX_CANDIDATES);
  const own = JSON.stringify(await changesAt(transport, stated, call));
  for (const candidate of candidates) {
    if (JSON.stringify(await changesAt(transport, candidate, call)) === own) return { path: candidate, defaultBaseIsEmptyTree: false };
  }
  throw new WorkspaceUnknownError({ method: 'GET', path: conversationPath, baseUrl: transport.baseUrl });
}

/** What a shell in `relative` says of it, or undefined where the command did not run (an older server, a refusal). */
async function workspaceOfShell(transport: Transport, relative: string, call?: CallOptions): Promise<AgentWorkspace | undefined> {
  const result = await runCommand(transport, WORKSPACE_COMMAND, { cwd: relative, timeoutSeconds: COMMAND_TIMEOUT_S }, call).catch(() => undefined);
  const [folder = '', mark, ...more] = result?.exitCode === 0 ? result.stdout.split('\n').filter((line) => line !== '') : [];
  if (!isAbsolute(folder) || more.length) return undefined;
  return { path: folder, defaultBaseIsEmptyTree: mark === NO_ORIGIN };
}

async function changesAt(transport: Transport, path: string, call?: CallOptions): Promise<unknown> {
  return readAnswer(await transport.send('GET', `/api/git/changes?${new URLSearchParams({ path })}`, undefined, call), GitChangeList);
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path);
}
