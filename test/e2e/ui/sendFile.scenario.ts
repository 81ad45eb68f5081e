// Right-click a file in the Explorer > Send File to OpenHands: its content goes as the first message, after the
// person's words; with two files selected, both go. Before sending, the warning names what the agent would not
// have: the branch has no upstream, and the server holds no token for github (only one for gitlab).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scenario } from '../harness/scenario';
import { answerDialog, answerInput, buttonsOf, clearNotifications, clickButton, key, nextConversation, notification, openedAt, setApiKey, storeSettings } from '../harness/ui/conversationSteps';

function fenced(content: string, language: string): string {
  return `\`\`\`${language}\n${content}\`\`\``;
}

export default scenario(
  'Send File to OpenHands from the Explorer',
  async ({ workbench, page, server, context }) => {
    const readme = fs.readFileSync(path.join(context.workspaceFolder, 'README.md'), 'utf8');
    const widget = fs.readFileSync(path.join(context.workspaceFolder, 'src', 'widget.ts'), 'utf8');
    await storeSettings(server, context);
    server.seedProviderTokens({ gitlab: { token: key(context, 'gitlab-token') } });
    await setApiKey(workbench, context);

    // One file.
    let from = server.requests.length;
    const menu = await workbench.rightClickExplorerItem('README.md');
    assert.ok(menu.includes('Send File to OpenHands'), `context menu: ${JSON.stringify(menu)}`);
    await workbench.screenshot('context-menu');
    await workbench.clickContextMenuItem('Send File to OpenHands');
    await answerInput(workbench, 'OpenHands: Send README.md', 'Summarize this file', { shot: 'input-one' });
    const warning = await answerDialog(workbench, 'Start Anyway', 'warning');
    assert.match(warning, /Branch feature\/e2e has no upstream/);
    assert.match(warning, /The server has no GitHub token/);
    let sent = (await nextConversation(server, from)).body;
    assert.equal(sent.initial_user_msg, `Summarize this file\n\nFile: README.md\n${fenced(readme, 'markdown')}`);
    assert.equal(sent.repository, 'octo/widgets');
    await notification(workbench, 'conversation started — Summarize this file');
    await clearNotifications(workbench);

    // Two files: README.md, then src/widget.ts with Ctrl held.
    from = server.requests.length;
    const row = (name: string) =>
      page.locator('.explorer-folders-view .monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }) }).first();
    await row('src').click();
    await row('widget.ts').waitFor({ timeout: 10_000 });
    await row('README.md').click();
    await row('widget.ts').click({ modifiers: ['Control'] });
    assert.equal(await page.locator('.explorer-folders-view .monaco-list-row.selected').count(), 2, 'two files are not selected');
    assert.ok((await workbench.rightClickExplorerItem('widget.ts')).includes('Send File to OpenHands'));
    await workbench.clickContextMenuItem('Send File to OpenHands');
    await answerInput(workbench, /^OpenHands: Send (README\.md, src\/widget\.ts|src\/widget\.ts, README\.md)$/, 'Review these two', { shot: 'input-two' });
    await answerDialog(workbench, 'Start Anyway');
    sent = (await nextConversation(server, from)).body;
    const message = sent.initial_user_msg ?? '';
    assert.ok(message.startsWith('Review these two\n\n'), message);
    assert.ok(message.includes(`File: README.md\n${fenced(readme, 'markdown')}`), message);
    assert.ok(message.includes(`File: src/widget.ts\n${fenced(widget, 'typescript')}`), message);

    // Open in Browser opens the conversation's page of the server.
    const result = await notification(workbench, 'conversation started — Review these two');
    assert.deepEqual(await buttonsOf(result), ['Open in Browser', 'Copy Link']);
    const opened = page.context().waitForEvent('page', { timeout: 15_000 });
    await clickButton(result, 'Open in Browser');
    const tab = await opened;
    await tab.waitForURL(/\/conversations\//, { timeout: 15_000 }).catch(() => undefined);
    assert.match(tab.url(), openedAt(page, context.contractUrl, '/conversations/[0-9a-f]{32}'));
    await tab.close();
  },
  // Open in Browser and Copy Link need the server's web UI, as the Docker image serves it.
  { timeoutMs: 180_000, webUi: true },
);
