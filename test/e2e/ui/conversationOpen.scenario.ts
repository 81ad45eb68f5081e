// A click on a conversation row opens the conversation's transcript tab, and the browser is offered only where the
// server serves its web UI. Against a V1 stand-in answering as PyPI's openhands-ai (SERVE_FRONTEND=false: `GET /`
// 404 JSON): the row's menu has no Open in Browser or Copy Link, and a click opens the transcript, with the
// person's first message in it; a second click reveals the same tab. Against one serving its web UI (as the
// Docker image): the row's inline Open in Browser opens the page.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { scenario } from '../harness/scenario';
import type { Workbench } from '../harness/workbench';
import { openedAt, setApiKey } from '../harness/ui/conversationSteps';
import { transcriptPage } from '../harness/ui/transcriptSteps';

const FIRST_MESSAGE = 'Fix the flaky login test';

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
  scenario('a server without its web UI: no browser actions, a click on a conversation opens its transcript', async ({ workbench, page, server, context }) => {
    const [id] = server.seedConversations(1, { messages: [FIRST_MESSAGE] });
    await setApiKey(workbench, context);
    const rows = await conversationRows(workbench, page);

    const menu = await contextMenuOf(workbench, rows.first());
    await workbench.screenshot('row-menu');
    assert.ok(!menu.includes('Open Conversation in Browser') && !menu.includes('Copy Conversation Link'), `row menu: ${JSON.stringify(menu)}`);
    assert.ok(menu.includes('Open Conversation') && menu.includes('Copy Conversation ID') && menu.includes('Send Follow-up Message'), `row menu: ${JSON.stringify(menu)}`);
    await page.keyboard.press('Escape');
    await page.locator('.monaco-menu').first().waitFor({ state: 'hidden', timeout: 10_000 });

    await rows.first().click();
    const tab = page.locator('.tabs-container .tab', { hasText: FIRST_MESSAGE });
    await tab.waitFor({ timeout: 30_000 });
    const frame = await transcriptPage(page);
    const first = frame.locator('article.user', { hasText: FIRST_MESSAGE });
    await first.waitFor({ timeout: 30_000 });
    assert.match(await first.getAttribute('aria-label') ?? '', /^You, /);
    assert.equal(await frame.locator('main.log').getAttribute('role'), 'log');
    assert.equal(await frame.locator('main.log').getAttribute('aria-live'), 'polite');
    assert.match(await frame.locator('.source').innerText(), /Following the (agent|app) server|The run has ended/);
    await workbench.screenshot('transcript-from-row');
    await rows.first().click();
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.tabs-container .tab', { hasText: FIRST_MESSAGE }).count(), 1, 'the same tab, revealed');

    // Keyboard: the newest item takes Tab focus; arrow keys move between items.
    await frame.locator('article[tabindex="0"]').focus();
    const focused = () => frame.evaluate('document.activeElement && document.activeElement.dataset.id') as Promise<string | undefined>;
    const last = await focused();
    await page.keyboard.press('Home');
    const firstId = await focused();
    assert.ok(firstId && last, 'an item has the focus');
    await page.keyboard.press('End');
    assert.equal(await focused(), last);

    // A reload keeps the tab: VS Code hands it back (the serializer) and it reads the conversation again.
    await workbench.reloadWindow();
    await page.locator('.tabs-container .tab', { hasText: FIRST_MESSAGE }).waitFor({ timeout: 30_000 });
    const restored = await transcriptPage(page);
    await restored.locator('article.user', { hasText: FIRST_MESSAGE }).waitFor({ timeout: 30_000 });
    assert.ok(server.requests.some((r) => r.path.includes(id)), 'the conversation was read');
    await workbench.screenshot('transcript-restored');
  }, { line: 'v1' }),

  scenario('a server serving its web UI: the row\'s Open in Browser opens its page', async ({ workbench, page, server, context }) => {
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
    await rows.first().hover();
    await rows.first().locator('.action-label[aria-label="Open Conversation in Browser"]').click();
    const tab = await opened;
    await tab.waitForURL(/\/conversations\//, { timeout: 15_000 }).catch(() => undefined);
    assert.match(tab.url(), openedAt(page, server.url, `/conversations/${id}`));
    await tab.close();
  }, { line: 'v1', webUi: true }),
];
