// Which source a transcript follows: the conversation's agent server where it is reachable (it has every event
// at once), else the app server's copy (late by up to ~30 s on V1). A failed or unreachable agent server is
// asked again only after a while, so a paused sandbox (whose requests hang) costs one short request per retry.
import type { CallOptions, EventsReader, OpenHandsClient } from '../../api/client';
import type { FollowSources, FollowStatus } from './followTypes';

export interface PickedSource {
  readonly reader: EventsReader | undefined;
  /** Why the agent server is not the source, when it is not and the line has one. */
  readonly agentUnreachable?: FollowStatus['agentUnreachable'];
}

/** The source to follow now; `tryAgent` false skips the agent server (it failed lately) where there is another. */
export async function pickSource(sources: FollowSources, tryAgent: boolean, call: CallOptions): Promise<PickedSource> {
  if (!sources.agentReach || (!tryAgent && sources.appServer)) return { reader: sources.appServer };
  try {
    const reach = await sources.agentReach(call);
    if (reach.reachable) return { reader: reach.agent.events };
    return { reader: sources.appServer, agentUnreachable: reach.reason };
  } catch (error) {
    if (call.signal?.aborted) throw error;
    return { reader: sources.appServer, agentUnreachable: 'failed' };
  }
}

/** Where a conversation's events can be read, as the client offers them. */
export function followSourcesOf(client: OpenHandsClient, id: string): FollowSources {
  const agentServer = client.agentServer?.bind(client);
  return { appServer: client.events?.(id), agentReach: agentServer && ((call) => agentServer(id, call)) };
}

/** The reader a one-off read of the conversation's events uses now (chat's summary of the events before a follow-up, a tool). */
export async function eventsReaderFor(client: OpenHandsClient, id: string, signal: AbortSignal): Promise<EventsReader | undefined> {
  return (await pickSource(followSourcesOf(client, id), true, { signal })).reader;
}
