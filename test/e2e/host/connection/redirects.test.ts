// A server that redirects every /api request to another origin (a listener on 127.0.0.2 that records whatever
// reaches it), with each of 301, 302, 303, 307 and 308: loading the settings, saving a setting, the first save
// with the LLM key in its body, and starting a conversation each end in the typed error, shown to the person
// (the error presenter logs what it shows), and the listener's record stays empty: no key header, no body.
// Both API lines: the run's V0 stand-in, and a V1 one (OpenHands 1.x) started here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../../../src/vscode/platform/ids';
import { secretFor } from '../../../support/e2e/context';
import { settledCount } from '../../../support/e2e/requests';
import { SEEDED_SETTINGS } from '../../../support/fixtures/settingsFixture';
import { folderOutsideGit } from '../../../support/host/gitRepos';
import { waitForLogLine } from '../../../support/host/outputLog';
import { connectTo, waitForState } from '../../../support/host/settingsSupport';
import { contract, e2eContext, elsewhereRequests, testingApi } from '../../../support/host/support';
import { startContractServer, type ContractServer, type Fault, type RecordedRequest } from '../../../support/standin/contractServer';

/** The server under test, as the suite needs it: its recorded requests and its faults. */
interface Target {
  requests(): Promise<RecordedRequest[]>;
  setFault(fault: Fault | null): Promise<unknown> | void;
  readonly settingsPath: string;
  readonly startPath: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The line the error presenter logs for the redirect of `method path` with `status`, once it is shown. */
const shown = (status: number, method: string, apiPath: string) => waitForLogLine(new RegExp(
  `answered ${method} ${escape(apiPath)} with HTTP ${status}, pointing to ${escape(e2eContext().elsewhereUrl + apiPath)}, another server\\. Nothing was sent there`));

/** Runs an operation whose error message waits for the person, waits until it shows, then dismisses it. */
async function shownAndDismissed<T>(operation: Thenable<T>, status: number, method: string, apiPath: string): Promise<T> {
  await shown(status, method, apiPath);
  await vscode.commands.executeCommand('notifications.clearAll');
  return operation;
}

/** The requests the stand-in got since `from` carried the key: they went to the server it was set for. */
async function keyOnlyToItsServer(target: Target, from: number): Promise<void> {
  const got = (await target.requests()).slice(from);
  assert.ok(got.length > 0 && got.every((r) => r.headers['x-session-api-key'] === e2eContext().sessionApiKey), 'the stand-in got no keyed request');
  assert.deepEqual(elsewhereRequests(), [], 'a request reached the other origin');
}

const v0: Target = { requests: () => contract.requests(), setFault: (fault) => contract.setFault(fault), settingsPath: '/api/settings', startPath: '/api/conversations' };

describe('a server that redirects to another origin (redirects)', function () {
  this.timeout(90_000);
  let outside: string;

  before(() => { outside = folderOutsideGit(); });
  beforeEach(() => connectTo(SEEDED_SETTINGS, 'connected'));
  afterEach(async () => {
    await contract.setFault(null);
    await vscode.commands.executeCommand('notifications.clearAll');
  });
  after(() => fs.rmSync(outside, { recursive: true, force: true }));

  for (const status of [301, 302, 303, 307, 308]) it(title(status), () => everyOperation(v0, status, outside));
});

describe('a V1 server that redirects to another origin (redirects)', function () {
  this.timeout(90_000);
  let outside: string;
  let server: ContractServer;
  let v1: Target;
  const useServer = (url: string) => vscode.workspace.getConfiguration('openhands').update('serverUrl', url, vscode.ConfigurationTarget.Global);

  before(async () => {
    outside = folderOutsideGit();
    server = await startContractServer({ api: 'v1', sessionApiKey: e2eContext().sessionApiKey });
    v1 = { requests: () => Promise.resolve(server.requests), setFault: (fault) => server.setFault(fault), settingsPath: '/api/v1/settings', startPath: '/api/v1/app-conversations' };
    await useServer(server.url);
  });
  beforeEach(async () => {
    server.setFault(null);
    const { setApiKey, settings } = await testingApi();
    await setApiKey(e2eContext().sessionApiKey);
    await settings.refresh(true);
    if (!settings.settings) await settings.storeFirstSettings({ llm_model: 'openai/gpt-4o', llm_api_key: secretFor('v1-llm') });
    await waitForState('connected');
  });
  afterEach(async () => {
    server.setFault(null);
    await vscode.commands.executeCommand('notifications.clearAll');
  });
  after(async () => {
    await useServer(e2eContext().contractUrl);
    await server.close();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  for (const status of [301, 302, 303, 307, 308]) it(title(status), () => everyOperation(v1, status, outside));
});

function title(status: number): string {
  return `${status}: load, save, first save and start conversation all end in the typed error; nothing reaches the other origin`;
}

async function everyOperation(target: Target, status: number, outside: string): Promise<void> {
  const { settings, startConversation } = await testingApi();
  await target.setFault({ status, redirectTo: e2eContext().elsewhereUrl, pathPrefix: '/api' });
  let from = await settledCount(target.requests);

  await vscode.commands.executeCommand(Command.RefreshSettings);
  await waitForState('error');
  await shown(status, 'GET', target.settingsPath);
  await keyOnlyToItsServer(target, from);

  from = await settledCount(target.requests);
  assert.equal(await settings.edit('language', 'de', 'Language'), false);
  assert.match(settings.message ?? '', new RegExp(`Language not saved\\. .*HTTP ${status}, pointing to ${escape(e2eContext().elsewhereUrl)}`));
  await keyOnlyToItsServer(target, from);

  from = await settledCount(target.requests);
  const llmKey = secretFor(`redirected-llm-${status}`);
  assert.equal(await shownAndDismissed(settings.storeFirstSettings({ llm_model: 'openai/gpt-4o', llm_api_key: llmKey }), status, 'POST', target.settingsPath), false);
  const posted = (await target.requests()).slice(from).filter((r) => r.method === 'POST');
  assert.ok(posted.length === 1 && posted[0]!.body.includes(llmKey), 'the first save did not reach the stand-in with its key');
  await keyOnlyToItsServer(target, from);

  from = await settledCount(target.requests);
  const file = vscode.Uri.file(path.join(outside, 'notes.md'));
  fs.writeFileSync(file.fsPath, '# notes\n');
  const started = startConversation(file, `Redirected ${status}`);
  assert.equal(await shownAndDismissed(started, status, 'POST', target.startPath), undefined);
  await keyOnlyToItsServer(target, from);
}
