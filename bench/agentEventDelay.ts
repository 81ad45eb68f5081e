// How soon the extension's client has an agent-server event after the server made it: a real run (the scripted LLM's
// few steps) followed over the session socket by the client's own V1AgentServer, each event's arrival against the
// timestamp the server gave it (the same machine's clock; the server writes its local time without a zone, UTC
// here). The client is connected as the product connects, and the socket opened as the transcript tab opens it
// (the conversation's agent server, its event stream); the tab renders on that arrival. Run by scripts/openhands/bench-agent.sh with the agent-polling part.
import { fetch as undiciFetch } from 'undici';
import type { ConversationEvent } from '../src/api/model/events';
import { connectClient } from '../src/api/createClient';
import { sessionCredential } from '../src/api/http/credential';
import { startFromStored, storeScriptedLlm, untilStatus, userMessage, Workspaces } from '../test/conformance/agentServer';
import { Client } from '../test/conformance/target';
import { startScriptedLlm } from '../test/support/scriptedLlm/scriptedLlm';

const STEPS = 4;

/**
 * The delay in ms from each event's server timestamp to the client's having it, in the order they arrived: the events
 * made after the socket was asked for (those stored before it come with its first read, which is not this figure).
 */
export async function agentEventDelays(url: string, key: string): Promise<number[]> {
  const client = new Client({ name: 'bench', baseUrl: url, apiKey: key, allowsConversationId: false, rateLimited: false, rateLimitOnly: false, api: 'agent', bearer: false, control: false });
  const script = Array.from({ length: STEPS }, (_, i) => ({ tool: 'terminal' as const, command: `printf ${i} > note${i}.txt` }));
  const llm = await startScriptedLlm({ script, delayMs: 300, finishMessage: 'The notes are written.' });
  const workspaces = new Workspaces();
  try {
    await storeScriptedLlm(client, llm.baseUrl);
    const started = await startFromStored(client, workspaces.make());
    const product = await connectClient({ baseUrl: url, fetch: (u, init) => undiciFetch(u, init as never) as unknown as Promise<Response>, getCredential: async () => sessionCredential(key), timeoutMs: 10_000 });
    const reach = await product.agentServer!(started.id);
    if (!reach.reachable) throw new Error(`the conversation's agent server is not reachable: ${reach.reason}`);
    const arrived: { event: ConversationEvent; at: number }[] = [];
    const openedAt = Date.now();
    const stream = reach.agent.events.stream!(undefined, { onEvent: (event) => arrived.push({ event, at: Date.now() }), onPartial: () => undefined, onClose: () => undefined });
    try {
      await client.post(`/api/conversations/${started.id}/events`, JSON.stringify({ ...userMessage('Write the notes.'), run: true }));
      await untilStatus(client, started.id, 'finished');
      // The last events may still be on their way when the status says finished.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      stream.close();
    }
    const madeAt = (event: ConversationEvent) => Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(event.timestamp) ? event.timestamp : `${event.timestamp}Z`);
    return arrived.filter(({ event }) => madeAt(event) >= openedAt).map(({ event, at }) => at - madeAt(event));
  } finally {
    await llm.close();
    workspaces.removeAll();
  }
}
