// A key set at once after Change Server URL, as a person does it from the palette: the second command runs while
// the first is still writing the setting (code-server writes the remote settings file, which takes a while on a
// busy machine). The key must be stored for the new URL, and the panel end connected; the keyless first load of
// the new URL (held by the server until after the key is set) is cancelled and never decides the state. Before
// the session took the URL ahead of the write, the key went to the old URL: the UI scenarios' "no API key" panel.
import * as assert from 'node:assert/strict';
import { settledCount } from '../../harness/requests';
import { SEEDED_SETTINGS, seedSettings } from '../../../support/fixtures/settingsFixture';
import { waitForState } from '../../harness/host/settingsSupport';
import { e2eContext, standIn, testingApi, useServer } from '../../harness/host/support';
import { startContractServer, type ContractServer } from '../../../support/standin/contractServer';

describe('a key set at once after Change Server URL (urlThenKey)', function () {
  this.timeout(60_000);
  const started: ContractServer[] = [];

  after(async () => {
    await useServer(e2eContext().contractUrl);
    await waitForState('connected').catch(() => undefined);
    await Promise.all(started.map((s) => s.close()));
  });

  for (const line of ['v0', 'v1'] as const) {
    it(`${line}: the key is stored for the new URL and the panel connects`, async () => {
      const key = e2eContext().sessionApiKey;
      const server = await startContractServer({ api: line, sessionApiKey: key }); // a new URL: no key stored for it
      started.push(server);
      await seedSettings(server.url, key, SEEDED_SETTINGS, line);
      server.setFault({ delayMs: 2000, times: 1, pathPrefix: standIn(line).settingsPath }); // the first load held
      const { changeServerUrl, setApiKey, session, getStoredCredential } = await testingApi();

      const switching = changeServerUrl(server.url); // not awaited: the person's next command does not wait either
      assert.equal(await setApiKey(key), true);
      assert.equal(await switching, true);

      const stored = await getStoredCredential(server.url);
      // Compared without printing: a failure's diff would put the key in the run's output.
      assert.ok(stored?.kind === 'session' && stored.key === key, 'the key was not stored for the new URL');
      await waitForState('connected');
      await settledCount(() => server.requests);
      assert.equal(session.state, 'connected', 'a load started before the key decided the state');
    });
  }
});
