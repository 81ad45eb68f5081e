// `npm run bench`: sizes and ratios against their budgets. Run after a production build and `npm run package`.
//   each shipped script and the VSIX against its size budget (one over it makes the bench fail: sizes are exact);
//   the client's overhead over a bare fetch of the same request, the settings tree build, polling (printed with
//   their budgets, not failed: timings vary with the machine's load); request counts against their budgets (one over
//   fails: counts are exact), Send This Folder's among them; the require of the files activation loads, apart from
//   activate() itself (the activation bench, --activation-bench, times that in real extension hosts). The client's
//   overhead is measured here under this Node with undici's fetch, and again in a real extension host with VS Code's
//   own fetch, where the extension runs (--overhead-bench).
//   `node out/bench/main.js --only requests` runs the request counts alone; `--only changes` the Changes view's
//   listing alone, each request of its first listing printed; `--only check` Check Changes' copy alone; `--only overhead` the client's overhead alone (no
//   build needed, about 10 s).
//   The agent-server line's idle requests are counted against a real agent server (`--only agent-polling`, started by
//   scripts/openhands/bench-agent.sh, the last step of `npm run bench`): the stand-in (test/support/standin, --api
//   v0|mixed|v1) does not speak that line.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fetch as undiciFetch } from 'undici';
import { type FetchFunction } from '../src/api/client';
import type { ServerApi } from '../src/api/client';
import { createClient } from '../test/support/client';
import type { LoadedSettings } from '../src/api/model/settings';
import { DEFAULT_TIMING } from '../src/core/conversations/refreshSchedule';
import { buildSettingsTree } from '../src/core/settings/settingsTree';
import { CHANGED_FILES, changesListing } from './changesListing';
import { agentEventDelays } from './agentEventDelay';
import { agentLinePolling } from './agentLinePolling';
import { conversationPolling } from './conversationPolling';
import { MANY, manyConversations, type ManyFigures } from './manyConversations';
import { PAGE_SIZE } from '../src/core/conversations/conversationFeed';
import { bundleLoadMs } from './bundleLoad';
import { HANDOVER_FILES, handOverBench } from './handOver';
import { checkCopyBench, COPY_FILES, type CopyFigures } from './checkCopy';
import { startServerProcess } from './serverProcess';
import { median, timeEach } from './stats';
import { clientOverhead, overheadRows } from './clientOverhead';
import { print, type Row } from './rows';
import { sessionCredential } from '../src/api/http/credential';

const KEY = 'bench-session-key';
/** Where the overhead rows of this process are measured: plain Node, with undici's fetch from npm. */
const UNDICI_UNDER_NODE = `Node ${process.version}, undici's fetch`;
const V1: ServerApi = { version: undefined, settings: 'v1', conversations: 'v1' };

/** Heap after 1,000 more client calls, against the heap after two warm-up rounds of 1,000: what the client keeps. */
async function heapGrowth(): Promise<number> {
  setFlagsFromString('--expose_gc');
  const gc = runInNewContext('gc') as () => void;
  const server = await startServerProcess(KEY);
  try {
    const client = createClient({ baseUrl: server.url, fetch: undiciFetch as unknown as FetchFunction, getCredential: async () => sessionCredential(KEY), timeoutMs: 10_000 });
    await client.storeSettings({ llm_model: 'bench/model', llm_api_key: 'bench-llm-key' });
    const round = async () => {
      for (let i = 0; i < 1000; i++) {
        const kind = i % 3;
        if (kind === 0) await client.loadSettings();
        else if (kind === 1) await client.createConversation({ initial_user_msg: 'x' });
        else await client.updateSettings({ max_iterations: i + 1 });
      }
    };
    await round();
    await round();
    gc();
    const before = process.memoryUsage().heapUsed;
    await round();
    gc();
    return process.memoryUsage().heapUsed - before;
  } finally {
    await server.stop();
  }
}

async function treeBuild(): Promise<number> {
  const settings: LoadedSettings = {
    enable_default_condenser: true, enable_sound_notifications: false, enable_proactive_conversation_starters: true,
    enable_solvability_analysis: true,
    llm_model: 'anthropic/claude', llm_api_key_set: true, search_api_key_set: true, confirmation_mode: true, max_iterations: 50,
    mcp_config: {
      sse_servers: Array.from({ length: 5 }, (_, i) => ({ url: `http://mcp${i}.local/sse`, api_key: 'k' })),
      shttp_servers: [{ url: 'https://mcp.example/mcp' }],
      stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y', 'server-fs'], env: { A: '1' } }],
    },
    provider_tokens_set: { github: null, gitlab: 'gitlab.corp' },
  };
  await timeEach(200, () => buildSettingsTree(settings));
  return median(await timeEach(1000, () => buildSettingsTree(settings)));
}

const READY_AFTER_MS = 5000;
/**
 * Send This Folder's requests: the start and one poll, the agent's address, its workspace as the agent server states
 * it, the upload, the unpack, the task. 6 until the workspace read came in (issue 42: a grouped sandbox's
 * conversation works in `./<id>`, not in the agent server's folder): the right folder costs this one request.
 */
const HANDOVER_MAX_REQUESTS = 7;

/**
 * A V1 start whose task the stand-in makes READY 5 s after the POST: the requests the client sends for it, how
 * long after READY it returns (at most one poll interval, 1 s), and the requests in the 3 s after it returned.
 */
async function v1Start(): Promise<{ requests: number; afterReadyMs: number; idleRequests: number }> {
  const server = await startServerProcess(KEY, 'v1');
  try {
    await undiciFetch(`${server.url}/_test/start-tasks`, { method: 'POST', body: JSON.stringify({ readyAfterMs: READY_AFTER_MS }) });
    let requests = 0;
    const counting: FetchFunction = (url, init) => { requests++; return undiciFetch(url, init as never) as unknown as Promise<Response>; };
    const client = createClient({ baseUrl: server.url, fetch: counting, getCredential: async () => sessionCredential(KEY), timeoutMs: 10_000 }, V1);
    const started = performance.now();
    await client.createConversation({ initial_user_msg: 'Fix the failing test' });
    const afterReadyMs = performance.now() - started - READY_AFTER_MS;
    const atReady = requests;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { requests: atReady, afterReadyMs, idleRequests: requests - atReady };
  } finally {
    await server.stop();
  }
}


/** The files each entry of the build loads with it (dist/loads.json, written by scripts/build.mjs). */
const loads = JSON.parse(readFileSync('dist/loads.json', 'utf8')) as Record<string, string[]>;
/** The webview's script, once the extension has one: a file of its own, loaded by the webview. */
const WEBVIEW_SCRIPT = 'dist/webview.js';
/** What each entry's first load adds to what activation loaded, and its budget in KiB. */
const ENTRY_BUDGETS: Record<string, [what: string, budgetKiB: number]> = {
  onDemand: ['loaded on the first command', 100],
  // 100 until the Changes view's provider came here from activation (it shows only after Show Changes or its
  // restore, both of which load this bundle): activation went from 152.7 to 146.7 KiB, this from 100.5 to 106.4.
  agentWork: ['loaded on the first transcript or changes', 100],
  // With the transcript's builder it shares with agentWork.js (counted here by the rule above, loaded once).
  exportWork: ['loaded on the first Export Transcript', 16],
  chatWork: ['loaded on the first chat request or tool call', 45],
  review: ["loaded after the agent's work: comments on its diffs", 25],
  // 50 until the agent line's live session socket (after_seq resume, streamed words) and its typed refusals came in
  // (50.1 KiB with them): raised, not met.
  workApi: ["loaded on the first read of a conversation's work", 52],
  loadedLines: ['loaded at connection to a V1 or agent server: its settings and conversations adapters', 25],
  // 30 until the check's result on the row, Apply after a pass, Check Changes Again and the failures presented by the
  // shared wrapper came in (30.7 KiB with them; the problem matchers went to checkProblems.js): raised, not met.
  checkWork: ['loaded on the first Check Changes', 32],
  settingsLists: ['loaded where a server keeps LLM profiles or secrets (an agent server)', 10],
  localServerWork: ["loaded on the first local agent server command, or after activation where the server URL is its", 30],
  // Out of checkWork (30.9 KiB with it): only a task with problem matchers loads it.
  checkProblems: ['loaded on the first check of a task with problem matchers', 4],
};

/** Each shipped file (or files loaded together) against its budget in KiB, and those over it. */
function sizeRows(): { rows: Row[]; over: string[] } {
  const startup = loads.extension;
  const missing = Object.keys(loads).filter((entry) => entry !== 'extension' && !ENTRY_BUDGETS[entry]);
  if (missing.length) throw new Error(`no size budget for ${missing.join(', ')}: give each entry of scripts/bundles.json one here`);
  const budgets: [name: string, files: string[], what: string, budgetKiB: number][] = [
    // 150 until the agent-server line's detection and the views' fixes of issue 42 (a refresh that takes the server's
    // list, Filter by State's page scan, the offline note, the start follow) came in: 151.3 KiB with them, 150.5 once
    // the agent line's adapters were built at connection from workApi.js: raised, not met; to be brought back.
    ['extension', startup, 'loaded at activation', 152],
    ...Object.entries(ENTRY_BUDGETS).map(([entry, [what, budgetKiB]]): [string, string[], string, number] =>
      [entry, loads[entry].filter((file) => !startup.includes(file)), what, budgetKiB]),
    ...(existsSync(WEBVIEW_SCRIPT) ? [['webview', [WEBVIEW_SCRIPT], 'the webview script', 120] as [string, string[], string, number]] : []),
    // 150 until Send This Folder, the conversation admin (rename, delete, find) and the runtime-host rule came in
    // (162.2 KiB with them), 170 until the review of the agent's diffs (its bundle and README's screenshot) and the
    // Changes view's restore after a reload (176.3 KiB): raised, not met; bringing it back is open in issue 31.
    // 185 until the agent-server line (its adapters, its Canvas key, the walkthrough's text) and issue 42's fixes
    // (187.0 KiB with them, README 8 KB shorter): raised, not met.
    // 190 until Check Changes (its bundle, 8 KiB packed) and the local agent server (15 KiB more of the commands'
    // bundle) came in: 205.1 KiB with them. Raised, not met.
    // 210 until the agent line's session socket, LLM profiles and secrets, the local server's exit and its own
    // bundle, Check Changes' results, problem matchers and /check came in (224.5 KiB with them). Raised, not met.
    ['package', ['dist/openhands-conversations.vsix'], 'the VSIX', 230],
  ];
  const rows: Row[] = [];
  const over: string[] = [];
  for (const [name, files, what, budgetKiB] of budgets) {
    const kib = files.reduce((sum, file) => sum + statSync(file).size, 0) / 1024;
    const label = `${name}: ${files.length === 1 ? files[0] : `${files.length} files`} (${what})`;
    rows.push([label, `${kib.toFixed(1)} KiB`, `<= ${budgetKiB} KiB`]);
    if (kib > budgetKiB) over.push(`${label}: ${kib.toFixed(1)} KiB (${files.join(', ')}), budget ${budgetKiB} KiB`);
  }
  return { rows, over };
}

/** Request counts are exact (the stand-in answers at once, the client's schedule is fixed): one over its budget fails. */
/**
 * The Changes view's first listing of a process sandbox's conversation (1.11.0): `?ids=` (the agent server and its
 * key), the agent server's conversation (its workspace: `.`), one command there (the absolute folder the patch
 * route needs, and whether the workspace has an origin), the patch against HEAD (none: the server's default base
 * would be the empty tree). A refresh: `?ids=` and the patch.
 */
const REQUEST_BUDGETS = { idleHidden: 0, idleVisibleFirstMinute: 6, changesFirstListing: 4, changesListing: 2 };

/** The budget of a Conversations view's requests per minute, by the window's label: the idle ones have one. */
const idleBudgetOf = (label: string): number | undefined => (label.startsWith('hidden, nothing') ? REQUEST_BUDGETS.idleHidden
  : label.startsWith('visible, nothing') ? REQUEST_BUDGETS.idleVisibleFirstMinute : undefined);

/** The request counts against their budgets: rows, and those over. */
async function requestRows(): Promise<{ rows: Row[]; over: string[]; delays: Row[] }> {
  const polling = await conversationPolling(KEY);
  const changes = await changesListing(KEY);
  const many = await manyConversations(KEY);
  const handed = await handOverBench(KEY);
  const counted: [label: string, value: number, budget: number | undefined][] = [
    ...polling.perMinute.map((p): [string, number, number | undefined] => [`Conversations, requests/min: ${p.label} (${p.windowS} s)`, p.value, idleBudgetOf(p.label)]),
    [`Changes: requests for the first listing of ${CHANGED_FILES} files (app server + agent server; finds the workspace)`, changes.firstRequests, REQUEST_BUDGETS.changesFirstListing],
    [`Changes: requests for a refresh of the listing of ${CHANGED_FILES} files`, changes.requests, REQUEST_BUDGETS.changesListing],
    ['Send This Folder: requests from the start to the task', handed.requests, HANDOVER_MAX_REQUESTS],
  ];
  return {
    rows: [
      ...counted.map(([label, value, budget]): Row => [label, value.toFixed(value % 1 ? 1 : 0), budget === undefined ? '' : `<= ${budget}`]),
      [`Changes: ${CHANGED_FILES} changed files listed with their counts (${changes.counted} of ${changes.files} counted), median of 5`, `${changes.ms.toFixed(0)} ms`, ''],
      ...manyRows(many),
      [`Send This Folder: ${HANDOVER_FILES} files / ${(handed.folderBytes / 1e6).toFixed(0)} MB, snapshot to task sent`, `${handed.ms.toFixed(0)} ms`, '<= 5000 ms'],
      ['Send This Folder: of which the snapshot', `${handed.snapshotMs.toFixed(0)} ms`, ''],
      ['Send This Folder: bytes uploaded (the bundle)', String(handed.uploaded), ''],
      ['Send This Folder: this process\'s memory above its start (peak RSS rise)', `${handed.peakRiseMiB.toFixed(1)} MiB`, ''],
    ],
    over: [
      ...counted.filter(([, value, budget]) => budget !== undefined && value > budget).map(([label, value, budget]) => `${label}: ${value}, budget ${budget}`),
      ...manyOver(many),
    ],
    delays: polling.delaysMs.map((ms, i): Row => [`Conversations: stand-in's change to finished until the view has it (trial ${i + 1})`, `${ms.toFixed(0)} ms`, `<= ${DEFAULT_TIMING.working.maxMs} ms (one interval)`]),
  };
}

/** `--only changes`: the Changes view's listing alone, each request of its first listing printed. */
async function changesOnly(): Promise<void> {
  const changes = await changesListing(KEY);
  const counted: [label: string, value: number, budget: number][] = [
    [`Changes: requests for the first listing of ${CHANGED_FILES} files`, changes.firstRequests, REQUEST_BUDGETS.changesFirstListing],
    [`Changes: requests for a refresh of the listing of ${CHANGED_FILES} files`, changes.requests, REQUEST_BUDGETS.changesListing],
  ];
  print([
    ...counted.map(([label, value, budget]): Row => [label, String(value), `<= ${budget}`]),
    [`Changes: ${CHANGED_FILES} changed files listed with their counts (${changes.counted} of ${changes.files} counted), median of 5`, `${changes.ms.toFixed(0)} ms`, ''],
  ]);
  changes.firstLog.forEach((request, i) => console.log(`  first listing, request ${i + 1}: ${request}`));
  const over = counted.filter(([, value, budget]) => value > budget);
  for (const [label, value, budget] of over) console.error(`over its request budget: ${label}: ${value}, budget ${budget}`);
  if (over.length) process.exitCode = 1;
}

/** `--only requests`: the request counts alone (a few minutes, no build needed). */
async function requestsOnly(): Promise<void> {
  const requests = await requestRows();
  print([...requests.rows, ...requests.delays]);
  for (const line of requests.over) console.error(`over its request budget: ${line}`);
  if (requests.over.length) process.exitCode = 1;
}

async function main(): Promise<void> {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  if (only === 'requests') return requestsOnly();
  if (only === 'changes') return changesOnly();
  if (only === 'overhead') return print(overheadRows(await clientOverhead(undiciFetch as unknown as FetchFunction), UNDICI_UNDER_NODE));
  if (only === 'check') return print(copyRows(await checkCopyBench()));
  if (only === 'agent-polling') return agentPollingOnly();
  const sizes = sizeRows();
  const overhead = await clientOverhead(undiciFetch as unknown as FetchFunction);
  const tree = await treeBuild();
  const growth = await heapGrowth();
  const start = await v1Start();
  const requests = await requestRows();
  const load = bundleLoadMs();
  const copy = await checkCopyBench();
  const rows: Row[] = [
    ...sizes.rows,
    [`activation: require of ${loads.extension.length} files before activate() (fresh Node, vscode stubbed), median of 20`, `${load.toFixed(1)} ms`, '<= 20 ms'],
    ...overheadRows(overhead, UNDICI_UNDER_NODE),
    ['settings tree build, median of 1000', `${tree.toFixed(4)} ms`, '<= 1 ms'],
    ['heap growth over 1000 client calls (after warm-up)', `${(growth / 1024).toFixed(0)} KiB`, '<= 2048 KiB'],
    [`V1 start, READY after ${READY_AFTER_MS / 1000} s: requests (POST + polls)`, String(start.requests), ''],
    ['V1 start: from READY on the server to the client returning', `${start.afterReadyMs.toFixed(0)} ms`, '<= 1000 ms'],
    ['V1 start: requests in the 3 s after it returned (idle)', String(start.idleRequests), '0'],
    ...requests.rows,
    ...requests.delays,
    ...copyRows(copy),
  ];
  print(rows);
  for (const line of sizes.over) console.error(`over its size budget: ${line}`);
  for (const line of requests.over) console.error(`over its request budget: ${line}`);
  if (sizes.over.length || requests.over.length) process.exitCode = 1;
}

/**
 * The agent-server line's idle requests, against the real server scripts/openhands/bench-agent.sh started (its URL and
 * key in OPENHANDS_URL and OPENHANDS_API_KEY): the same budgets as the other lines; one over fails.
 */
async function agentPollingOnly(): Promise<void> {
  const { OPENHANDS_URL: url, OPENHANDS_API_KEY: key } = process.env;
  if (!url || !key) throw new Error('--only agent-polling needs OPENHANDS_URL and OPENHANDS_API_KEY (scripts/openhands/bench-agent.sh sets them)');
  const figures = await agentLinePolling(url, key);
  const delays = await agentEventDelays(url, key);
  const counted = figures.perMinute.map((p) => ({ label: `Agent server ${figures.version}, Conversations requests/min: ${p.label} (${p.windowS} s, no conversations)`, value: p.value, budget: idleBudgetOf(p.label) }));
  print([
    ...counted.map(({ label, value, budget }): Row => [label, value.toFixed(value % 1 ? 1 : 0), budget === undefined ? '' : `<= ${budget}`]),
    [`Agent server ${figures.version}: an event made during a run until the client has it over the session socket, median of ${delays.length}`, `${median(delays).toFixed(0)} ms`, '<= 1000 ms'],
    [`Agent server ${figures.version}: the same, slowest`, `${Math.max(...delays).toFixed(0)} ms`, ''],
  ]);
  const over = counted.filter(({ value, budget }) => budget !== undefined && value > budget);
  for (const { label, value, budget } of over) console.error(`over its request budget: ${label}: ${value}, budget ${budget}`);
  if (over.length) process.exitCode = 1;
}

/** Check Changes' copy, the product's way first, then the ways it was measured against (bench/checkCopy.ts). */
function copyRows(copy: CopyFigures): Row[] {
  const what = `Check Changes: a copy of a ${COPY_FILES}-file repository with the agent's patch, made and removed, median of 9`;
  return [
    [`${what}: clone --shared, parallel checkout (the product's)`, `${copy.shared.toFixed(0)} ms`, '<= 2000 ms'],
    [`${what}: clone --shared, serial checkout (its steps alone)`, `${copy.sharedSerial.toFixed(0)} ms`, ''],
    [`${what}: clone --shared, read-tree + checkout-index`, `${copy.sharedReadTree.toFixed(0)} ms`, ''],
    [`${what}: clone --local`, `${copy.local.toFixed(0)} ms`, ''],
    [`${what}: git archive | tar (no repository)`, `${copy.archive.toFixed(0)} ms`, ''],
    [`${what}: hard-link copy of the folder (unsafe)`, `${copy.hardlinks.toFixed(0)} ms`, ''],
    [`${what}: a copy of the folder's files`, `${copy.files.toFixed(0)} ms`, ''],
  ];
}

function manyRows(many: ManyFigures): Row[] {
  return [
    [`Conversations, ${MANY}: the view's first page, median of 5`, `${many.firstPageMs.toFixed(0)} ms`, '<= 300 ms'],
    [`Conversations, ${MANY}: requests for the first page`, String(many.firstPageRequests), '<= 1'],
    [`Conversations, ${MANY}: Find, requests for one pause in typing (the count)`, String(many.countRequests), '<= 1'],
    [`Conversations, ${MANY}: Find, requests on Enter (the search; ${many.matches} match)`, String(many.searchRequests), '<= 1'],
    [`Conversations, ${MANY}: Find, the search on Enter`, `${many.searchMs.toFixed(0)} ms`, ''],
    [`Conversations, ${MANY}: Load More to the last page (${many.listed} listed): requests`, String(many.loadAllRequests), `${MANY / PAGE_SIZE}`],
    [`Conversations, ${MANY}: Load More to the last page`, `${many.loadAllMs.toFixed(0)} ms`, ''],
    [`Conversations, ${MANY}: requests in the first minute visible, nothing running`, many.visiblePerMinute.toFixed(0), '<= 6'],
  ];
}

/** The request counts that have a budget: each a fixed number for the same action, so one over it is a defect. */
function manyOver(many: ManyFigures): string[] {
  const checks: [string, number, number][] = [
    ['first page', many.firstPageRequests, 1], ['Find count per pause', many.countRequests, 1], ['Find search on Enter', many.searchRequests, 1],
    ['Load More to the last page', many.loadAllRequests, MANY / PAGE_SIZE], ['every conversation listed', MANY - many.listed, 0],
    ['first minute visible, nothing running', many.visiblePerMinute, 6],
  ];
  return checks.filter(([, value, budget]) => value > budget).map(([what, value, budget]) => `${what}: ${value}, budget ${budget}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
