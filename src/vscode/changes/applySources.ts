// Where the apply gets each changed path's two sides: the agent server's exact patch, computed with git in a
// scratch folder, where the conversation's agent server can be reached; else the exact texts the app server
// gives (UTF-8 files only) with the base read from the local repository where it holds the base ref.
import type * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { FileChange } from '../../api/model/changes';
import type { PathContents, WorkingTree } from '../../core/changes/applyPlan';
import { contentsFromTexts } from '../../core/changes/exactTexts';
import type { GitRunner } from '../../core/changes/gitRunner';
import { contentsFromPatch } from '../../core/changes/patchContents';
import { firstWorkingDir } from '../../core/transcript/build';

export interface ApplyConversation {
  readonly id: string;
  readonly title: string;
  readonly repository: string | null;
  readonly branch: string | null;
}

export interface Gathered {
  readonly changes: readonly FileChange[];
  readonly contents: ReadonlyMap<string, PathContents>;
  /** `patch`: the agent server's exact patch; `texts`: only the app server's exact texts. */
  readonly via: 'patch' | 'texts';
  /** The exact patch applied, where there was one: compared with the one the last check ran on. */
  readonly patch?: Uint8Array;
}

/** The base the agent's work started from: a cloned repository's origin branch, else the workspace's HEAD. */
export function baseRefOf(conversation: ApplyConversation): string {
  return conversation.repository && conversation.branch ? `origin/${conversation.branch}` : 'HEAD';
}

/** Undefined where this server line exposes no changes at all. */
export async function gatherContents(
  client: OpenHandsClient, conversation: ApplyConversation, folder: vscode.Uri, tree: WorkingTree, git: GitRunner,
): Promise<Gathered | undefined> {
  const baseRef = baseRefOf(conversation);
  const reach = client.agentServer ? await client.agentServer(conversation.id) : undefined;
  if (reach?.reachable) {
    const patch = await reach.agent.patch(baseRef);
    const agentBytes = (path: string) => reach.agent.fileBytes(path);
    return { ...await contentsFromPatch(patch, { root: folder.fsPath, tree, git, agentBytes }), via: 'patch', patch: patch.bytes };
  }
  if (!client.listChanges) return undefined;
  const list = await client.listChanges(conversation.id, baseRef);
  const workspace = await agentWorkspace(client, conversation.id);
  const agentText = (path: string) =>
    (workspace && client.agentFileText ? client.agentFileText(conversation.id, `${workspace.replace(/\/+$/, '')}/${path}`) : Promise.resolve(''));
  const localBase = async (path: string) => {
    if (!baseRef.startsWith('origin/')) return undefined;
    const blob = await git(['cat-file', 'blob', `${baseRef}:${path}`], { cwd: folder.fsPath });
    return blob.code === 0 ? new Uint8Array(blob.stdout) : undefined;
  };
  return { changes: list.files, contents: await contentsFromTexts(list, { agentText, localBase }), via: 'texts' };
}

/** The agent's workspace in its sandbox: the folder its first command ran in, as the server's events tell. */
async function agentWorkspace(client: OpenHandsClient, id: string): Promise<string | undefined> {
  return firstWorkingDir(await client.events?.(id).since(undefined).catch(() => []) ?? []);
}
