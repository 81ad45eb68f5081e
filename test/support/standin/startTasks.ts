// Start tasks of POST /api/v1/app-conversations (AppConversationStartTask of 1.11.0). The real server walks a
// task through its statuses in the background while it starts an agent server (about 20 s here); the stand-in
// derives each task's status from its age, so nothing runs between requests. Timing and failure are set through
// StartTaskTiming (POST /_test/start-tasks).
import { randomBytes, randomUUID } from 'node:crypto';
import { type V1ConversationRecord } from './v1Conversations';
import { pythonUtcNow } from './v1Models';

export interface StartTaskTiming {
  /** From the start to READY (or ERROR); default 300 ms. */
  readyAfterMs?: number;
  /** End every following start in ERROR with this detail instead of READY. */
  fail?: string | null;
}

export const DEFAULT_READY_AFTER_MS = 300;

/** The path of a task that ends well; an ERROR comes after the first. */
const STEPS = ['WORKING', 'PREPARING_REPOSITORY', 'STARTING_CONVERSATION', 'READY'] as const;

export interface StartTask {
  id: string;
  created: Date;
  readyAfterMs: number;
  /** Set when the task ends in ERROR: its detail ('' for a repository without a provider token). */
  failure: string | null;
  request: Map<string, unknown>;
  sandboxId: string;
  agentServerUrl: string;
  conversation: V1ConversationRecord | null;
}

export const newId = (): string => randomUUID().replace(/-/g, '');
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Sandbox ids and conversation keys look like the real ones: base62 (letters and digits), 21-22 and 43 characters. */
export const token = (chars: number): string => Array.from(randomBytes(chars), (byte) => BASE62[byte % BASE62.length]).join('');

export interface TaskView {
  status: string;
  detail: string | null;
  appConversationId: string | null;
  sandboxId: string | null;
  agentServerUrl: string | null;
  updated: Date;
}

/** Where a task stands at `now`. */
export function viewTask(task: StartTask, now = new Date()): TaskView {
  const elapsed = now.getTime() - task.created.getTime();
  const step = Math.min(STEPS.length - 1, Math.floor((elapsed / Math.max(task.readyAfterMs, 1)) * (STEPS.length - 1)));
  const at = (i: number) => new Date(task.created.getTime() + (task.readyAfterMs * i) / (STEPS.length - 1));
  const working = { detail: null, appConversationId: null, agentServerUrl: null };
  if (step === 0) return { status: 'WORKING', ...working, sandboxId: null, updated: task.created };
  if (step === STEPS.length - 1 && task.failure !== null) {
    return { status: 'ERROR', ...working, detail: task.failure, sandboxId: task.sandboxId, updated: at(step) };
  }
  if (task.failure !== null || step < STEPS.length - 1) return { status: STEPS[Math.min(step, 2)], ...working, sandboxId: task.sandboxId, updated: at(step) };
  return {
    status: 'READY',
    detail: null,
    appConversationId: task.conversation?.id ?? null,
    sandboxId: task.sandboxId,
    agentServerUrl: task.agentServerUrl,
    updated: at(step),
  };
}

/** The task as JSON: the POST answer's datetimes end in Z, the database's (every GET) have no zone. */
export function taskJson(task: StartTask, fromDatabase: boolean, now = new Date()): Record<string, unknown> {
  const view = fromDatabase ? viewTask(task, now) : viewTask(task, task.created);
  const time = (d: Date) => (fromDatabase ? pythonUtcNow(d).slice(0, -1) : pythonUtcNow(d));
  return {
    id: task.id,
    created_by_user_id: null,
    status: view.status,
    detail: view.detail,
    app_conversation_id: view.appConversationId,
    sandbox_id: view.sandboxId,
    agent_server_url: view.agentServerUrl,
    request: task.request,
    created_at: time(task.created),
    // The POST answer is built before the row is written: its two times differ by microseconds.
    updated_at: time(fromDatabase ? view.updated : task.created),
  };
}
