// Helpers over the contract server's recorded requests, for UI scenarios (in-process list) and host suites
// (the list fetched from GET /_test/requests) alike. Node built-ins only: host suites load this file too.
import type { RecordedRequest } from '../../support/standin/contractServer';

type RequestList = () => RecordedRequest[] | Promise<RecordedRequest[]>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no request is pending and none arrived for `quietMs`; returns how many were recorded.
 * Take it before an action to tell the requests the action caused from earlier ones (activation, reloads).
 */
export async function settledCount(requests: RequestList, quietMs = 1000, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let count = -1;
  let quietSince = Date.now();
  for (;;) {
    const list = await requests();
    if (list.length !== count || list.some((r) => r.status === 0)) {
      count = list.length;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= quietMs) {
      return count;
    }
    if (Date.now() > deadline) {
      const last = list.slice(-6).map((r) => `${r.method} ${r.path} ${r.status}`).join(', ');
      throw new Error(`the extension's requests did not settle within ${timeoutMs / 1000} s; the last: ${last}`);
    }
    await sleep(100);
  }
}

/** Waits for the first request after index `from` that matches. */
export async function nextRequest(
  requests: RequestList,
  from: number,
  matches: (request: RecordedRequest) => boolean,
  timeoutMs = 20_000,
): Promise<RecordedRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await requests()).slice(from).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching request reached the contract server within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

export function describeRequests(list: readonly RecordedRequest[]): string {
  return list.map((r) => `${r.method} ${r.path} -> ${r.status}${r.headers['x-session-api-key'] ? ' (with key)' : ''}`).join('; ');
}
