// A transcript tab whose server is no longer the connected one (issue 29, item 10): after Change Server URL to
// another server (the stand-in under a second origin, without a key) the tab says the conversation is on its own
// server and offers nothing that must fail there: no Export (it read the new server's events and failed with 401).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scenario } from '../harness/scenario';
import { answerInput, setApiKey } from '../harness/ui/conversationSteps';
import { transcriptPage } from '../harness/ui/transcriptSteps';

const MESSAGE = 'Tidy the release notes';

export default scenario('a transcript of another server than the connected one: says so and offers no Export', async ({ workbench, page, server, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const configured = fs.readFileSync(machineSettings, 'utf8');
  try {
    server.seedConversations(1, { messages: [MESSAGE] });
    await setApiKey(workbench, context);
    const sideBar = await workbench.openActivityBarItem();
    const row = sideBar.locator('.monaco-list-row', { hasText: MESSAGE });
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    const frame = await transcriptPage(page);
    await frame.locator('article.user', { hasText: MESSAGE }).waitFor({ timeout: 30_000 });
    const exportButton = frame.locator('header.top button', { hasText: 'Export…' });
    await exportButton.waitFor({ timeout: 10_000 });

    await workbench.runCommand('OpenHands: Change Server URL');
    await answerInput(workbench, 'OpenHands: Change Server URL', server.url.replace('127.0.0.1', 'localhost'));
    await frame.locator('header.top .source', { hasText: 'not on the connected server' }).waitFor({ timeout: 30_000 });
    await exportButton.waitFor({ state: 'hidden', timeout: 10_000 });
    assert.equal(await frame.locator('header.top button:visible').count(), 0, 'no action of the tab is offered');
    await workbench.screenshot('other-server');
  } finally {
    fs.writeFileSync(machineSettings, configured);
  }
}, { timeoutMs: 180_000, line: 'v1' });
