// Which conversation is which (issue 21, items 8 and 9), on a V1 stand-in (1.11.0) holding conversations started
// elsewhere, which the server has not named ("Conversation 7fd96"): each row shows the person's first message
// (read from the conversation's events), its repository (branch), age and one state word, and a tooltip in
// sentences; one without a message keeps the server's name. Stop Conversation's dialog says the conversation
// will be paused (the server's word, the row's too) and what Resume does; Resume Conversation brings it back.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { answerDialog, conversationRows, setApiKey } from '../harness/ui/conversationSteps';
import { until } from '../../support/until';

const MESSAGES = ['Fix the flaky login test in the widgets suite', 'Add a changelog entry for the widget factory'];

export default scenario('Conversations view rows: first messages for unnamed ones, repository, age, one word, a tooltip; stop says paused, Resume', async ({ workbench, page, server, context }) => {
  const ids = server.seedConversations(3, { messages: ['', ...MESSAGES], repository: 'octo/widgets', branch: 'main' });
  await setApiKey(workbench, context);
  const rows = await conversationRows(workbench);
  const newest = rows.filter({ hasText: MESSAGES[1] });
  await newest.waitFor({ timeout: 30_000 });
  await rows.filter({ hasText: MESSAGES[0] }).waitFor({ timeout: 10_000 });
  assert.match(await newest.innerText(), /octo\/widgets \(main\) · just now · waiting/);
  const unnamed = rows.filter({ hasText: `Conversation ${ids[0]!.slice(0, 5)}` });
  assert.equal(await unnamed.count(), 1, 'the one without a message keeps the server\'s name');
  const asked = server.requests.filter((r) => r.path.includes('/events/search'));
  assert.deepEqual(new Set(asked.map((r) => r.path.split('/')[4])), new Set(ids), 'each unnamed conversation asked for its first message');

  await newest.locator('.label-name').hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Waiting for your input.' }).first();
  await hover.waitFor({ timeout: 10_000 });
  assert.match(await hover.innerText(), /Waiting for your input\. Started just now on octo\/widgets \(main\)\. Server status: RUNNING \/ idle\./);
  await workbench.screenshot('rows');
  const before = asked.length;

  await newest.click({ button: 'right' });
  await workbench.chooseContextMenuItem('Stop Conversation');
  const confirm = await answerDialog(workbench, 'Stop Conversation', 'stop-confirm');
  assert.match(confirm, /sandbox is paused.*shows as "paused"/s);
  assert.match(confirm, /Resume Conversation starts the sandbox again/);
  const paused = rows.filter({ hasText: MESSAGES[1] }).filter({ hasText: /· paused$/ });
  await paused.waitFor({ timeout: 30_000 });
  await workbench.screenshot('paused');

  await paused.click({ button: 'right' });
  await workbench.chooseContextMenuItem('Resume Conversation');
  await rows.filter({ hasText: MESSAGES[1] }).filter({ hasText: /· waiting$/ }).waitFor({ timeout: 30_000 });
  await until('the resume request', () => server.requests.find((r) => r.method === 'POST' && r.path.endsWith('/resume') && r.status === 200));
  const again = server.requests.filter((r) => r.path.includes('/events/search')).length - before;
  assert.ok(again <= 1, `first messages found are kept, not asked again (${again} more asks)`);
  await workbench.screenshot('resumed');
}, { timeoutMs: 180_000, line: 'v1' });
