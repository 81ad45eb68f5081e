// The run's sources as the client offers them today: events from the conversation's agent server where it is
// reachable from here, else from the app server's copy, else none (the state alone is followed); the state from
// the server's list. A small adapter, to be swapped for the transcript's live follow once it serves the chat too.
import type { EventsReader, OpenHandsClient } from '../../api/client';
import type { RunSource } from './runFollow';

/** Where the conversation's events are read: its agent server when reachable, else the app server's copy. */
export async function eventsReaderFor(client: OpenHandsClient, id: string, signal: AbortSignal): Promise<EventsReader | undefined> {
  const reach = await client.agentServer?.(id, { signal }).catch(() => undefined);
  if (reach?.reachable) return reach.agent.events;
  return client.events?.(id);
}

export function runSourceFor(client: OpenHandsClient, id: string): RunSource {
  let reader: EventsReader | undefined;
  return {
    async events(newest, signal) {
      reader ??= await eventsReaderFor(client, id, signal);
      return reader ? reader.since(newest, { signal }) : [];
    },
    async state(signal) {
      const [summary] = await client.getConversations([id], { signal });
      return summary?.state ?? 'unknown';
    },
  };
}
