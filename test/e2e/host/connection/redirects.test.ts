// A server that redirects every /api request to another origin (a listener on 127.0.0.2 that records whatever
// reaches it), with each of 301, 302, 303, 307 and 308: loading the settings, saving a setting, the first save
// with the LLM key in its body, and starting a conversation each end in the typed error, shown to the person
// (the error presenter logs what it shows), and the listener's record stays empty: no key header, no body.
// Against both API lines' stand-ins.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../../../src/vscode/platform/ids';
import { secretFor } from '../../harness/context';
import { settledCount } from '../../harness/requests';
import { SEEDED_SETTINGS } from '../../../support/fixtures/settingsFixture';
import { folderOutsideGit } from '../../harness/host/gitRepos';
import { logLines, waitForLogLine } from '../../harness/host/outputLog';
import { connectTo, waitForState } from '../../harness/host/settingsSupport';
import { describeOnEachLine, e2eContext, elsewhereRequests, testingApi, type StandIn } from '../../harness/host/support';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The line the error presenter logs for the redirect of `method path` with `status`, once it is shown. */
const shownLine = (status: number, method: string, apiPath: string) => new RegExp(
  `answered ${method} ${escape(apiPath)} with HTTP ${status}, pointing to ${escape(e2eContext().elsewhereUrl + apiPath)}, another server\\. Nothing was sent there`);
const shown = (status: number, method: string, apiPath: string) => waitForLogLine(shownLine(status, method, apiPath));

/**
 * Runs an operation whose error message waits for the person, waits until it shows, then dismisses it. An
 * earlier identical line does not count (on V1 an edit fails on the same POST as the first save after it).
 */
async function shownAndDismissed<T>(operation: () => Thenable<T>, status: number, method: string, apiPath: string): Promise<T> {
  const pattern = shownLine(status, method, apiPath);
  const seen = logLines(pattern).length;
  const running = operation();
  await waitForLogLine(pattern, seen);
  await vscode.commands.executeCommand('notifications.clearAll');
  return running;
}

/** The requests the stand-in got since `from` carried the key: they went to the server it was set for. */
async function keyOnlyToItsServer(server: StandIn, from: number): Promise<void> {
  const got = (await server.requests()).slice(from);
  assert.ok(got.length > 0 && got.every((r) => r.headers['x-session-api-key'] === e2eContext().sessionApiKey), 'the stand-in got no keyed request');
  assert.deepEqual(elsewhereRequests(), [], 'a request reached the other origin');
}

describeOnEachLine('a server that redirects to another origin (redirects)', (server) => {
  let outside: string;

  before(() => { outside = folderOutsideGit(); });
  beforeEach(() => connectTo(SEEDED_SETTINGS, 'connected', server));
  afterEach(async () => {
    await server.setFault(null);
    await vscode.commands.executeCommand('notifications.clearAll');
  });
  after(() => fs.rmSync(outside, { recursive: true, force: true }));

  for (const status of [301, 302, 303, 307, 308]) {
    it(`${status}: load, save, first save and start conversation all end in the typed error; nothing reaches the other origin`, async () => {
      const { settings, startConversation } = await testingApi();
      await server.setFault({ status, redirectTo: e2eContext().elsewhereUrl, pathPrefix: '/api' });
      let from = await settledCount(server.requests);

      await vscode.commands.executeCommand(Command.RefreshSettings);
      await waitForState('error');
      await shown(status, 'GET', server.settingsPath);
      await keyOnlyToItsServer(server, from);

      from = await settledCount(server.requests);
      assert.equal(await settings.edit('language', 'de', 'Language'), false);
      assert.match(settings.message ?? '', new RegExp(`Language not saved\\. .*HTTP ${status}, pointing to ${escape(e2eContext().elsewhereUrl)}`));
      await keyOnlyToItsServer(server, from);

      from = await settledCount(server.requests);
      const llmKey = secretFor(`redirected-llm-${status}`);
      // V0 replaces the whole object, so its first save reads what the server has first, and that read is what gets
      // redirected; V1 sends the change alone, with the key.
      const firstSent = server.line === 'v0' ? 'GET' : 'POST';
      assert.equal(await shownAndDismissed(() => settings.storeFirstSettings({ llm_model: 'openai/gpt-4o', llm_api_key: llmKey }), status, firstSent, server.settingsPath), false);
      const posted = (await server.requests()).slice(from).filter((r) => r.method === 'POST');
      assert.equal(posted.filter((r) => r.body.includes(llmKey)).length, firstSent === 'POST' ? 1 : 0, 'the first save reached the stand-in as it should');
      await keyOnlyToItsServer(server, from);

      from = await settledCount(server.requests);
      const file = vscode.Uri.file(path.join(outside, 'notes.md'));
      fs.writeFileSync(file.fsPath, '# notes\n');
      assert.equal(await shownAndDismissed(() => startConversation(file, `Redirected ${status}`), status, 'POST', server.startPath), undefined);
      await keyOnlyToItsServer(server, from);
    });
  }
}, 90_000);
