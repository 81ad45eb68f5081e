// Events (time order, unique ids) into the transcript the tab shows: each action paired with its observation by
// the action's id, thinking shown before what it led to, state changes only where the state changed, an action
// the agent waits on marked for the person's approval, noise left out (noise.ts), unknown kinds kept as "other".
import type { ActionEvent, ConversationEvent, ObservationEvent } from '../../api/model/events';
import type { ActionItem, ThinkingItem, Transcript, TranscriptItem } from './items';
import { actionItem, resultText, withObservation, type PathMapper } from './actionItems';
import { localPathOf, sandboxRelative, type PathExists } from './localPath';
import { isNoise } from './noise';
import { foldText, trimText } from './text';

export interface TranscriptOptions {
  /** The local workspace folder a sandbox path maps into; none: no path is mapped. */
  readonly localFolder?: string;
  readonly exists?: PathExists;
  /** The sandbox's working_dir where the server said; otherwise the first command's working folder is taken. */
  readonly workingDir?: string;
}

/** The server's words for "the agent waits for the person to confirm an action" (V1; V0's agent state). */
const CONFIRMATION_STATUSES: ReadonlySet<string> = new Set(['waiting_for_confirmation', 'awaiting_user_confirmation']);

class TranscriptBuilder {
  readonly items: TranscriptItem[] = [];
  private readonly actions = new Map<string, number>();
  /** The `think` tool's actions: shown as thinking, their observation ("thought logged") left out. */
  private readonly thoughts = new Set<string>();
  lastStatus: { state: Transcript['state']; serverStatus: string } | undefined;

  constructor(private readonly paths: PathMapper) {}

  add(event: ConversationEvent): void {
    if (isNoise(event)) return;
    switch (event.kind) {
      case 'message':
        this.thinking(event.id, event.timestamp, event.thinking);
        this.items.push({
          id: event.id, timestamp: event.timestamp, kind: 'message', from: event.origin === 'user' ? 'person' : 'agent',
          text: trimText(event.text), imageCount: event.imageCount,
        });
        return;
      case 'action': return this.action(event);
      case 'observation': return this.observation(event);
      case 'rejection': return this.rejection(event.id, event.timestamp, event.actionId, event.reason);
      case 'state': return this.state(event.id, event.timestamp, event.state, event.serverStatus);
      case 'error':
        this.items.push({ id: event.id, timestamp: event.timestamp, kind: 'error', message: trimText(event.message), ...(event.code ? { code: event.code } : {}) });
        return;
      case 'condensation':
        this.items.push({ id: event.id, timestamp: event.timestamp, kind: 'condensation', summary: trimText(event.summary) });
        return;
      case 'other':
        this.items.push({ id: event.id, timestamp: event.timestamp, kind: 'other', rawKind: event.rawKind, text: trimText(event.text) });
    }
  }

  private thinking(id: string, timestamp: string, text: string | undefined): void {
    if (text) this.items.push({ id: `${id}:thinking`, timestamp, kind: 'thinking', text: trimText(text) } satisfies ThinkingItem);
  }

  private action(event: ActionEvent): void {
    this.thinking(event.id, event.timestamp, event.thinking);
    const action = event.action;
    if (action.type === 'think') {
      this.thoughts.add(event.id);
      this.items.push({ id: event.id, timestamp: event.timestamp, kind: 'thinking', text: trimText(action.thought) });
      return;
    }
    this.actions.set(event.id, this.items.length);
    this.items.push(actionItem({ ...event, action }, this.paths));
  }

  private observation(event: ObservationEvent): void {
    if (event.actionId !== null && this.thoughts.has(event.actionId)) return;
    const index = event.actionId === null ? undefined : this.actions.get(event.actionId);
    if (index !== undefined) {
      this.items[index] = withObservation(this.items[index] as ActionItem, event, this.paths);
      return;
    }
    this.items.push({
      id: event.id, timestamp: event.timestamp, kind: 'observation', tool: event.tool, isError: event.isError,
      output: foldText(resultText(event.result)),
    });
  }

  private rejection(id: string, timestamp: string, actionId: string | null, reason: string): void {
    const index = actionId === null ? undefined : this.actions.get(actionId);
    if (index === undefined) {
      this.items.push({ id, timestamp, kind: 'rejection', actionId, reason });
      return;
    }
    this.items[index] = { ...(this.items[index] as ActionItem), status: 'rejected', rejection: reason, finishedAt: timestamp };
  }

  private state(id: string, timestamp: string, state: NonNullable<Transcript['state']>, serverStatus: string): void {
    if (this.lastStatus?.state !== state) this.items.push({ id, timestamp, kind: 'state', state, serverStatus });
    this.lastStatus = { state, serverStatus };
  }

  /** The actions still without a result, where the last state says the agent waits for a confirmation. */
  markAwaiting(): string[] {
    if (!CONFIRMATION_STATUSES.has(this.lastStatus?.serverStatus ?? '')) return [];
    const awaiting: string[] = [];
    for (const index of this.actions.values()) {
      const item = this.items[index] as ActionItem;
      if (item.status !== 'running') continue;
      this.items[index] = { ...item, status: 'awaiting-confirmation' };
      awaiting.push(item.actionId);
    }
    return awaiting;
  }
}

/** The transcript of `events` (time order, unique ids, as the follow keeps them). */
export function buildTranscript(events: readonly ConversationEvent[], options: TranscriptOptions = {}): Transcript {
  const workingDir = options.workingDir ?? firstWorkingDir(events);
  const exists = options.exists ?? (() => false);
  const builder = new TranscriptBuilder((sandboxPath) => ({
    localPath: localPathOf(sandboxPath, workingDir, options.localFolder, exists),
    relativePath: workingDir ? sandboxRelative(sandboxPath, workingDir) : null,
  }));
  for (const event of events) builder.add(event);
  const awaitingConfirmation = builder.markAwaiting();
  const state = builder.lastStatus?.state;
  return { items: builder.items, awaitingConfirmation, ...(state ? { state } : {}) };
}

/** The folder the first command ran in: the shell starts in the workspace's working_dir. */
export function firstWorkingDir(events: readonly ConversationEvent[]): string | undefined {
  for (const event of events) {
    if (event.kind === 'observation' && event.result.type === 'command' && event.result.workingDir) return event.result.workingDir;
  }
  return undefined;
}
