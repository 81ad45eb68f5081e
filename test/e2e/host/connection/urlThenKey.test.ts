// A key set at once after Change Server URL: the key goes to the new server and the panel connects. The setting's
// change event can reach the extension after Change Server URL wrote it (code-server watches the remote settings
// file); a key set in that gap went to the old server, and the panel of the new one stayed at "no API key" with
// the key "saved". The keyless load of the new URL is also held by the server until after the key is set: a
// change of key cancels it, and its answer never decides the state.
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
