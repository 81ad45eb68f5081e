// A row's click and the keyboard (issue 42, item 8), on a V1 stand-in (1.11.0): a click opens the transcript
// without taking the focus, as the Explorer previews a file, so F2 then renames the row; a double click, or Enter
// on a row, opens it and gives it the focus.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { scenario } from '../harness/scenario';
import { answerInput, conversationRows, setApiKey } from '../harness/ui/conversationSteps';
import { viewSettled } from '../harness/ui/transcriptSteps';
import { until } from '../../support/until';

const TITLES = ['Tidy the imports', 'Write the release notes', 'Fix the parser loop'];

/** Where the keyboard's focus is: the side bar (the view's rows), a transcript tab's page, or elsewhere. */
function focusIn(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const active = document.activeElement;
    if (active && active.closest('.part.sidebar')) return 'side bar';
    if (active && active.tagName === 'IFRAME') return 'transcript';
    return active ? active.tagName + '.' + active.className : 'nothing';
  })()`);
}

const focused = (page: Page, where: string) => until(`the focus in the ${where}`, async () => ((await focusIn(page)) === where ? true : undefined), 10_000)
  .catch(async () => assert.fail(`the focus is in ${await focusIn(page)}, not the ${where}`));

export default scenario('a click on a row opens the transcript without the focus (F2 renames the row); a double click or Enter focuses it', async ({ workbench, page, server, context }) => {
  server.seedConversations(3, { titles: TITLES });
  await setApiKey(workbench, context);
  const rows = await conversationRows(workbench);
  const row = (title: string) => rows.filter({ hasText: title });
  await row(TITLES[0]!).waitFor({ timeout: 30_000 });
  await viewSettled(server, page);
  const tab = (title: string) => page.locator('.tabs-container .tab', { hasText: title });

  await row(TITLES[1]!).click();
  await tab(TITLES[1]!).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1000); // a tab that took the focus late would take it within this
  await focused(page, 'side bar');
  await workbench.screenshot('clicked');
  await page.keyboard.press('F2');
  await answerInput(workbench, 'Rename Conversation', 'Release notes for 2.0');
  await row('Release notes for 2.0').waitFor({ timeout: 30_000 });

  await row(TITLES[2]!).dblclick();
  await tab(TITLES[2]!).waitFor({ timeout: 30_000 });
  await focused(page, 'transcript');
  await workbench.screenshot('double-clicked');

  await row(TITLES[0]!).click();
  await tab(TITLES[0]!).waitFor({ timeout: 30_000 });
  await focused(page, 'side bar');
  await page.keyboard.press('Enter');
  await focused(page, 'transcript');
  await workbench.screenshot('enter');
}, { timeoutMs: 180_000, line: 'v1' });
