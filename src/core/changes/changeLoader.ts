// Reads a conversation's changes in as few requests as the server allows. Where its agent server is reachable:
// one exact patch (`git diff --binary`) gives every file with its status and +/- counts, and names its base commit.
// Else the app server's (V0: the server's) list gives the files and their status, no counts: the app server has no
// exact diff of a file (its git/diff drops the final newlines), so counts and diffs need the agent server.
import type { ConversationWorkApi, AgentServerApi } from '../../api/client';
import { ApiError } from '../../api/http/apiError';
import type { ChangeBase, ChangeList, ChangePatch, FileChange } from '../../api/model/changes';
import { chooseBase, type BaseFacts } from './base';
import { parsePatch, type PatchFile, type RefusedPatchPath } from './patchParser';
import { checkRelativePath } from './pathSafety';

export interface ConversationRef {
  readonly id: string;
  readonly repository: string | null;
  readonly branch: string | null;
  /** The snapshot commit, where the conversation was started with Send This Folder here. */
  readonly sentFolderCommit?: string | null;
}

export interface LoadedChanges {
  readonly conversationId: string;
  readonly base: ChangeBase;
  readonly files: readonly FileChange[];
  /** Files the server named by a path that is not safe to use: listed apart, with the reason. */
  readonly refused: readonly RefusedPatchPath[];
  /** Files whose part of the patch was cut short. */
  readonly malformed: readonly string[];
  /** The exact patch and its files by path, where the agent server gave one. */
  readonly patch?: { readonly bytes: Uint8Array; readonly files: ReadonlyMap<string, PatchFile>; readonly agent: AgentServerApi };
  /** Why the agent server was not asked (shown: counts and diffs need it). */
  readonly agentUnreachable?: string;
}

export type ChangesState =
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'paused' }
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'loaded'; readonly changes: LoadedChanges };

/** `previous`: the base the last listing of this conversation settled on, so a refresh asks for it at once. */
export async function loadChanges(client: ConversationWorkApi, conversation: ConversationRef, signal?: AbortSignal, previous?: ChangeBase): Promise<ChangesState> {
  if (!client.agentServer && !client.listChanges) return { kind: 'unsupported' };
  try {
    const reach = client.agentServer ? await client.agentServer(conversation.id, { signal }) : undefined;
    if (reach?.reachable) {
      const patched = await fromPatch(reach.agent, conversation, signal, previous).catch(unlessWorkspaceUnknown);
      if (patched) return { kind: 'loaded', changes: patched };
    }
    if (reach?.reachable === false && reach.reason === 'paused') return { kind: 'paused' };
    if (!client.listChanges) return { kind: 'unsupported' };
    const base = chooseBase({ ...baseFacts(conversation), archiveBaseCommit: null });
    const list = await client.listChanges(conversation.id, base.ref, { signal });
    const unreachable = reach ? { agentUnreachable: reach.reachable ? 'workspace-unknown' : reach.reason } : {};
    // The server names a commit it was given only as a commit; that it is the folder sent, only this side knows.
    const sent = base.reason === 'sent-folder' ? { base } : {};
    return { kind: 'loaded', changes: { ...fromList(conversation.id, list), ...unreachable, ...sent } };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'sandbox_paused') return { kind: 'paused' };
    return { kind: 'failed', error };
  }
}

/** The agent server that cannot say where its workspace is still lists the changes: the app server's list is read. */
function unlessWorkspaceUnknown(error: unknown): undefined {
  if (error instanceof ApiError && error.kind === 'workspace_unknown') return undefined;
  throw error;
}

/** The base chosen as core/changes/base.ts says, with the patch read against it. */
async function fromPatch(agent: AgentServerApi, conversation: ConversationRef, signal?: AbortSignal, previous?: ChangeBase): Promise<LoadedChanges> {
  const facts = baseFacts(conversation);
  const first = chooseBase({ ...facts, archiveBaseCommit: null });
  const knownMissing = first.reason === 'origin-branch' && previous?.unresolved === first.ref;
  let read = knownMissing ? undefined : await patchAgainst(agent, facts, { signal }, previous).catch(unlessBaseUnresolved);
  // A clone of a branch the remote never had: no origin branch in the workspace, so the rules go on past it.
  read ??= await patchAgainst(agent, { ...facts, originBranchMissing: true }, { signal }, previous);
  const { patch } = read;
  const base = patch.baseCommit && read.base.commit === undefined ? { ...read.base, commit: patch.baseCommit } : read.base;
  const parsed = parsePatch(patch.bytes);
  return {
    conversationId: conversation.id,
    base,
    files: parsed.files,
    refused: parsed.refused,
    malformed: parsed.malformed,
    patch: { bytes: patch.bytes, files: new Map(parsed.files.map((file) => [file.path, file])), agent },
  };
}

function baseFacts(conversation: ConversationRef): Omit<BaseFacts, 'archiveBaseCommit'> {
  return { repository: conversation.repository, branch: conversation.branch, agentCommitted: false, sentFolderCommit: conversation.sentFolderCommit ?? null };
}

/** The patch against the base the rules give; HEAD is asked where the server's default base names no commit. */
async function patchAgainst(agent: AgentServerApi, facts: Omit<BaseFacts, 'archiveBaseCommit'>, call: { signal?: AbortSignal }, previous?: ChangeBase): Promise<{ base: ChangeBase; patch: ChangePatch }> {
  const first = chooseBase({ ...facts, archiveBaseCommit: null });
  // HEAD where the last listing found no base of the server's own (no origin, no merge base): one request.
  // The same where the server's default base is known to be the empty tree: its patch would name no commit.
  if (first.reason !== 'head' || previous?.reason === 'head' || await agent.defaultBaseIsEmptyTree?.(call)) return { base: first, patch: await agent.patch(first.ref, call) };
  // No clone: the server's default base is its origin or merge base where it finds one, named in the patch.
  const byDefault = await agent.patch(null, call);
  const base = chooseBase({ ...facts, archiveBaseCommit: byDefault.baseCommit });
  return { base, patch: base.reason === 'archive-base' ? byDefault : await agent.patch(first.ref, call) };
}

function unlessBaseUnresolved(error: unknown): undefined {
  if (error instanceof ApiError && error.kind === 'base_unresolved') return undefined;
  throw error;
}

function fromList(conversationId: string, list: ChangeList): LoadedChanges {
  const files: FileChange[] = [];
  const refused: RefusedPatchPath[] = [];
  for (const file of list.files) {
    const paths = file.oldPath === undefined ? [file.path] : [file.path, file.oldPath];
    const refusal = paths.map(checkRelativePath).find((checked) => !checked.ok);
    if (refusal && !refusal.ok) refused.push({ path: file.path, reason: refusal.reason });
    else files.push(file);
  }
  return { conversationId, base: list.base, files, refused, malformed: [] };
}
