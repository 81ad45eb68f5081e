// Where a conversation's workspace is on its agent server, as an absolute path (the archive and download
// routes refuse a relative one). `GET /api/conversations/{id}` names it `workspace.working_dir`: absolute in a
// Docker sandbox (`/workspace/project`), but `.` in a process sandbox (1.11.0, RUNTIME=process), where the
// absolute folder is only in the terminal observations' `metadata.working_dir` (the shell's folder after each
// command). A candidate is taken when the agent server lists the same changes for it as for `.`, and the
// shortest such wins: a folder the agent cd'ed into lies inside the workspace.
import * as z from 'zod/mini';
import { readAnswer } from '../http/answers';
import type { CallOptions, Transport } from '../http/transport';
import { WorkspaceUnknownError } from '../changesErrors';
import { GitChangeList } from './gitChanges';

const AgentConversation = z.looseObject({ workspace: z.optional(z.looseObject({ working_dir: z.optional(z.string()) })) });
const ObservationPage = z.looseObject({
  items: z.array(z.looseObject({
    observation: z.optional(z.looseObject({ metadata: z.optional(z.nullable(z.looseObject({ working_dir: z.optional(z.nullable(z.string())) }))) })),
  })),
});
const OBSERVATION_KIND = 'openhands.sdk.event.llm_convertible.observation.ObservationEvent';
/** Candidates tried at most: each costs one changes list. */
const MAX_CANDIDATES = 4;

export async function agentWorkspacePath(transport: Transport, id: string, call?: CallOptions): Promise<string> {
  const conversationPath = `/api/conversations/${encodeURIComponent(id)}`;
  const stated = readAnswer(await transport.send('GET', conversationPath, undefined, call), AgentConversation).workspace?.working_dir;
  if (stated && isAbsolute(stated)) return stated;
  const query = new URLSearchParams({ kind: OBSERVATION_KIND, limit: '100' });
  const page = readAnswer(await transport.send('GET', `${conversationPath}/events/search?${query}`, undefined, call), ObservationPage);
  const seen = page.items.map((event) => event.observation?.metadata?.working_dir).filter((dir): dir is string => !!dir && isAbsolute(dir));
  const candidates = [...new Set(seen)].sort((a, b) => a.length - b.length).slice(0, MAX_CANDIDATES);
  const own = JSON.stringify(await changesAt(transport, '.', call));
  for (const candidate of candidates) {
    if (JSON.stringify(await changesAt(transport, candidate, call)) === own) return candidate;
  }
  throw new WorkspaceUnknownError({ method: 'GET', path: conversationPath, baseUrl: transport.baseUrl });
}

async function changesAt(transport: Transport, path: string, call?: CallOptions): Promise<unknown> {
  return readAnswer(await transport.send('GET', `/api/git/changes?${new URLSearchParams({ path })}`, undefined, call), GitChangeList);
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path);
}
