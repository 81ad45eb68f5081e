// The mixed line (1.0-1.6, 1.6.0 seen): V0 settings at /api/settings, conversations both V0 and V1. Its suites are
// the V0 settings ones and the V1 conversation one, each expecting the line's own answers (target.api 'mixed').
import { describe, it } from 'node:test';
import { authSuite } from './auth.suite';
import { SETTINGS_STORED, assertJson } from './expected';
import { freshSuite } from './fresh.suite';
import { mixedClientSuite } from './mixedClient.suite';
import { providerTokensSuite } from './providerTokens.suite';
import { settingsSuite } from './settings.suite';
import type { Client } from './target';
import { v1ConversationListSuite } from './conversationList.suite';
import { v1ConversationsSuite } from './v1Conversations.suite';
import { v1EventsSuite } from './v1Events.suite';
import { validationSuite } from './validation.suite';
import { webUiSuite } from './webUi.suite';
import { v1WorkSuite } from './v1Work.suite';
import { mixedHandOverSuite } from './mixedHandOver.suite';

export function mixedSuites(client: Client): void {
  authSuite(client);
  freshSuite(client, { fresh: false });
  settingsSuite(client);
  validationSuite(client);
  mixedClientSuite(client);
  // A V1 start takes its LLM from the V0 settings: pointed at a closed port, as on the V1 servers.
  describe('V0 settings for the V1 starts', () => {
    it('the LLM at a closed port: 200', async () => {
      const body = '{"llm_model":"openai/gpt-4o","llm_api_key":"sk-conformance","llm_base_url":"http://127.0.0.1:9/v1"}';
      assertJson(await client.post('/api/settings', body), 200, SETTINGS_STORED);
    });
  });
  v1ConversationsSuite(client);
  v1EventsSuite(client);
  v1ConversationListSuite(client);
  v1WorkSuite(client);
  mixedHandOverSuite(client);
  webUiSuite(client);
  // Last: its 200 check writes the secrets store the repository start above runs without.
  providerTokensSuite(client);
}
