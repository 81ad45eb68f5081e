// A click on a conversation row opens the conversation, and the browser is offered only where the server serves
// its web UI. Against a V1 stand-in answering as PyPI's openhands-ai (SERVE_FRONTEND=false: `GET /` 404 JSON):
// the row's menu has no Open in Browser or Copy Link, and a click shows the row's actions in a quick pick, whose
// Send Follow-up Message sends. Against one serving its web UI (as the Docker image): a click opens the page.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { scenario } from '../harness/scenario';
import type { Workbench } from '../harness/workbench';
import { answerInput, openedAt, setApiKey } from '../harness/ui/conversationSteps';
import { until } from '../../support/until';

const FOLLOW_UP = 'Please add a test';
const QUICK_INPUT = '.quick-input-widget';

/** The Conversations view's rows, once the first is listed. */
async function conversationRows(workbench: Workbench, page: Page) {
  const sideBar = await workbench.openActivityBarItem();
  const settingsHeader = sideBar.locator('.pane-header', { hasText: /^Settings/ });
  if ((await settingsHeader.getAttribute('aria-expanded')) === 'true') await settingsHeader.click();
  const pane = sideBar.locator('.pane', { has: page.locator('.pane-header h3.title', { hasText: /^Conversations$/ }) });
  const rows = pane.locator('.monaco-list-row');
  await rows.first().waitFor({ timeout: 30_000 });
  return rows;
}

async function contextMenuOf(workbench: Workbench, row: ReturnType<Page['locator']>): Promise<string[]> {
  await row.click({ button: 'right' });
  const items = workbench.page.locator('.monaco-menu .action-item .action-label');
  await items.first().waitFor({ timeout: 10_000 });
  return (await items.allInnerTexts()).map((label) => label.trim()).filter(Boolean);
}

export default [
  scenario('a server without its web UI: no browser actions, a click on a conversation shows its actions', async ({ workbench, page, server, context }) => {
    const [id] = server.seedConversations(1);
    await setApiKey(workbench, context);
    const rows = await conversationRows(workbench, page);

    const menu = await contextMenuOf(workbench, rows.first());
    await workbench.screenshot('row-menu');
    assert.ok(!menu.includes('Open Conversation in Browser') && !menu.includes('Copy Conversation Link'), `row menu: ${JSON.stringify(menu)}`);
    assert.ok(menu.includes('Copy Conversation ID') && menu.includes('Send Follow-up Message'), `row menu: ${JSON.stringify(menu)}`);
    await page.keyboard.press('Escape');
    await page.locator('.monaco-menu').first().waitFor({ state: 'hidden', timeout: 10_000 });

    await rows.first().click();
    const widget = page.locator(QUICK_INPUT);
    const choices = widget.locator('.quick-input-list .monaco-list-row');
    await choices.first().waitFor({ state: 'visible', timeout: 15_000 });
    const labels = await choices.evaluateAll((found) => found.map((row) => row.querySelector('.label-name')?.textContent?.trim() ?? ''));
    assert.deepEqual(labels, ['Send Follow-up Message', 'Stop Conversation', 'Copy Conversation ID']);
    assert.match(await widget.locator('.quick-input-box input').getAttribute('placeholder') ?? '', /serves no web UI/);
    await workbench.screenshot('row-actions');
    await choices.filter({ hasText: 'Send Follow-up Message' }).first().click();
    await answerInput(workbench, /^OpenHands: Follow-up to /, FOLLOW_UP);
    const sent = await until('the send-message request', () => server.requests.find((r) => r.path.endsWith(`/${id}/send-message`) && r.status === 200));
    assert.match(sent.body, new RegExp(FOLLOW_UP));
  }, { line: 'v1' }),

  scenario('a server serving its web UI: a click on a conversation opens its page', async ({ workbench, page, server, context }) => {
    const [id] = server.seedConversations(1);
    await setApiKey(workbench, context);
    const rows = await conversationRows(workbench, page);
    // The row's inline Open in Browser: the server's web UI is known, the row drawn again with it.
    await rows.first().locator('.action-label[aria-label="Open Conversation in Browser"]').waitFor({ state: 'attached', timeout: 15_000 });
    const menu = await contextMenuOf(workbench, rows.first());
    assert.ok(menu.includes('Open Conversation in Browser') && menu.includes('Copy Conversation Link'), `row menu: ${JSON.stringify(menu)}`);
    await page.keyboard.press('Escape');
    await page.locator('.monaco-menu').first().waitFor({ state: 'hidden', timeout: 10_000 });

    const opened = page.context().waitForEvent('page', { timeout: 15_000 });
    await rows.first().click();
    const tab = await opened;
    await tab.waitForURL(/\/conversations\//, { timeout: 15_000 }).catch(() => undefined);
    assert.match(tab.url(), openedAt(page, server.url, `/conversations/${id}`));
    await tab.close();
  }, { line: 'v1', webUi: true }),
];
