// The V1 conformance suites (test/conformance/v1*.suite.ts) against an in-process stand-in in each V1 setting, and
// the mixed line's (mixed.suite.ts) against --api mixed, so that `npm run test:unit` holds the stand-in to what the
// real 1.11.0 and 1.6.0 answered without a Python server.
import { after, before, describe } from 'node:test';
import { type ContractServer, startContractServer } from '../support/standin/contractServer';
import { mixedSuites } from '../conformance/mixed.suite';
import { type ApiLine, Client, type Target } from '../conformance/target';
import { v1AuthSuite } from '../conformance/v1Auth.suite';
import { v1ConversationListSuite } from '../conformance/conversationList.suite';
import { v1ConversationsSuite } from '../conformance/v1Conversations.suite';
import { v1FinishSuite } from '../conformance/v1Finish.suite';
import { v1WorkSuite } from '../conformance/v1Work.suite';
import { type V1RunState, v1PoisonSuite, v1SettingsSuite } from '../conformance/v1Settings.suite';

function standIn(name: string, bearer: boolean, api: Exclude<ApiLine, 'agent'> = 'v1'): Target {
  let server: ContractServer | undefined;
  before(async () => {
    server = await startContractServer({ api, sessionApiKey: 'v1-key', auth: bearer ? 'bearer' : 'session', controlApi: true });
  });
  after(() => server?.close());
  const target: Target = {
    name, apiKey: 'v1-key', allowsConversationId: false, rateLimited: false, rateLimitOnly: false, api, bearer, control: true,
    get baseUrl() {
      if (!server) throw new Error('not started');
      return server.url;
    },
  };
  return target;
}

describe('stand-in --api v1: the V1 conformance suites', { concurrency: false }, () => {
  const client = new Client(standIn('v1', false));
  const state: V1RunState = { fresh: false };
  v1AuthSuite(client);
  v1SettingsSuite(client, state);
  v1ConversationsSuite(client);
  v1ConversationListSuite(client);
  v1FinishSuite(client);
  v1WorkSuite(client);
  v1PoisonSuite(client, state);
});

describe('stand-in --api v1 --auth bearer: the key checks', { concurrency: false }, () => {
  v1AuthSuite(new Client(standIn('bearer', true)));
});

describe('stand-in --api mixed: the mixed line\'s suites', { concurrency: false }, () => {
  mixedSuites(new Client(standIn('mixed', false, 'mixed')));
});
