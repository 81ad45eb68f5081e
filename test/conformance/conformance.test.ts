// The conformance suite: the same checks against the real OpenHands servers and against our contract server:
// 0.54.0 and the stand-in's --api v0 for the V0 suites (answers recorded in OBSERVED.md), 1.11.0 and --api v1 for
// the V1 suites (v1*.suite.ts), 1.6.0 and --api mixed for the mixed line's: the V0 settings suites and the V1
// conversation suite, each expecting that line's answers, and a real openhands-agent-server 1.58.2 for the agent
// line's (agent*.suite.ts; no stand-in serves that line yet). Per server, the checks run in this order (the later ones
// depend on what the earlier ones saved); several servers are checked side by side. The suites live in the
// *.suite.ts files beside it.
//
//   npm run test:openhands                      # all of it: real and contract servers (scripts/openhands/conformance.sh)
//   eval "$(scripts/openhands/start.sh)"        # or by hand: a fresh real server; sets CONFORMANCE_BASE_URL/_API_KEY
//   npm run compile-tests && node --test out/test/conformance/
//   scripts/openhands/stop.sh
// Environment: see target.ts.
import { describe, it } from 'node:test';
import { authSuite } from './auth.suite';
import { clientFreshSuite, clientSuite } from './client.suite';
import { v0ConversationAdminSuite, v1ConversationAdminSuite } from './conversationAdmin.suite';
import { v0ConversationListSuite, v1ConversationListSuite } from './conversationList.suite';
import { conversationsSuite } from './conversations.suite';
import { freshSuite, type RunState } from './fresh.suite';
import { httpSuite, rateLimitSuite } from './http.suite';
import { mixedSuites } from './mixed.suite';
import { providerTokensSuite } from './providerTokens.suite';
import { settingsSuite } from './settings.suite';
import { Client, targetsFromEnv } from './target';
import { validationSuite } from './validation.suite';
import { webUiSuite } from './webUi.suite';
import { agentClientSuite } from './agentClient.suite';
import { agentConfirmSuite, agentDeleteSuite } from './agentConfirm.suite';
import { type AgentRunState, agentConversationsSuite } from './agentConversations.suite';
import { Workspaces } from './agentServer';
import { agentAuthSuite, agentProfilesSuite, agentSettingsSuite } from './agentSettings.suite';
import { agentWorkspaceSuite } from './agentWorkspace.suite';
import { agentListsClientSuite, agentSecretsSuite } from './agentLists.suite';
import { agentStreamSuite } from './agentStream.suite';
import { agentHandOverSuite, agentNoCloneSuite } from './agentHandOver.suite';
import { v1AuthSuite } from './v1Auth.suite';
import { v1ConversationsSuite } from './v1Conversations.suite';
import { v1EventsSuite } from './v1Events.suite';
import { v1ConfirmSuite } from './v1Confirm.suite';
import { v1FinishSuite } from './v1Finish.suite';
import { v1WorkSuite } from './v1Work.suite';
import { v1HandOverSuite } from './v1HandOver.suite';
import { v0EventsSuite } from './v0Events.suite';
import { type V1RunState, v1PoisonSuite, v1SettingsSuite } from './v1Settings.suite';

const targets = targetsFromEnv();

if (targets.length === 0) {
  describe('conformance', () => {
    it('needs CONFORMANCE_BASE_URL or CONFORMANCE_TARGETS: see scripts/openhands/conformance.sh', (t) => {
      t.skip('no server given');
    });
  });
} else {
  // Servers side by side (each has its own file store and rate limiter); one server's checks one at a time.
  describe('conformance', { concurrency: targets.length }, () => {
    for (const target of targets) {
      describe(`${target.name} (${target.baseUrl})`, { concurrency: false }, () => {
        const client = new Client(target);
        if (target.rateLimitOnly) return rateLimitSuite(client);
        if (target.api === 'v1') return v1Suites(client);
        if (target.api === 'mixed') return mixedSuites(client);
        if (target.api === 'agent') return agentSuites(client);
        const state: RunState = { fresh: false };
        authSuite(client);
        freshSuite(client, state);
        clientFreshSuite(target, state);
        settingsSuite(client);
        validationSuite(client);
        conversationsSuite(client, state);
        v0ConversationListSuite(client);
        v0ConversationAdminSuite(client);
        v0EventsSuite(client);
        clientSuite(target, state);
        httpSuite(client);
        webUiSuite(client);
        // After the starts that need no secrets.json at all: its 200 check writes one.
        providerTokensSuite(client);
        rateLimitSuite(client);
      });
    }
  });
}

/** A V1 server: its own suites, the settings broken on purpose last. */
function v1Suites(client: Client): void {
  const state: V1RunState = { fresh: false };
  v1AuthSuite(client);
  if (client.target.bearer) return; // the stand-in's Bearer mode: only the key scheme differs
  v1SettingsSuite(client, state);
  v1ConversationsSuite(client);
  v1EventsSuite(client);
  v1ConversationListSuite(client);
  v1ConversationAdminSuite(client);
  v1FinishSuite(client);
  v1WorkSuite(client);
  v1ConfirmSuite(client);
  v1HandOverSuite(client);
  v1HandOverSuite(client, { grouped: true });
  webUiSuite(client);
  providerTokensSuite(client);
  rateLimitSuite(client);
  v1PoisonSuite(client, state);
}

/** An agent server on its own (the agent line): settings first, then real runs; the delete last. */
function agentSuites(client: Client): void {
  const state: AgentRunState = { workspaces: new Workspaces() };
  agentAuthSuite(client);
  agentSettingsSuite(client);
  agentProfilesSuite(client);
  agentSecretsSuite(client);
  agentListsClientSuite(client);
  agentConversationsSuite(client, state);
  agentWorkspaceSuite(client, state);
  agentConfirmSuite(client);
  agentDeleteSuite(client, state);
  agentClientSuite(client);
  agentStreamSuite(client);
  agentHandOverSuite(client);
  agentNoCloneSuite(client);
}
