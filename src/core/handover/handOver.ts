// Handing a folder snapshot to a new conversation, then its task (issue 30): start the conversation without a
// message (it waits, idle) → reach its agent server → upload the snapshot's bundle → unpack it in the workspace
// with one command → send the task. Pure: the client does the talking, the snapshot (snapshot.ts) is made
// before. Seven requests where the start is ready at its first poll: the start and its poll, the agent's address
// (?ids=), the upload, the workspace's folder (the command runs there), the command, the task. A failure or a cancel after the start leaves a conversation
// without its task: it is stopped (V1 pauses its sandbox) and named, so the person can delete it. One after the
// start was taken but before it was over goes on on the server: its start task is followed to the conversation.
import type { AgentServerApi, OpenHandsClient } from '../../api/client';
import type { FollowUpMessage } from '../../api/model/conversations';
import { StartFailedError } from '../../api/conversationErrors';
import { l10n } from '../../base/l10n';

/** What the hand-over needs of a snapshot (snapshot.ts's FolderSnapshot has it). */
export interface HandOverBundle {
  /** The snapshot commit's id. */
  readonly commit: string;
  /** The bundle on this machine, and its size. */
  readonly bundlePath: string;
  readonly bundleBytes: number;
}

export type HandOverClient = Pick<OpenHandsClient, 'createConversation' | 'conversationOfStart' | 'agentServer' | 'sendMessage' | 'stopConversation'>;

export type HandOverStepName = 'start' | 'upload' | 'unpack' | 'task';

export type HandOverProgress =
  | { readonly step: 'start'; readonly detail?: string }
  | { readonly step: 'upload'; readonly sent: number; readonly total: number }
  | { readonly step: 'unpack' }
  | { readonly step: 'task'; readonly conversationId: string }
  /** After a cancel or failure during the start: waiting for the conversation the server still makes, to stop it. */
  | { readonly step: 'leaving' };

export interface HandOverRequest {
  readonly bundle: HandOverBundle;
  /** The one shell command that makes the uploaded bundle (at the path given) the workspace's checkout. */
  readonly unpackCommand: (bundleRemotePath: string) => string;
  readonly task: FollowUpMessage;
  /** The person's conversation instructions, given at the start as any start gives them (V1: the system message's suffix). */
  readonly instructions?: string;
  readonly onProgress?: (progress: HandOverProgress) => void;
  readonly signal?: AbortSignal;
}

export interface HandOverTiming {
  /** How long after READY the agent server may stay out of reach (no URL yet, sandbox not yet RUNNING). */
  readonly reachWithinMs: number;
  readonly reachPollMs: number;
  /** The unpack command's limit on the agent server. */
  readonly unpackTimeoutSeconds: number;
  /** How long a start cut short may take to lead to its conversation (1.11.0: 8-35 s from the start to READY). */
  readonly leftWithinMs: number;
}

export const DEFAULT_HAND_OVER_TIMING: HandOverTiming = { reachWithinMs: 30_000, reachPollMs: 1000, unpackTimeoutSeconds: 300, leftWithinMs: 120_000 };

/** What is left on the server after a failure: a conversation without its task, stopped or not. */
export interface LeftOnServer {
  readonly conversationId: string;
  readonly stopped: boolean;
}

export class HandOverError extends Error {
  constructor(readonly step: HandOverStepName, readonly reason: string, readonly left: LeftOnServer | undefined, readonly cancelled: boolean) {
    super(describe(step, reason, left, cancelled));
    this.name = 'HandOverError';
  }
}

/** Uploads take at least this long before they count as stuck, plus a second per MiB (a slow link). */
const UPLOAD_BASE_TIMEOUT_MS = 60_000;
const UPLOAD_MS_PER_BYTE = 1000 / (1024 * 1024);

/** Hands the bundle over and sends the task; resolves to the conversation's id. */
export async function handOver(client: HandOverClient, request: HandOverRequest, timing = DEFAULT_HAND_OVER_TIMING): Promise<string> {
  const { signal } = request;
  if (!canHandOver(client)) throw new HandOverError('start', l10n.t('this server cannot take a folder: it offers no agent server or no message after the start'), undefined, false);
  let step: HandOverStepName = 'start';
  let conversationId: string | undefined;
  let startId: string | undefined;
  try {
    request.onProgress?.({ step: 'start' });
    const start = request.instructions ? { conversation_instructions: request.instructions } : {};
    const onProgress = (detail: string) => request.onProgress?.({ step: 'start', detail });
    conversationId = (await client.createConversation(start, { signal, onProgress, onAccepted: (id) => { startId = id; } })).conversation_id;
    const agent = await reachAgent(client, conversationId, timing, signal);
    step = 'upload';
    const remotePath = remoteBundlePath(request.bundle.commit, await agent.uploadFolder!({ signal }));
    await uploadBundle(agent, request, remotePath);
    step = 'unpack';
    request.onProgress?.({ step: 'unpack' });
    await unpack(agent, request, remotePath, timing, signal);
    step = 'task';
    request.onProgress?.({ step: 'task', conversationId });
    await client.sendMessage!(conversationId, request.task, { signal });
    return conversationId;
  } catch (error) {
    const cancelled = signal?.aborted ?? false;
    const reason = error instanceof HandOverFailure || !cancelled ? messageOf(error) : l10n.t('cancelled');
    conversationId ??= await conversationLeft(client, startId, error, request, timing);
    const left = conversationId === undefined ? undefined : { conversationId, stopped: await stopQuietly(client, conversationId) };
    throw new HandOverError(step, reason, left, cancelled);
  }
}

/** Whether this client can hand a folder over at all: a start, an agent server, and a task sent later. */
export function canHandOver(client: Partial<HandOverClient>): boolean {
  return typeof client.agentServer === 'function' && typeof client.sendMessage === 'function';
}

/** A failure the hand-over found itself (not a request's): its reason is already in words. */
class HandOverFailure extends Error {}

async function reachAgent(client: HandOverClient, id: string, timing: HandOverTiming, signal: AbortSignal | undefined): Promise<AgentServerApi> {
  if (!client.agentServer) throw new HandOverFailure(l10n.t('this server gives no access to a conversation\'s agent server'));
  const deadline = Date.now() + timing.reachWithinMs;
  for (;;) {
    const reach = await client.agentServer(id, { signal });
    if (reach.reachable) {
      if (!reach.agent.uploadFile || !reach.agent.runCommand || !reach.agent.uploadFolder) throw new HandOverFailure(l10n.t('the conversation\'s agent server takes no upload'));
      return reach.agent;
    }
    // Right after READY the sandbox may still be on its way; anything else will not change by waiting.
    const passing = reach.reason === 'not-running' || reach.reason === 'no-url';
    if (!passing || Date.now() + timing.reachPollMs > deadline) throw new HandOverFailure(unreachableText(reach.reason));
    await wait(timing.reachPollMs, signal);
  }
}

async function uploadBundle(agent: AgentServerApi, request: HandOverRequest, remotePath: string): Promise<void> {
  const total = request.bundle.bundleBytes;
  request.onProgress?.({ step: 'upload', sent: 0, total });
  const timeoutMs = UPLOAD_BASE_TIMEOUT_MS + Math.ceil(total * UPLOAD_MS_PER_BYTE);
  await agent.uploadFile!(request.bundle.bundlePath, remotePath, (sent) => request.onProgress?.({ step: 'upload', sent, total }), { signal: request.signal, timeoutMs });
}

async function unpack(agent: AgentServerApi, request: HandOverRequest, remotePath: string, timing: HandOverTiming, signal: AbortSignal | undefined): Promise<void> {
  // The bundle goes once the command ends, whatever its end, before the agent could list it. The command runs in the
  // conversation's workspace (the client's default); the bundle's absolute path reads the same from there.
  const command = `trap ${shellQuote(`rm -f ${shellQuote(remotePath)}`)} EXIT\n${request.unpackCommand(remotePath)}`;
  const result = await agent.runCommand!(command, { timeoutSeconds: timing.unpackTimeoutSeconds }, { signal });
  if (result.exitCode === 0) return;
  const output = lastLine(result.stderr) || lastLine(result.stdout);
  if (result.exitCode === -1) throw new HandOverFailure(l10n.t('the unpack command did not finish within {0} seconds or could not start: {1}', timing.unpackTimeoutSeconds, output));
  throw new HandOverFailure(l10n.t('the unpack command ended with exit code {0}: {1}', String(result.exitCode), output));
}

/** A path in `folder` (the agent server's upload folder) no other hand-over uses. */
function remoteBundlePath(commit: string, folder: string): string {
  const unique = Math.random().toString(36).slice(2, 10);
  return `${folder.replace(/\/+$/, '')}/openhands-handover-${commit.slice(0, 12).replace(/[^0-9a-f]/g, '')}-${unique}.bundle`;
}

/**
 * The conversation a start cut short (a cancel, a lost answer) still leads to: the server goes on with a start it
 * took. A start that ended in ERROR or stalled leaves none; one never taken has no id.
 */
async function conversationLeft(
  client: HandOverClient, startId: string | undefined, error: unknown, request: HandOverRequest, timing: HandOverTiming,
): Promise<string | undefined> {
  if (startId === undefined || !client.conversationOfStart || error instanceof StartFailedError) return undefined;
  request.onProgress?.({ step: 'leaving' });
  return client.conversationOfStart(startId, { signal: AbortSignal.timeout(timing.leftWithinMs) }).catch(() => undefined);
}

async function stopQuietly(client: HandOverClient, id: string): Promise<boolean> {
  if (!client.stopConversation) return false;
  try {
    await client.stopConversation(id);
    return true;
  } catch {
    return false;
  }
}

function describe(step: HandOverStepName, reason: string, left: LeftOnServer | undefined, cancelled: boolean): string {
  const at = STEP_TEXT[step]();
  const head = cancelled ? l10n.t('Sending the folder was cancelled while {0}.', at) : l10n.t('Sending the folder failed while {0}: {1}', at, reason);
  if (!left) return head;
  const tail = left.stopped
    ? l10n.t('Conversation {0} was started without its task and is now stopped; delete it if you do not need it.', left.conversationId)
    : l10n.t('Conversation {0} was started without its task and is still there; delete it if you do not need it.', left.conversationId);
  return `${head} ${tail}`;
}

const STEP_TEXT: Record<HandOverStepName, () => string> = {
  start: () => l10n.t('starting the conversation'),
  upload: () => l10n.t('uploading the folder'),
  unpack: () => l10n.t('unpacking the folder in the sandbox'),
  task: () => l10n.t('sending the task'),
};

function unreachableText(reason: 'paused' | 'not-running' | 'other-host' | 'no-url'): string {
  switch (reason) {
    case 'paused': return l10n.t('the conversation\'s sandbox is paused');
    case 'other-host': return l10n.t('the conversation\'s agent server is on another host than the OpenHands server');
    default: return l10n.t('the conversation\'s agent server could not be reached');
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => { clearTimeout(timer); reject(new Error(l10n.t('cancelled'))); };
    const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}
