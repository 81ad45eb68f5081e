// Shared by the extension-host suites: the run's context, the extension under test, the contract
// server's control routes (it runs in the harness process; the extension host reaches it over HTTP).
import * as vscode from 'vscode';
import type { TestingApi } from '../../../src/extension';
import { normalizeServerUrl } from '../../../src/core/serverUrl';
import { readE2eContext, type E2eContext } from '../harness/context';

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

/** A request as the contract server recorded it (GET /_test/requests). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
  time: string;
}

async function control(method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${e2eContext().contractUrl}/_test/${route}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /_test/${route}: HTTP ${response.status}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** The contract server's control routes. */
export const contract = {
  requests: async () => (await control('GET', 'requests')) as RecordedRequest[],
  reset: () => control('POST', 'reset'),
};

export function header(request: RecordedRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Polls `probe` until it returns something other than undefined. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
