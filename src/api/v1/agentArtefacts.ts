// The agent server's own files, which a process sandbox keeps in the workspace itself (1.11.0 with
// RUNTIME=process: the sandbox folder is the workspace and the agent server's working folder): its log, each
// conversation's stored events and its bash command records. They are not the agent's work. Each is matched by
// the exact name the agent server gives it (a 32-hex conversation id, its bash event file names), never by a
// folder prefix alone, so a repository's own `workspace/` folder keeps its files.

const ARTEFACTS: readonly RegExp[] = [
  /^\.openhands-agent-server\.log$/,
  /^workspace\/openhands_agent_server_config\.json$/,
  /^workspace\/conversations\/[0-9a-f]{32}\/.+$/,
  // bash_service.py: `<YYYYMMDDHHMMSSffffff>_<event kind>[_<command id hex>]_<event id hex>`
  /^workspace\/bash_events\/\d{20}_[A-Za-z]+(?:_[0-9a-f]{32}){1,2}$/,
];

/** Whether a workspace-relative, `/`-separated path is one of the agent server's own files. */
export function isAgentServerArtefact(path: string): boolean {
  return ARTEFACTS.some((pattern) => pattern.test(path));
}

const DIFF_HEADER = 'diff --git ';

/**
 * The patch without the sections of the agent server's own files. A section starts at a `diff --git a/<p> b/<p>`
 * line (no hunk or binary line can start so); the artefacts' names need no quoting, so their header is exact.
 * Bytes in, bytes out: the rest of the patch may hold bytes that are not UTF-8 and is copied untouched.
 */
export function withoutArtefactSections(patch: Uint8Array): Uint8Array {
  const text = latin1(patch);
  const kept: string[] = [];
  let skipping = false;
  for (const line of text.split(/(?<=\n)/)) {
    if (line.startsWith(DIFF_HEADER)) skipping = isArtefactHeader(line);
    if (!skipping) kept.push(line);
  }
  return fromLatin1(kept.join(''));
}

function isArtefactHeader(line: string): boolean {
  const match = /^diff --git a\/(\S+) b\/(\S+)\n?$/.exec(line);
  return match !== null && match[1] === match[2] && isAgentServerArtefact(match[1]);
}

/** One character per byte and back: the patch's bytes survive whatever they encode. */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let from = 0; from < bytes.length; from += 0x8000) text += String.fromCharCode(...bytes.subarray(from, from + 0x8000));
  return text;
}

function fromLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
