// An OpenHands Cloud API key, against a stand-in that takes the key only as `Authorization: Bearer <key>` and
// refuses X-Session-API-Key, as the Cloud documents (no real Cloud is reachable from the test machines): set as a
// Cloud key it is kept with its kind and sent only as a Bearer token; the same key set as a session key goes only
// in X-Session-API-Key and is refused.
import * as assert from 'node:assert/strict';
import { secretFor } from '../../harness/context';
import { describeRequests, settledCount } from '../../harness/requests';
import { waitForState } from '../../harness/host/settingsSupport';
import { e2eContext, testingApi, useServer } from '../../harness/host/support';
import { startContractServer, type ContractServer, type RecordedRequest } from '../../../support/standin/contractServer';

const apiRequests = (server: ContractServer, from: number) => server.requests.slice(from).filter((r) => r.path.startsWith('/api/'));
const keyHeaders = (r: RecordedRequest) => ({ authorization: r.headers.authorization, session: r.headers['x-session-api-key'] });

describe('an OpenHands Cloud API key (a Bearer-only stand-in)', function () {
  this.timeout(60_000);
  const cloudKey = secretFor('cloud');
  let cloud: ContractServer;

  before(async () => {
    cloud = await startContractServer({ api: 'v1', auth: 'bearer', sessionApiKey: cloudKey });
    await useServer(cloud.url);
  });

  after(async () => {
    await useServer(e2eContext().contractUrl);
    await waitForState('connected').catch(() => undefined);
    await cloud.close();
  });

  it('set as a Cloud key: kept with its kind, sent only as a Bearer token, the settings load and the first save succeed', async () => {
    const { setApiKey, getStoredCredential, settings } = await testingApi();
    // Requests the earlier step set going (a view's list on the state it left) still carry its key: counted out.
    const from = await settledCount(() => cloud.requests);
    assert.equal(await setApiKey(cloudKey, 'cloud'), true);
    assert.deepEqual(await getStoredCredential(cloud.url), { kind: 'cloud', key: cloudKey });
    await waitForState('noSettings');
    assert.equal(await settings.storeFirstSettings({ llm_model: 'openai/gpt-4o', llm_api_key: secretFor('cloud-llm') }), true);
    await waitForState('connected');
    const sent = apiRequests(cloud, from);
    assert.ok(sent.some((r) => r.method === 'POST'), `no save reached the stand-in: ${describeRequests(sent)}`);
    for (const request of sent) {
      assert.deepEqual(keyHeaders(request), { authorization: `Bearer ${cloudKey}`, session: undefined }, `${request.method} ${request.path}`);
      assert.notEqual(request.status, 401, `${request.method} ${request.path} refused`);
    }
  });

  it('the same key set as a session key goes only in X-Session-API-Key, and the Bearer-only server refuses it: the 401 state', async () => {
    const { setApiKey, getStoredCredential } = await testingApi();
    // Requests the earlier step set going (a view's list on the state it left) still carry its key: counted out.
    const from = await settledCount(() => cloud.requests);
    assert.equal(await setApiKey(cloudKey), true);
    assert.deepEqual(await getStoredCredential(cloud.url), { kind: 'session', key: cloudKey });
    await waitForState('unauthorized');
    const sent = apiRequests(cloud, from);
    assert.ok(sent.length > 0, 'nothing reached the stand-in');
    for (const request of sent) {
      assert.deepEqual(keyHeaders(request), { authorization: undefined, session: cloudKey }, `${request.method} ${request.path}`);
      assert.equal(request.status, 401, `${request.method} ${request.path}`);
    }
  });
});
