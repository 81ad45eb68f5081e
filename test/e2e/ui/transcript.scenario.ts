// The transcript tab against the V1 stand-in whose agent a scripted LLM drives (issue 23): events arrive in the
// open tab while the run goes on, without the page being built again; a follow-up typed in the tab's reply box
// goes through the follow-up route and shows, and Export saves the transcript as Markdown and the server's own zip of the conversation; and a hostile transcript (`<script>`, `<img onerror>`,
// `javascript:` and `command:` links, a 1 MB output and message) is shown as text: no element or handler of the
// agent's exists or runs in the page, and its links only ask the host, which refuses what is not http(s).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { scenario } from '../harness/scenario';
import { setApiKey } from '../harness/ui/conversationSteps';
import { itemTitles, startScriptedRun, transcriptPage } from '../harness/ui/transcriptSteps';
import { REAL_WORK_SCRIPT, REAL_WORK_TASK } from '../../support/scriptedLlm/script';
import { until } from '../../support/until';
import { zipEntries } from '../../support/zipEntries';

const FOLLOW_UP = 'Now add a README line about the notes folder';

/** Opens the conversation through the palette's quick pick (the server names it after its id until it has a title). */
async function openFromPalette(workbench: Parameters<Parameters<typeof scenario>[1]>[0]['workbench'], id: string): Promise<Frame> {
  await workbench.runCommand('OpenHands: Open Conversation');
  const choice = workbench.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: id.slice(0, 5) }).first();
  await choice.waitFor({ timeout: 30_000 });
  await choice.click();
  return transcriptPage(workbench.page);
}

/** Export from the tab's button: the choice, the save dialog's proposed file (in the workspace folder) taken as it is. */
async function exportThrough(frame: Frame, workbench: Parameters<Parameters<typeof scenario>[1]>[0]['workbench'], choice: string, ending: string, done: RegExp): Promise<string> {
  const { page } = workbench;
  await frame.locator('.actions button', { hasText: 'Export…' }).click();
  const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: choice }).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
  const pathBox = page.locator('.quick-input-widget .quick-input-box input');
  await until('the save dialog', async () => ((await pathBox.inputValue()).endsWith(ending) ? true : undefined), 15_000);
  const saved = await pathBox.inputValue();
  await page.keyboard.press('Enter');
  await workbench.readNotification(done);
  return saved;
}

const HOSTILE_FINISH = [
  '# Report',
  '',
  '<script>window.pwned = "script"</script>',
  '',
  '<img src="x" onerror="window.pwned = \'img\'">',
  '',
  '[a javascript link](javascript:window.pwned=\'js\') and [a command link](command:workbench.action.closeWindow) and [a web link](https://example.test/docs)',
  '',
  `${'A long line of the message, to pass one megabyte. '.repeat(22_000)}`,
].join('\n');

const HOSTILE_SCRIPT = [
  { tool: 'terminal' as const, command: 'pwd' },
  { tool: 'terminal' as const, command: `printf '%s\\n' '<script>window.pwned="output"</script>' '<img src=x onerror="window.pwned=1">' && yes 'a line of the long output.' | head -n 40000` },
  { tool: 'finish' as const, message: HOSTILE_FINISH },
];

export default [
  scenario('the transcript tab: events arrive live while the agent works, and a follow-up goes from the tab', async ({ workbench, server, context }) => {
    await setApiKey(workbench, context);
    const { id, llm } = await startScriptedRun(server, context.sessionApiKey, REAL_WORK_TASK, REAL_WORK_SCRIPT, 1200);
    try {
      const frame = await openFromPalette(workbench, id);
      await frame.locator('article.user').first().waitFor({ timeout: 30_000 });
      // A mark on the page: gone if the page were built again instead of added to.
      await frame.evaluate("document.querySelector('main.log').mark = 'kept'");
      const early = (await itemTitles(frame)).length;
      await until('more items while running', async () => ((await itemTitles(frame)).length > early + 2 ? true : undefined), 60_000);
      await workbench.screenshot('transcript-live');
      await frame.locator('article', { hasText: 'Finished' }).first().waitFor({ timeout: 90_000 });
      assert.equal(await frame.evaluate("document.querySelector('main.log').mark"), 'kept', 'the page was added to, not rebuilt');
      const titles = await itemTitles(frame);
      assert.ok(titles.some((t) => t.startsWith('Ran a command')), JSON.stringify(titles));
      assert.ok(titles.some((t) => t.startsWith('Edited ') || t.startsWith('Created ')), JSON.stringify(titles));
      await frame.locator('.diff .added').first().waitFor({ timeout: 10_000 });

      const box = frame.locator('form.reply textarea');
      await until('the reply box on', async () => ((await box.isDisabled()) ? undefined : true), 30_000);
      await box.fill(FOLLOW_UP);
      await frame.locator('form.reply button.send').click();
      const sent = await until('the send-message request', async () => server.requests.find((r) => r.path.endsWith(`/${id}/send-message`) && r.status === 200), 30_000);
      assert.match(sent.body, new RegExp(FOLLOW_UP));
      await frame.locator('article.user', { hasText: FOLLOW_UP }).waitFor({ timeout: 60_000 });
      assert.equal(await box.inputValue(), '', 'the box is emptied once sent');
      await workbench.screenshot('transcript-follow-up');

      // Export: the tab's button, Markdown, the save dialog's proposed file in the workspace folder.
      const saved = await exportThrough(frame, workbench, 'Transcript as Markdown', '.md', /the transcript was saved to/);
      const exported = path.join(context.workspaceFolder, path.basename(saved));
      const written = fs.readFileSync(exported, 'utf8');
      fs.rmSync(exported); // the scenarios after this one share the workspace and its git state
      assert.match(written, new RegExp(FOLLOW_UP));
      assert.match(written, /notes\/added\.md/);

      // Export, the server's own: the conversation's zip as the server gives it (meta.json, then its events).
      const zipPath = await exportThrough(frame, workbench, 'The server\'s trajectory', '.zip', /the trajectory was saved to/);
      await workbench.screenshot('transcript-exported-zip');
      const zipped = path.join(context.workspaceFolder, path.basename(zipPath));
      const entries = zipEntries(fs.readFileSync(zipped));
      fs.rmSync(zipped);
      assert.match(path.basename(zipPath), /^conversation_[0-9a-f-]{36}\.zip$/);
      assert.equal(entries[0]?.name, 'meta.json');
      assert.ok(entries.slice(1).some((entry) => entry.text.includes(FOLLOW_UP)), entries.map((entry) => entry.name).join(', '));
    } finally {
      await llm.close();
    }
  }, { line: 'v1', timeoutMs: 240_000 }),

  scenario('the transcript tab shows a hostile transcript as text: no script, no handler, links only through the host', async ({ workbench, page, server, context }) => {
    await setApiKey(workbench, context);
    const { id, llm } = await startScriptedRun(server, context.sessionApiKey, 'Show me something hostile', HOSTILE_SCRIPT, 300);
    try {
      const frame = await openFromPalette(workbench, id);
      const finish = frame.locator('article', { hasText: 'Report' }).first();
      await finish.waitFor({ timeout: 90_000 });
      // Read in the page itself (a string: the tests compile without the DOM's types).
      const facts = await frame.evaluate(`({
        pwned: window.pwned,
        scripts: [...document.scripts].map((s) => s.src || s.textContent || ''),
        images: document.querySelectorAll('img').length,
        handlers: [...document.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => e.tagName + '.' + a.name)),
        hrefs: [...document.querySelectorAll('[href]')].map((e) => e.getAttribute('href')),
        shownScript: document.body.innerText.includes('<script>window.pwned = "script"</script>'),
        shownImg: document.body.innerText.includes('onerror='),
      })`) as { pwned: unknown; scripts: string[]; images: number; handlers: string[]; hrefs: (string | null)[]; shownScript: boolean; shownImg: boolean };
      assert.equal(facts.pwned, undefined, 'no agent text ran');
      assert.ok(facts.scripts.every((s) => s.endsWith('/webview.js') || !s.includes('pwned')), JSON.stringify(facts.scripts).slice(0, 500));
      assert.ok(!facts.scripts.some((s) => s.includes('pwned')), 'no script element from agent text');
      assert.equal(facts.images, 0);
      assert.deepEqual(facts.handlers, []);
      assert.ok(facts.hrefs.every((h) => h !== null && !/^(javascript|command):/i.test(h)), JSON.stringify(facts.hrefs));
      assert.ok(facts.shownScript && facts.shownImg, 'the markup is shown as the text it is');
      await finish.locator('.markdown p').first().scrollIntoViewIfNeeded();
      await frame.evaluate('window.scrollBy(0, -120)');
      await workbench.screenshot('transcript-hostile');

      await finish.locator('a.link', { hasText: 'a javascript link' }).click();
      await workbench.readNotification(/was not opened: a transcript opens only http and https links/);
      await finish.locator('a.link', { hasText: 'a command link' }).click();
      await until('two refusals', async () => ((await page.locator('.notification-list-item-message', { hasText: 'was not opened' }).count()) >= 2 ? true : undefined), 15_000);
      assert.equal(await frame.evaluate('window.pwned'), undefined);

      const big = frame.locator('article', { hasText: 'Ran a command' }).filter({ hasText: 'a line of the long output' }).first();
      await big.locator('button.fold').click();
      assert.ok((await big.locator('pre code').last().innerText()).length > 900_000, 'Show all shows the whole output');
      assert.ok(await finish.locator('.text', { hasText: /^Trimmed:/ }).count() >= 1, 'the message over 1 MB is trimmed, and says so');
      await workbench.screenshot('transcript-hostile-opened');
    } finally {
      await llm.close();
    }
  }, { line: 'v1', timeoutMs: 240_000 }),
];
