// Shared by the extension-host suites: the run's context, the extension under test, the contract
// server's control routes (it runs in the harness process; the extension host reaches it over HTTP).
import * as vscode from 'vscode';
import type { TestingApi } from '../../../../src/testingApi';
import type { Fault, ProviderTokenSeed, RecordedRequest, StartTaskTiming } from '../../../support/standin/contractServer';
import { E2E_LINES, LINE_PATHS, type E2eLine } from '../contract';
import { normalizeServerUrl } from '../../../../src/core/connection/serverUrl';
import { readE2eContext, type E2eContext } from '../context';
import { readElsewhereRecord, type ElsewhereRequest } from '../elsewhere';

export const EXTENSION_ID = 'openhands-conversations.openhands-conversations';

let cached: E2eContext | undefined;
export function e2eContext(): E2eContext {
  cached ??= readE2eContext();
  return cached;
}

/** The contract server's URL in the form the extension keys its secrets by. */
export function serverUrl(): string {
  const result = normalizeServerUrl(e2eContext().contractUrl);
  if (!result.ok) throw new Error(result.problem);
  return result.url;
}

export function ourExtension(): vscode.Extension<{ testing?: TestingApi }> {
  const extension = vscode.extensions.getExtension<{ testing?: TestingApi }>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded in this extension host`);
  return extension;
}

/** What the extension exports in ExtensionMode.Test, to look into its SecretStorage. */
export async function testingApi(): Promise<TestingApi> {
  const api = await ourExtension().activate();
  if (!api?.testing) throw new Error('the extension exports no `testing` API (is it running in ExtensionMode.Test?)');
  return api.testing;
}

async function control(baseUrl: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body) };
  const response = await fetch(`${baseUrl}/_test/${route}`, init);
  if (!response.ok) throw new Error(`${method} /_test/${route}: HTTP ${response.status}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** One of the run's stand-ins, through its control routes (see test/support/standin/control.ts). */
export interface StandIn {
  readonly line: E2eLine;
  readonly url: string;
  /** The routes of the settings and of a conversation's start on this line. */
  readonly settingsPath: string;
  readonly startPath: string;
  requests(): Promise<RecordedRequest[]>;
  reset(): Promise<unknown>;
  /** What the server stored, secrets in clear (V0's flat object, V1's nested one); null before the first save. */
  storedSettings(): Promise<Record<string, unknown> | null>;
  /** Faults of the next /api requests (null clears); see Fault in test/support/standin/contractServer.ts. */
  setFault(fault: Fault | null): Promise<unknown>;
  /** Git provider tokens as POST /api/add-git-providers would store them (replaces all). */
  seedProviderTokens(tokens: Record<string, ProviderTokenSeed>): Promise<unknown>;
  setStartTaskTiming(timing: StartTaskTiming): Promise<unknown>;
}

export function standIn(line: E2eLine): StandIn {
  const url = () => (line === 'v1' ? e2eContext().v1ContractUrl : e2eContext().contractUrl);
  const call = (method: string, route: string, body?: unknown) => control(url(), method, route, body);
  return {
    line,
    get url() { return url(); },
    ...LINE_PATHS[line],
    requests: async () => (await call('GET', 'requests')) as RecordedRequest[],
    reset: () => call('POST', 'reset'),
    storedSettings: async () => (await call('GET', 'stored-settings')) as Record<string, unknown> | null,
    setFault: (fault) => call('POST', 'fault', fault),
    seedProviderTokens: (tokens) => call('POST', 'provider-tokens', tokens),
    setStartTaskTiming: (timing) => call('POST', 'start-tasks', timing),
  };
}

/** The run's V0 stand-in, which the extension is pointed at unless a suite points it elsewhere. */
export const contract = standIn('v0');

/** Points the extension at `url` and waits until its connection layer took the change (a key set next goes there). */
export async function useServer(url: string): Promise<void> {
  await vscode.workspace.getConfiguration('openhands').update('serverUrl', url, vscode.ConfigurationTarget.Global);
  const expected = normalizeServerUrl(url);
  const { session } = await testingApi();
  const deadline = Date.now() + 10_000;
  while (expected.ok && session.serverUrl !== expected.url) {
    if (Date.now() > deadline) throw new Error(`the extension did not take the server URL ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs `suite` once per API line (a matrix), the extension pointed at that line's stand-in for its duration and
 * at the run's V0 stand-in again after it. Cases that cannot apply to a line are skipped there, saying why.
 */
export function describeOnEachLine(title: string, suite: (server: StandIn) => void, timeoutMs?: number): void {
  for (const line of E2E_LINES) {
    describe(`${title} (${line})`, function () {
      if (timeoutMs !== undefined) this.timeout(timeoutMs);
      const server = standIn(line);
      if (line !== 'v0') {
        before(() => useServer(server.url));
        after(() => useServer(e2eContext().contractUrl));
      }
      suite(server);
    });
  }
}

/** What reached the listener at another origin (127.0.0.2; see e2e/elsewhere.ts): it must stay empty. */
export function elsewhereRequests(): ElsewhereRequest[] {
  return readElsewhereRecord(e2eContext().elsewhereRecord);
}

/** `it` where the case applies to `server`'s line; on `skipOn` a skipped case whose title says why it cannot apply. */
export function itExceptOn(server: StandIn, skipOn: E2eLine, why: string) {
  return (title: string, test: Mocha.AsyncFunc): Mocha.Test =>
    server.line === skipOn ? it.skip(`${title} (not on ${skipOn}: ${why})`) : it(title, test);
}
