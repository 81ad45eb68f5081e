// Listing a conversation's changes as the Changes view does (src/core/changes/changeLoader.ts), against a V1
// stand-in in its own process whose finished run left 200 changed files in a real git workspace: the time from
// asking to having every file with its +/- counts, and the requests it took (to the app server and the agent
// server, all counted). The time is printed; the requests fail the bench over their budget (main.ts).
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction } from '../src/api/client';
import { connectClient } from '../src/api/createClient';
import { sessionCredential } from '../src/api/http/credential';
import type { ChangeBase } from '../src/api/model/changes';
import { loadChanges } from '../src/core/changes/changeLoader';
import { startServerProcess } from './serverProcess';
import { median } from './stats';

export const CHANGED_FILES = 200;
const ROUNDS = 5;

/**
 * `firstRequests`: the first listing (it finds the workspace once), `firstLog` its requests (method and path);
 * `requests`: the most a refresh took.
 */
export async function changesListing(key: string): Promise<{ ms: number; firstRequests: number; firstLog: string[]; requests: number; files: number; counted: number }> {
  const server = await startServerProcess(key, 'v1');
  try {
    const seeded = await undiciFetch(`${server.url}/_test/conversations`, { method: 'POST', body: JSON.stringify({ count: 1, changedFiles: CHANGED_FILES }) });
    const [id] = ((await seeded.json()) as { ids: string[] }).ids;
    let requests = 0;
    const log: string[] = [];
    const counting: FetchFunction = (url, init) => {
      requests++;
      const { pathname, search } = new URL(url);
      log.push(`${init?.method ?? 'GET'} ${pathname}${search}`);
      return undiciFetch(url, init as never) as unknown as Promise<Response>;
    };
    const client = await connectClient({ baseUrl: server.url, fetch: counting, getCredential: async () => sessionCredential(key), timeoutMs: 30_000 });
    const times: number[] = [];
    const perLoad: number[] = [];
    let files = 0;
    let counted = 0;
    let previous: ChangeBase | undefined;
    let firstLog: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = requests;
      const started = performance.now();
      // As the view does: the first listing, then refreshes that know the base the last one settled on.
      const state = await loadChanges(client, { id, repository: null, branch: null }, undefined, previous);
      times.push(performance.now() - started);
      perLoad.push(requests - before);
      if (round === 0) firstLog = log.slice(before);
      if (state.kind !== 'loaded') throw new Error(`the changes were not read: ${JSON.stringify(state)}`);
      files = state.changes.files.length;
      counted = state.changes.files.filter((file) => file.binary || file.added !== undefined).length;
      previous = state.changes.base;
    }
    return { ms: median(times), firstRequests: perLoad[0]!, firstLog, requests: Math.max(...perLoad.slice(1)), files, counted };
  } finally {
    await server.stop();
  }
}
