// Events of the client's model for the transcript's tests, numbered in time order: `e1`, `e2`… at 12:00:01,
// 12:00:02…
import type { ActionEvent, ActionResult, AgentAction, ConversationEvent, ObservationEvent } from '../../../src/api/model/events';
import type { ConversationState } from '../../../src/api/model/conversations';

export class SampleEvents {
  private count = 0;
  readonly events: ConversationEvent[] = [];

  private next(): { id: string; timestamp: string } {
    this.count++;
    return { id: `e${this.count}`, timestamp: timeOf(this.count) };
  }

  private push<T extends ConversationEvent>(event: T): T {
    this.events.push(event);
    return event;
  }

  message(origin: 'user' | 'agent', text: string, thinking?: string): ConversationEvent {
    return this.push({ ...this.next(), origin, kind: 'message', text, imageCount: 0, ...(thinking ? { thinking } : {}) });
  }

  action(action: AgentAction, extra: Partial<ActionEvent> = {}): ActionEvent {
    const tool = action.type === 'command' ? 'terminal' : action.type === 'file' ? 'file_editor' : action.type;
    return this.push({ ...this.next(), origin: 'agent', kind: 'action', tool, action, ...extra });
  }

  observe(action: ActionEvent | null, result: ActionResult, isError = false): ObservationEvent {
    return this.push({ ...this.next(), origin: 'environment', kind: 'observation', actionId: action?.id ?? null, tool: action?.tool ?? 'terminal', result, isError });
  }

  command(command: string, output: string, exitCode = 0, workingDir = '/workspace/project'): ActionEvent {
    const action = this.action({ type: 'command', command });
    this.observe(action, { type: 'command', output, exitCode, workingDir });
    return action;
  }

  edit(command: string, path: string, oldContent: string | null, newContent: string | null): ActionEvent {
    const action = this.action({ type: 'file', command, path });
    this.observe(action, { type: 'file', command, path, oldContent, newContent, output: `edited ${path}` });
    return action;
  }

  state(state: ConversationState, serverStatus: string): ConversationEvent {
    return this.push({ ...this.next(), origin: 'server', kind: 'state', state, serverStatus });
  }

  other(rawKind: string, text = ''): ConversationEvent {
    return this.push({ ...this.next(), origin: 'server', kind: 'other', rawKind, text });
  }
}

export function timeOf(index: number): string {
  const seconds = 1 + index;
  return `2026-01-01T12:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000000`;
}
