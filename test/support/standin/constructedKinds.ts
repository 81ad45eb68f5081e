// A conversation of every kind the transcript shows (POST /_test/conversations {"constructedKinds": true}), those no
// scripted run here makes among them: thinking and reasoning on a message and an action, a browser_navigate action
// and its observation, an MCP tool call and its observation, a Condensation, a UserRejectObservation, an
// AgentErrorEvent, the think and task_tracker tools, a PauseEvent, a ConversationErrorEvent; and an execution_status
// update, commands that pass and fail, a file viewed, created and edited, a finish. The events are those of
// test/support/fixtures/openhands/constructed-kinds-1.11.0.json, CONSTRUCTED with OpenHands 1.11.0's own models
// (scripts/openhands/constructed-kinds.py), not recorded from a run; appended with their ids, stamped and linked
// as the conversation's log stamps and links its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventLog, StoredEvent } from './v1AgentEvents';

// out/test/support/standin -> the repository's test/support/fixtures/openhands (the JSON files are not compiled).
const FILE = join(__dirname, '..', '..', '..', '..', 'test', 'support', 'fixtures', 'openhands', 'constructed-kinds-1.11.0.json');

/** The fixture's events, as the app server's events/search gives them. */
export function constructedEvents(): StoredEvent[] {
  return (JSON.parse(readFileSync(FILE, 'utf8')) as { events: StoredEvent[] }).events;
}

export function appendConstructedKinds(log: EventLog, from: Date): void {
  let tick = from.getTime();
  for (const event of constructedEvents()) {
    const fields: Record<string, unknown> = { ...event };
    for (const key of ['source', 'kind', 'timestamp', 'parent_id']) delete fields[key];
    log.add(String(event.source), event.kind, fields, new Date(++tick));
  }
}
