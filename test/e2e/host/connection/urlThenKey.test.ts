// A key set at once after Change Server URL (its keyless first load held by the server until after the key is
// set): the key is stored for the new URL and the panel ends connected; the superseded load is cancelled and its
// answer never decides the state. A regression test of the scenario: it passes on main too, and did not reproduce
// the Cloud scenario's once-a-run failure (see the commit log).
import * as assert from 'node:assert/strict';
import { settledCount } from '../../../support/e2e/requests';
import { SEEDED_SETTINGS, seedSettings } from '../../../support/fixtures/settingsFixture';
import { waitForState } from '../../../support/host/settingsSupport';
import { e2eContext, standIn, testingApi, useServer } from '../../../support/host/support';
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

      assert.equal(await changeServerUrl(server.url), true);
      assert.equal(await setApiKey(key), true);

      assert.deepEqual(await getStoredCredential(server.url), { kind: 'session', key }, 'the key was not stored for the new URL');
      await waitForState('connected');
      await settledCount(() => server.requests);
      assert.equal(session.state, 'connected', 'a load started before the key decided the state');
    });
  }
});
