// The run's sources as the client offers them: events from the conversation's agent server where it is reachable
// from here, else from the app server's copy, else none (the state alone is followed), picked as the transcript
// picks them; the state from the server's list.
import type { EventsReader, OpenHandsClient } from '../../api/client';
import { pickSource } from '../transcript/followSource';
import type { RunSource } from './runFollow';

/** Where the conversation's events are read now. */
export async function eventsReaderFor(client: OpenHandsClient, id: string, signal: AbortSignal): Promise<EventsReader | undefined> {
  const agentServer = client.agentServer?.bind(client);
  const sources = { appServer: client.events?.(id), agentReach: agentServer && ((call: { signal?: AbortSignal }) => agentServer(id, call)) };
  return (await pickSource(sources, true, { signal })).reader;
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
