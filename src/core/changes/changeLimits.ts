// What the changes view shows inline and what it leaves out, by exact rule.
import type { FileChange } from '../../api/model/changes';

/** Above this a file is listed but not diffed inline (the diff editor would hold it all in memory twice). */
export const LARGEST_INLINE_DIFF_BYTES = 5 * 1024 * 1024;

export function isTooLargeToDiff(byteLength: number): boolean {
  return byteLength > LARGEST_INLINE_DIFF_BYTES;
}

const agentServerLog = '.openhands-agent-server.log';
// bash_service.py names each event <YYYYMMDDHHMMSSffffff>_<kind>_<id>[_<id>].
const bashEventFile = /^workspace\/bash_events\/\d{20}_Bash[A-Za-z]+_[0-9a-f-]+(?:_[0-9a-f-]+)?$/;

/**
 * The agent server's own files in a process sandbox's workspace (its log, this conversation's event store, its
 * bash event files), matched by their exact names, never by a prefix a repository could use too.
 */
export function isAgentServerArtefact(path: string, conversationId: string): boolean {
  if (path === agentServerLog || bashEventFile.test(path)) return true;
  const hex = conversationId.replace(/-/g, '').toLowerCase();
  return hex.length > 0 && (path.startsWith(`workspace/conversations/${hex}/`)
    || path.startsWith(`workspace/conversations/${conversationId}/`));
}

export function withoutAgentServerArtefacts<T extends FileChange>(files: readonly T[], conversationId: string): T[] {
  return files.filter((file) => !isAgentServerArtefact(file.path, conversationId));
}
