// The Conversations view's idle requests on the agent-server line, against a real OpenHands Agent Server (the stand-in
// does not speak that line): the same model and scheduler as conversationPolling.ts, the client connected as the
// product connects (detected, the line's adapters loaded), every request counted. The server is started by
// scripts/openhands/bench-agent.sh, which passes its URL and key (OPENHANDS_URL, OPENHANDS_API_KEY).
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction } from '../src/api/client';
import { connectClient } from '../src/api/createClient';
import { sessionCredential } from '../src/api/http/credential';
import { following, requestsPerMinute, type PollingFigures } from './conversationPolling';

export interface AgentLineFigures {
  /** The server as the client names it, e.g. "1.58.2". */
  readonly version: string;
  readonly perMinute: PollingFigures['perMinute'];
}

export async function agentLinePolling(url: string, key: string): Promise<AgentLineFigures> {
  let requests = 0;
  const counting: FetchFunction = (target, init) => { requests++; return undiciFetch(target, init as never) as unknown as Promise<Response>; };
  const client = await connectClient({ baseUrl: url, fetch: counting, getCredential: async () => sessionCredential(key), timeoutMs: 10_000 });
  if (client.api.conversations !== 'agent') throw new Error(`${url} is not an agent server: detected ${JSON.stringify(client.api)}`);
  const { scheduler } = following(client);
  try {
    const hidden = await requestsPerMinute('hidden, nothing started here running', 15, () => requests);
    scheduler.setVisible(true);
    const visible = await requestsPerMinute('visible, nothing running (the first minute after showing)', 60, () => requests);
    return { version: client.api.version ?? 'unknown', perMinute: [hidden, visible] };
  } finally {
    scheduler.dispose();
  }
}
