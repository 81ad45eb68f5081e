// The client's overhead over a bare fetch of the same request (createConversation against the stand-in in a process
// of its own), with the fetch it is given: undici's under plain Node (bench/main.ts), VS Code's own fetch inside a
// real extension host (test/e2e/harness/overheadBench.ts), the fetch the product passes there.
import type { FetchFunction } from '../src/api/client';
import { sessionCredential } from '../src/api/http/credential';
import { createClient } from '../test/support/client';
import { startServerProcess } from './serverProcess';
import type { Row } from './rows';
import { median, timeAlternating, timeEach } from './stats';

/** Medians in ms; `signalShare`: a bare fetch that follows a timeout's abort signal, against one that does not. */
export interface Overhead { readonly client: number; readonly bare: number; readonly signalShare: number }

export const OVERHEAD_CALLS = 2000;
export const OVERHEAD_BUDGET = 1.1;
const WARMUP = 200;
const KEY = 'bench-session-key';

export async function clientOverhead(fetch: FetchFunction): Promise<Overhead> {
  const server = await startServerProcess(KEY);
  try {
    const client = createClient({ baseUrl: server.url, fetch, getCredential: async () => sessionCredential(KEY), timeoutMs: 10_000 });
    await client.storeSettings({ llm_model: 'bench/model', llm_api_key: 'bench-llm-key' });
    const request = { initial_user_msg: 'Fix the failing test', repository: null, selected_branch: null };
    const post = async (signal?: AbortSignal) => {
      const response = await fetch(`${server.url}/api/conversations`, {
        method: 'POST', signal,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Session-API-Key': KEY },
        body: JSON.stringify(request),
      });
      await response.json();
    };
    const bare = () => post();
    // What following an abort signal costs fetch itself (undici's listener, weak reference and finaliser per
    // request): the client needs one for its timeout and its cancel, so part of its overhead is fetch's own.
    const bareWithSignal = async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 10_000);
      try {
        await post(controller.signal);
      } finally {
        clearTimeout(timer);
      }
    };
    const viaClient = () => client.createConversation(request);
    await timeEach(WARMUP, bare);
    await timeEach(WARMUP, viaClient);
    await timeEach(WARMUP, bareWithSignal);
    const [bareTimes, clientTimes] = await timeAlternating(OVERHEAD_CALLS, bare, viaClient);
    const [bareAgain, signalTimes] = await timeAlternating(OVERHEAD_CALLS, bare, bareWithSignal);
    return { client: median(clientTimes), bare: median(bareTimes), signalShare: median(signalTimes) / median(bareAgain) };
  } finally {
    await server.stop();
  }
}

/** The overhead's rows (name, value, budget), `where` naming the runtime and the fetch they were measured with. */
export function overheadRows(overhead: Overhead, where: string): Row[] {
  return [
    [`createConversation median, bare fetch (${OVERHEAD_CALLS} calls; ${where})`, `${overhead.bare.toFixed(3)} ms`, ''],
    [`createConversation median, client (${OVERHEAD_CALLS} calls; ${where})`, `${overhead.client.toFixed(3)} ms`, ''],
    [`client overhead ratio (client / bare; ${where})`, (overhead.client / overhead.bare).toFixed(3), `<= ${OVERHEAD_BUDGET.toFixed(2)}`],
    [`of which fetch following an abort signal (bare with a timeout signal / bare; ${where})`, overhead.signalShare.toFixed(3), ''],
  ];
}
