// A quick pick answered as a person does: read its items, choose one by a click, or press Enter for the first.
import { escapeRegExp, type Workbench } from '../workbench';

const QUICK_INPUT = '.quick-input-widget';
const ROW = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;

/** The title of Set API Key's two steps: the kind of key (a quick pick), then the key (a password box). */
export const SET_API_KEY = 'OpenHands: Set API Key';

const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);

/**
 * What the quick input shows, in the page, as one string: its title, placeholder and the labels of its rows, or ''
 * once it or its list is hidden. A pick is done when this changes: the next step may reuse the widget and its title
 * (Set API Key's password box hides the list), or be another quick pick shown at once, in the same rows (Apply
 * Changes' files of your own: seen in CI, its list never went). (A string: this project's TypeScript has no DOM
 * types; it runs in the page.)
 */
const SHOWN = `(() => {
  const widget = document.querySelector(${JSON.stringify(QUICK_INPUT)});
  const list = widget && widget.querySelector('.quick-input-list');
  if (!list || !list.checkVisibility()) return '';
  const text = (selector) => widget.querySelector(selector)?.textContent?.trim() ?? '';
  const labels = [...list.querySelectorAll('.monaco-list-row')].map((row) => row.querySelector('.label-name')?.textContent?.trim() ?? '');
  return JSON.stringify([text('.quick-input-title'), widget.querySelector('.quick-input-box input')?.placeholder ?? '', labels]);
})()`;

/**
 * Waits for the quick pick titled `title`, takes the screenshot `shot` if given, chooses `label` with a click, or
 * the first item with Enter when no label is given, and waits until the quick input no longer shows this pick.
 * Returns the items' labels, in order.
 */
export async function pickQuickItem(workbench: Workbench, title: string, label?: string, { shot }: { shot?: string } = {}): Promise<string[]> {
  const { page } = workbench;
  await page.locator(`${QUICK_INPUT} .quick-input-title`, { hasText: exactly(title) }).waitFor({ state: 'visible', timeout: 30_000 });
  const rows = page.locator(ROW);
  await rows.first().waitFor({ state: 'visible', timeout: 30_000 });
  // A row's first .label-name is its label; an item's detail line is a second one.
  const labels = await rows.evaluateAll((found) => found.map((row) => row.querySelector('.label-name')?.textContent?.trim() ?? ''));
  if (shot) await workbench.screenshot(shot);
  const before = (await page.evaluate(SHOWN)) as string;
  // Enter in the pick's own box, where the focus is when it opens: the walkthrough page whose button opened it can
  // take the focus back a moment later, and an Enter there presses that button again (a new, identical pick).
  if (label === undefined) await page.locator(`${QUICK_INPUT} .quick-input-box input`).press('Enter');
  else await page.locator(ROW, { has: page.locator('.label-name', { hasText: exactly(label) }) }).first().click();
  await page.waitForFunction(`${SHOWN} !== ${JSON.stringify(before)}`, undefined, { timeout: 30_000 });
  return labels;
}
