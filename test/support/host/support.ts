// Shared by the extension-host suites: the run's context, the extension under test, the contract
// server's control routes (it runs in the harness process; the extension host reaches it over HTTP).
import * as vscode from 'vscode';
import type { TestingApi } from '../../../src/extension';
import type { Fault, ProviderTokenSeed, RecordedRequest } from '../standin/contractServer';
import { normalizeServerUrl } from '../../../src/core/connection/serverUrl';
import { readE2eContext, type E2eContext } from '../e2e/context';
import { readElsewhereRecord, type ElsewhereRequest } from '../e2e/elsewhere';

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

async function control(method: string, route: string, body?: unknown): Promise<unknown> {
  const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body) };
  const response = await fetch(`${e2eContext().contractUrl}/_test/${route}`, init);
  if (!response.ok) throw new Error(`${method} /_test/${route}: HTTP ${response.status}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** The contract server's control routes (GET /_test/requests etc.; see test/server/control.ts). */
export const contract = {
  requests: async () => (await control('GET', 'requests')) as RecordedRequest[],
  reset: () => control('POST', 'reset'),
  /** What the server stored, secrets in clear; null before the first save. */
  storedSettings: async () => (await control('GET', 'stored-settings')) as Record<string, unknown> | null,
  /** Faults of the next /api requests (null clears); see Fault in test/server/contractServer.ts. */
  setFault: (fault: Fault | null) => control('POST', 'fault', fault),
  /** Git provider tokens as POST /api/add-git-providers would store them (replaces all). */
  seedProviderTokens: (tokens: Record<string, ProviderTokenSeed>) => control('POST', 'provider-tokens', tokens),
};

/** What reached the listener at another origin (127.0.0.2; see e2e/elsewhere.ts): it must stay empty. */
export function elsewhereRequests(): ElsewhereRequest[] {
  return readElsewhereRecord(e2eContext().elsewhereRecord);
}
