// What the scripted LLM answers, step by step: a script of tool calls (the OpenHands 1.x agent's `terminal`,
// `file_editor` and `finish`, with the arguments the real 1.11.0 agent sends: openhands-v1-work.md §1) or a plain
// text message. The step for a request is counted from the request itself (the assistant messages after the last
// user message), so the LLM keeps no state per conversation and a follow-up message starts the script again (or,
// with goOnAfterFollowUp, goes on with it: counted from the first user message).
// Paths in a script are relative to the agent's workspace, which the LLM reads from the request: every terminal
// observation the agent hands back ends with `[Current working directory: <absolute path>]` (TerminalObservation's
// to_llm_content), so a script starts with `pwd` and later steps get absolute paths, as file_editor requires.

/** One answer: a tool call (with an optional `thought`, the text sent with the call) or a text message. */
export type ScriptStep =
  | {
      readonly tool: 'terminal';
      readonly command: string;
      readonly thought?: string;
      /** The security risk the call gives (the agent's LLM analyzer reads it); default LOW. */
      readonly risk?: 'LOW' | 'MEDIUM' | 'HIGH';
    }
  | {
      readonly tool: 'file_editor';
      readonly command: 'create' | 'str_replace' | 'view';
      /** Relative to the workspace (made absolute from the request), or absolute. */
      readonly path: string;
      readonly file_text?: string;
      readonly old_str?: string;
      readonly new_str?: string;
      readonly thought?: string;
    }
  | { readonly tool: 'finish'; readonly message: string }
  | { readonly text: string };

export type ToolStep = Extract<ScriptStep, { tool: string }>;

const GIT_USER = 'git -c user.name="Scripted Agent" -c user.email=agent@example.invalid';

/**
 * What the agent servers leave in their workspace (RUNTIME=process: the sandbox folder is the workspace; §2): the
 * agent server's log, its `workspace/` of events, and the stand-in's own nothing; kept out of git so that the
 * changes list holds only the script's files.
 */
export const GITIGNORE = '.openhands-agent-server.log\nworkspace/\n';

/**
 * The files the real-work script leaves, as the agent server's git/changes against its base commit lists them
 * (ref=HEAD, sorted by path): a `git mv` is a DELETED and an ADDED there, not MOVED (seen on 1.11.0).
 */
export const REAL_WORK_CHANGES = [
  { status: 'UPDATED', path: 'base.txt' },
  { status: 'DELETED', path: 'doomed.txt' },
  { status: 'ADDED', path: 'image.bin' },
  { status: 'ADDED', path: 'latin1.txt' },
  { status: 'ADDED', path: 'new-name.txt' },
  { status: 'ADDED', path: 'notes/added.md' },
  { status: 'DELETED', path: 'old-name.txt' },
] as const;

/** The files in the workspace at the end that git does not ignore (1.6.0's git/changes lists them all, ADDED). */
export const REAL_WORK_FILES = ['.gitignore', 'base.txt', 'image.bin', 'latin1.txt', 'new-name.txt', 'notes/added.md'] as const;

/** The bytes of image.bin and latin1.txt, as the script's printf writes them. */
export const REAL_WORK_BYTES = {
  'image.bin': Buffer.from([0o211, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0o032, 0x0a, 0, 1, 2, 0o377]),
  'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0o351, 0x20, 0x63, 0x72, 0o350, 0x6d, 0x65, 0x0a]),
} as const;

/** The person's message that starts the real work (the script does not read it). */
export const REAL_WORK_TASK = 'Do some real work in the workspace, then finish.';

export const REAL_WORK_FINISH = [
  '## Done',
  '',
  'I committed the base files, then:',
  '',
  '- created `notes/added.md`',
  '- edited `base.txt` (`beta` → `BETA`)',
  '- deleted `doomed.txt`',
  '- moved `old-name.txt` to `new-name.txt`',
  '- wrote a binary file `image.bin` and a Latin-1 file `latin1.txt`',
].join('\n');

/**
 * Real work in a git workspace (the agent server ran `git init`, no commit): a .gitignore and base files
 * committed first, then each kind of change, a failing command with output, and a Markdown finish.
 */
export const REAL_WORK_SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: 'pwd', thought: 'First, where is the workspace?' },
  { tool: 'file_editor', command: 'create', path: '.gitignore', file_text: GITIGNORE, thought: 'Keep the agent server\'s own files out of git.' },
  {
    tool: 'terminal',
    command: `mkdir -p notes && printf 'alpha\\nbeta\\ngamma\\n' > base.txt && printf 'to be removed\\n' > doomed.txt && printf 'moving\\n' > old-name.txt && git add -A && ${GIT_USER} commit -q -m 'Base files' && git log --oneline`,
    thought: 'Commit the base files.',
  },
  { tool: 'file_editor', command: 'create', path: 'notes/added.md', file_text: '# Added\n\nA new file.\n' },
  { tool: 'file_editor', command: 'str_replace', path: 'base.txt', old_str: 'beta', new_str: 'BETA' },
  { tool: 'file_editor', command: 'view', path: 'base.txt' },
  { tool: 'terminal', command: 'rm doomed.txt' },
  { tool: 'terminal', command: 'git mv old-name.txt new-name.txt' },
  { tool: 'terminal', command: "printf '\\211PNG\\r\\n\\032\\n\\000\\001\\002\\377' > image.bin && printf 'caf\\351 cr\\350me\\n' > latin1.txt" },
  { tool: 'terminal', command: 'echo "checking a file that is not there" && cat no-such-file.txt', thought: 'This one fails on purpose.' },
  { tool: 'finish', message: REAL_WORK_FINISH },
];

/** The workspace the agent reported last in the request's tool results, or null before the first `pwd`. */
export function workspaceOf(messages: readonly ChatMessage[]): string | null {
  let found: string | null = null;
  for (const message of messages) {
    for (const text of textsOf(message)) {
      for (const match of text.matchAll(/\[Current working directory: ([^\]\n]+)\]/g)) found = match[1];
    }
  }
  return found;
}

export interface ChatMessage {
  readonly role?: string;
  readonly content?: unknown;
}

function textsOf(message: ChatMessage): string[] {
  if (typeof message.content === 'string') return [message.content];
  if (!Array.isArray(message.content)) return [];
  return (message.content as { text?: unknown }[]).flatMap((part) => (typeof part.text === 'string' ? [part.text] : []));
}

/**
 * How far the script is: the assistant turns after the person's last message, or (`fromFirst`: a follow-up goes on
 * with the script) after their first.
 */
export function stepIndex(messages: readonly ChatMessage[], fromFirst = false): number {
  let from = -1;
  messages.forEach((m, i) => { if (m.role === 'user' && (!fromFirst || from < 0)) from = i; });
  return messages.slice(from + 1).filter((m) => m.role === 'assistant').length;
}

/** The tool call's arguments, as the agent's tool schema reads them (paths absolute). */
export function toolArguments(step: ToolStep, workspace: string | null): Record<string, unknown> {
  switch (step.tool) {
    case 'terminal':
      return { command: step.command };
    case 'finish':
      return { message: step.message };
    case 'file_editor': {
      const path = step.path.startsWith('/') || workspace === null ? step.path : `${workspace.replace(/\/$/, '')}/${step.path}`;
      const args: Record<string, unknown> = { command: step.command, path };
      for (const key of ['file_text', 'old_str', 'new_str'] as const) if (step[key] !== undefined) args[key] = step[key];
      return args;
    }
  }
}
