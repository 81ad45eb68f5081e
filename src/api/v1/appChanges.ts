// The agent's changes through the V1 app server, which proxies the conversation's agent server with the
// sandbox's own key (1.11.0): `GET /api/v1/app-conversations/{id}/git/changes?path=.&ref=` for the list, and
// `GET /api/v1/app-conversations/{id}/file?file_path=<absolute>` for a file's exact text (a JSON string; `""`
// for a missing file, a relative path or a paused sandbox: never an error). The list answers 409 while the
// sandbox is paused and 404 `Conversation <id> is not reachable` while it is not running: typed errors, so the
// person is offered Resume.
import * as z from 'zod/mini';
import { readAnswer } from '../http/answers';
import type { CallOptions, HttpAnswer, Transport } from '../http/transport';
import type { ChangeBase, ChangeList } from '../model/changes';
import { SandboxNotRunningError, SandboxPausedError } from '../changesErrors';
import { isRecord } from '../guards';
import { GitChangeList, fileChanges } from './gitChanges';

const CONVERSATIONS = '/api/v1/app-conversations';
const FileText = z.string();
/** The agent server's own name for the workspace it runs in (1.11.0 accepts it as the repository root). */
export const WORKSPACE_ROOT = '.';

/** The files the agent changed in the conversation's workspace against `baseRef` (null: the server's default). */
export async function listAppChanges(transport: Transport, id: string, baseRef: string | null, call?: CallOptions): Promise<ChangeList> {
  const query = new URLSearchParams({ path: WORKSPACE_ROOT });
  if (baseRef !== null) query.set('ref', baseRef);
  const answer = await transport.send('GET', `${CONVERSATIONS}/${encodeURIComponent(id)}/git/changes?${query}`, undefined, call);
  throwSandboxState(answer);
  return { base: baseOfRef(baseRef), files: fileChanges(readAnswer(answer, GitChangeList)) };
}

/** The agent's exact text of a workspace file ("" where it is missing: check against the changes list). */
export async function appFileText(transport: Transport, id: string, absolutePath: string, call?: CallOptions): Promise<string> {
  const query = new URLSearchParams({ file_path: absolutePath });
  return readAnswer(await transport.send('GET', `${CONVERSATIONS}/${encodeURIComponent(id)}/file?${query}`, undefined, call), FileText);
}

/** The paused and not-running sandbox as their own errors; other answers are read as usual. */
export function throwSandboxState(answer: HttpAnswer): void {
  if (answer.status === 409) throw new SandboxPausedError(answer.request);
  const detail = isRecord(answer.body) ? answer.body.detail : undefined;
  if (answer.status === 404 && typeof detail === 'string' && / is not reachable$/.test(detail)) {
    throw new SandboxNotRunningError(answer.request);
  }
}

/**
 * The base a ref stands for, as the base choice (core/changes/base.ts) gives refs: a 40-hex commit is the base
 * the agent server's patch named, `origin/…` a cloned repository's branch, `HEAD` the last commit.
 */
export function baseOfRef(ref: string | null): ChangeBase {
  if (ref === null) return { ref, reason: 'server-default' };
  if (/^[0-9a-f]{40}$/.test(ref)) return { ref, commit: ref, reason: 'archive-base' };
  if (ref.startsWith('origin/')) return { ref, reason: 'origin-branch' };
  return { ref, reason: 'head' };
}
