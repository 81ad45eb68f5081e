// What following conversations costs and how fast it is: the Conversations view's model and refresh scheduler
// (src/core/conversations, the code the view runs) against a V1 stand-in in its own process, every request the
// client sends counted, in real time. Requests per minute with the view hidden and nothing running, visible,
// and while one conversation started here runs (hidden and visible); and the delay from the stand-in's change
// to finished until the model has it (the view renders on that change event). The idle counts fail the bench over their
// budget (main.ts); the rest is printed.
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction, OpenHandsClient, ServerApi } from '../src/api/client';
import { createClient } from '../test/support/client';
import { sessionCredential } from '../src/api/http/credential';
import { ConversationFeed } from '../src/core/conversations/conversationFeed';
import { DEFAULT_TIMING, RefreshScheduler, systemClock } from '../src/core/conversations/refreshSchedule';
import { startServerProcess, type ServerProcess } from './serverProcess';

const V1: ServerApi = { version: undefined, settings: 'v1', conversations: 'v1' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PollingFigures {
  readonly perMinute: readonly { readonly label: string; readonly windowS: number; readonly value: number }[];
  /** From the stand-in's change to the model having it, one per trial. */
  readonly delaysMs: readonly number[];
}

export async function conversationPolling(key: string): Promise<PollingFigures> {
  const server = await startServerProcess(key, 'v1');
  try {
    return await measure(server, key);
  } finally {
    await server.stop();
  }
}

async function measure(server: ServerProcess, key: string): Promise<PollingFigures> {
  await control(server, 'start-tasks', { readyAfterMs: 0 });
  let requests = 0;
  const counting: FetchFunction = (url, init) => { requests++; return undiciFetch(url, init as never) as unknown as Promise<Response>; };
  const client = createClient({ baseUrl: server.url, fetch: counting, getCredential: async () => sessionCredential(key), timeoutMs: 10_000 }, V1);
  for (let i = 0; i < 5; i++) await client.createConversation({ initial_user_msg: `seeded ${i}` });
  await Promise.all((await client.listConversations({ limit: 20 })).items.map((c) => setStatus(server, c.id, 'finished')));
  const { feed, scheduler, stops } = following(client);
  const perMinute: { label: string; windowS: number; value: number }[] = [];
  const count = async (label: string, windowS: number) => perMinute.push(await requestsPerMinute(label, windowS, () => requests));
  try {
    await count('hidden, nothing started here running', 15);
    scheduler.setVisible(true);
    await count('visible, nothing running (the first minute after showing)', 60);
    const running = await client.createConversation({ initial_user_msg: 'followed' });
    feed.setStarted([{ id: running.conversation_id, state: 'starting' }]);
    scheduler.setWorking(true);
    await count('visible, one started here running', 30);
    scheduler.setVisible(false);
    await count('hidden, one started here running', 30);
    await setStatus(server, running.conversation_id, 'finished');
    await sleep(DEFAULT_TIMING.working.maxMs + 1000);
    scheduler.setVisible(true);
    const delaysMs = await delays(server, client, feed, scheduler, stops);
    return { perMinute, delaysMs };
  } finally {
    scheduler.dispose();
  }
}

/** The Conversations view's model and its refresh scheduler on `client`, as the view runs them (hidden at first), and the stops it told. */
export function following(client: OpenHandsClient): { feed: ConversationFeed; scheduler: RefreshScheduler; stops: { id: string; at: number }[] } {
  const feed = new ConversationFeed();
  const stops: { id: string; at: number }[] = [];
  const scheduler = new RefreshScheduler(systemClock, async (kind, signal) => {
    const outcome = await feed.poll(client, kind, signal);
    for (const c of outcome.stopped) stops.push({ id: c.id, at: performance.now() });
    return outcome;
  });
  return { feed, scheduler, stops };
}

/** The requests counted by `requests` over the next `windowS` seconds, per minute. */
export async function requestsPerMinute(label: string, windowS: number, requests: () => number): Promise<{ label: string; windowS: number; value: number }> {
  const from = requests();
  await sleep(windowS * 1000);
  return { label, windowS, value: ((requests() - from) * 60) / windowS };
}

/** Three conversations started here, each made finished on the stand-in 1-7 s after it runs: how long until the model says so. */
async function delays(
  server: ServerProcess, client: OpenHandsClient, feed: ConversationFeed, scheduler: RefreshScheduler, stops: { id: string; at: number }[],
): Promise<number[]> {
  const delaysMs: number[] = [];
  for (const waitMs of [1_300, 4_100, 6_700]) {
    const { conversation_id: id } = await client.createConversation({ initial_user_msg: `timed ${waitMs}` });
    feed.setStarted([{ id, state: 'starting' }]);
    scheduler.setWorking(true);
    await sleep(waitMs);
    const changedAt = performance.now();
    await setStatus(server, id, 'finished');
    for (let waited = 0; !stops.some((s) => s.id === id) && waited < 30_000; waited += 20) await sleep(20);
    const stop = stops.find((s) => s.id === id);
    delaysMs.push(stop ? stop.at - changedAt : Number.NaN);
  }
  return delaysMs;
}

async function control(server: ServerProcess, route: string, body: unknown): Promise<void> {
  const response = await undiciFetch(`${server.url}/_test/${route}`, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST /_test/${route}: HTTP ${response.status} ${await response.text()}`);
}

function setStatus(server: ServerProcess, id: string, executionStatus: string): Promise<void> {
  return control(server, `conversations/${id}/status`, { execution_status: executionStatus });
}
