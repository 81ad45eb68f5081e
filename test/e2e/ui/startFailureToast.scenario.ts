// A start that fails after Push and Start shows its error as a toast, with its actions, as a person sees it:
// installed from the .vsix (npm run test:vsix), code-server without the smoke-test driver, which hides every toast
// (test/e2e/README.md). The V1 stand-in ends the start task in ERROR with an empty detail, as 1.11.0 does.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { bareRemoteRepo, openFolder } from '../harness/ui/bareRemote';
import { answerDialog, answerInput, buttonsOf, hideNotificationsCenter, key, setApiKey, storeSettings, toast } from '../harness/ui/conversationSteps';

export default scenario('a start that fails after Push and Start shows its error as a toast', async ({ workbench, server, context }) => {
  const repo = bareRemoteRepo(context, 'toast', 'feature/toast');
  await openFolder(workbench, repo.folder);
  await storeSettings(server, context, undefined, 'v1');
  server.seedProviderTokens({ github: { token: key(context, 'github-token') } });
  server.setStartTaskTiming({ readyAfterMs: 1_500, fail: '' });
  await setApiKey(workbench, context);
  await hideNotificationsCenter(workbench);
  await workbench.runCommand('OpenHands: Start Conversation');
  await answerInput(workbench, 'OpenHands: Start Conversation', 'Fix the widget');
  await answerDialog(workbench, 'Push and Start');

  const error = await toast(workbench, /The server could not start the conversation on acme\/widgets/, 60_000);
  await workbench.screenshot('toast');
  assert.equal(repo.remoteRev('refs/heads/feature/toast'), repo.git('rev-parse', 'HEAD'), 'the branch was pushed first');
  assert.ok((await buttonsOf(error)).length > 0, 'the toast offers what to do');
}, { installed: true, line: 'v1', timeoutMs: 180_000 });
