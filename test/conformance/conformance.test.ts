// The conformance suite: the same checks against the real OpenHands 0.54.0 server and against our contract
// server, expecting the answers recorded in OBSERVED.md. One file, so the checks run in this order (the later
// ones depend on what the earlier ones saved); the suites live in the *.suite.ts files beside it.
//
//   eval "$(scripts/openhands/start.sh)"        # a fresh real server; sets CONFORMANCE_BASE_URL/_API_KEY
//   npm run compile-tests && node scripts/run-node-tests.mjs conformance
//   scripts/openhands/stop.sh
// or all of it: scripts/openhands/conformance.sh. Environment: see target.ts.
import { describe, it } from 'node:test';
import { authSuite } from './auth.suite';
import { conversationsSuite } from './conversations.suite';
import { freshSuite, RunState } from './fresh.suite';
import { httpSuite, rateLimitSuite } from './http.suite';
import { settingsSuite } from './settings.suite';
import { Client, targetFromEnv } from './target';
import { validationSuite } from './validation.suite';

const target = targetFromEnv();

if (!target) {
  describe('conformance', () => {
    it('needs CONFORMANCE_BASE_URL (and CONFORMANCE_API_KEY): see scripts/openhands/conformance.sh', (t) => {
      t.skip('CONFORMANCE_BASE_URL is not set');
    });
  });
} else {
  const client = new Client(target);
  const state: RunState = { fresh: false };
  describe(`conformance of ${target.baseUrl}`, () => {
    authSuite(client);
    freshSuite(client, state);
    settingsSuite(client);
    validationSuite(client);
    conversationsSuite(client, state);
    httpSuite(client);
    rateLimitSuite(client);
  });
}
