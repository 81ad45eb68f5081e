// The agent's changes straight from its agent server (1.11.0's agent-server 1.34.0), through the transport the
// agent-server access (agent reach) builds from `conversation_url` and the conversation's own session key:
// - `GET /api/git/changes?path=<stated workspace>&ref=` the list (the app server proxies the same route);
// - `GET /api/file/archive?path=<absolute workspace>&format=git-delta&base_ref=` one exact `git diff --binary`
//   (`text/x-patch`), naming its base commit in `X-Archive-Base-Commit`. Without the default excludes
//   (node_modules/, dist/, build/…) it holds every file the list names; the agent server's own files are cut out;
//   a base_ref the workspace lacks is 400 `base_ref '<ref>' could not be resolved`, read as its own error;
// - `GET /api/file/download?path=<absolute>` a file's raw bytes, 404 for a missing one.
import { clientValidation, okBytes, readAnswer } from '../http/answers';
import { l10n } from '../../base/l10n';
import type { BytesAnswer, CallOptions, Transport } from '../http/transport';
import type { AgentServerApi } from '../client';
import type { ChangeList, ChangePatch, ExactContent } from '../model/changes';
import { BaseUnresolvedError } from '../changesErrors';
import { isRecord } from '../guards';
import { parseJson } from '../http/transport';
import { withoutArtefactSections } from './agentArtefacts';
import { agentWorkspace, statedWorkingDir, type AgentWorkspace } from './agentWorkspace';
import { baseOfRef } from './appChanges';
import { GitChangeList, fileChanges } from './gitChanges';

/** A whole change or a file is read up to this size; the changes view decides what it shows inline. */
const MAX_PATCH_BYTES = 64 * 1024 * 1024;
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const PATCH_TIMEOUT_MS = 60_000;

/**
 * The changes, patch and file reads of one conversation (`conversationPath`: `/api/conversations/<id>` on its agent
 * server), and the folder its commands run in (`workingDir`: the workspace as the server states it); the workspace's
 * stated folder and its absolute path are found once (with whether the server's default base is the empty tree).
 */
export function agentChangesApi(transport: Transport, conversationPath: string): AgentWorkspaceApi {
  const key = `${transport.baseUrl}${conversationPath}`;
  const workingDir = (call?: CallOptions) => remembered(STATED, key, () => statedWorkingDir(transport, conversationPath, call));
  const workspace = async (call?: CallOptions) => {
    const stated = await workingDir(call);
    return remembered(WORKSPACES, key, () => agentWorkspace(transport, conversationPath, stated, call));
  };
  return {
    workingDir,
    changes: async (baseRef, call) => agentChanges(transport, await workingDir(call), baseRef, call),
    patch: async (baseRef, call) => agentPatch(transport, (await workspace(call)).path, baseRef, call),
    fileBytes: async (path, call) => agentFileBytes(transport, (await workspace(call)).path, path, call),
    workspacePath: async (call) => (await workspace(call)).path,
    defaultBaseIsEmptyTree: async (call) => (await workspace(call)).defaultBaseIsEmptyTree,
  };
}

export type AgentWorkspaceApi = Required<Pick<AgentServerApi, 'changes' | 'patch' | 'fileBytes' | 'defaultBaseIsEmptyTree'>> & {
  readonly workingDir: (call?: CallOptions) => Promise<string>;
  /** The workspace's absolute folder. */
  readonly workspacePath: (call?: CallOptions) => Promise<string>;
};

/**
 * A conversation's workspace stays where it is while its agent server lives: found once per agent server and
 * conversation (up to 4 requests), not once per listing or command; a failed search is tried again next time.
 */
const STATED = new Map<string, Promise<string>>();
const WORKSPACES = new Map<string, Promise<AgentWorkspace>>();
const KEPT = 50;

function remembered<T>(cache: Map<string, Promise<T>>, key: string, find: () => Promise<T>): Promise<T> {
  const known = cache.get(key);
  if (known) return known;
  const found = find();
  cache.set(key, found);
  found.catch(() => cache.delete(key));
  if (cache.size > KEPT) cache.delete(cache.keys().next().value!);
  return found;
}

/** `workingDir`: the workspace as the server states it (relative ones are resolved against its own folder there too). */
async function agentChanges(transport: Transport, workingDir: string, baseRef: string | null, call?: CallOptions): Promise<ChangeList> {
  const query = new URLSearchParams({ path: workingDir });
  if (baseRef !== null) query.set('ref', baseRef);
  const list = readAnswer(await transport.send('GET', `/api/git/changes?${query}`, undefined, call), GitChangeList);
  return { base: baseOfRef(baseRef), files: fileChanges(list) };
}

async function agentPatch(transport: Transport, workspace: string, baseRef: string | null, call?: CallOptions): Promise<ChangePatch> {
  const query = new URLSearchParams({ path: workspace, format: 'git-delta', use_default_excludes: 'false' });
  if (baseRef !== null) query.set('base_ref', baseRef);
  // git builds the patch first: far slower than the agent server's other answers.
  const sent = await transport.sendForBytes(`/api/file/archive?${query}`, MAX_PATCH_BYTES, { timeoutMs: PATCH_TIMEOUT_MS, ...call });
  if (baseRef !== null && sent.status === 400 && isUnresolvedBase(detailOf(sent))) throw new BaseUnresolvedError(sent.request, baseRef);
  const answer = okBytes(sent);
  const commit = answer.headers.get('x-archive-base-commit');
  return { bytes: withoutArtefactSections(answer.bytes), baseCommit: commit && /^[0-9a-f]{40}$/.test(commit) ? commit : null };
}

/** `path` relative to the workspace, `/`-separated, as the changes list gives it. */
async function agentFileBytes(transport: Transport, workspace: string, path: string, call?: CallOptions): Promise<ExactContent> {
  // The agent server serves any absolute path it can read: only a plain path inside the workspace is asked for.
  if (!isPlainRelative(path)) {
    throw clientValidation({ method: 'GET', path: '/api/file/download', baseUrl: transport.baseUrl }, [{ path: [], message: l10n.t('"{0}" is not a path inside the workspace', path) }]);
  }
  const query = new URLSearchParams({ path: `${workspace.replace(/\/+$/, '')}/${path}` });
  const answer = await transport.sendForBytes(`/api/file/download?${query}`, MAX_FILE_BYTES, call);
  if (answer.status === 404 && detailOf(answer) === 'File not found') return null;
  return okBytes(answer).bytes;
}

function isPlainRelative(path: string): boolean {
  return path !== '' && !path.startsWith('/') && !path.includes('\\') && !path.includes('\0')
    && path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Python's repr quotes the ref (`'…'`, or `"…"` where it holds a `'`). */
function isUnresolvedBase(detail: unknown): boolean {
  return typeof detail === 'string' && /^base_ref .+ could not be resolved$/.test(detail);
}

function detailOf(answer: BytesAnswer): unknown {
  const parsed = parseJson(new TextDecoder().decode(answer.bytes));
  return parsed.ok && isRecord(parsed.value) ? parsed.value.detail : undefined;
}
