// What a person does in the VS Code workbench, for UI scenarios: run a command from F1, click our
// activity-bar item, answer an input box, right-click in the explorer, read a notification, take a screenshot.
import type { Locator, Page } from 'playwright-core';

/** The title of the extension's activity-bar view container. */
export const OUR_CONTAINER = 'OpenHands';

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;

/**
 * In the page, what the command palette shows of the command `title` with `typed` in its filter: 'closed' once the
 * widget is hidden, 'offered' when the focused row is the command, 'below' when it is listed under the focused row,
 * else nothing (the filter is still being typed or applied).
 */
const PALETTE_STATE = (typed: string, title: string) => `(() => {
  const widget = document.querySelector(${JSON.stringify(QUICK_INPUT)});
  const input = widget && widget.querySelector('.quick-input-box input');
  if (!input || !input.checkVisibility()) return 'closed';
  if (input.value !== ${JSON.stringify(typed)}) return '';
  const label = (row) => row && row.querySelector('.label-name')?.textContent?.trim();
  const rows = [...widget.querySelectorAll('.quick-input-list .monaco-list-row')];
  const focused = rows.find((row) => row.classList.contains('focused'));
  if (label(focused) === ${JSON.stringify(title)}) return 'offered';
  const at = (row) => Number(row.getAttribute('data-index'));
  const command = rows.find((row) => label(row) === ${JSON.stringify(title)});
  return command && focused && at(command) > at(focused) ? 'below' : '';
})()`;

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class Workbench {
  constructor(
    readonly page: Page,
    private readonly screenshotPrefix: string,
  ) {}

  /** Opens the workbench at `url` and waits until the explorer shows the workspace and our contributions arrived. */
  async open(url: string, { waitForExtension = true } = {}): Promise<void> {
    await this.page.goto(url);
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await this.page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
    // Contributions of the remote extension host arrive after the workbench paints; before that
    // F1 finds none of our commands.
    if (waitForExtension) await this.waitForActivityBarItem();
  }

  activityBarItem(label: string = OUR_CONTAINER): Locator {
    const prefix = `[aria-label^="${label}"]`;
    return this.page.locator(`.part.activitybar .action-item a${prefix}, .part.activitybar .action-item${prefix}`).first();
  }

  async waitForActivityBarItem(label: string = OUR_CONTAINER, timeoutMs = 60_000): Promise<Locator> {
    const item = this.activityBarItem(label);
    await item.waitFor({ timeout: timeoutMs });
    return item;
  }

  /**
   * Shows an activity-bar item's side bar, as a person would: click the item unless its side bar is showing
   * already (a click on the active item closes the side bar, and a reloaded workbench may restore ours while
   * we look). Returns the side bar.
   */
  async openActivityBarItem(label: string = OUR_CONTAINER): Promise<Locator> {
    const item = await this.waitForActivityBarItem(label);
    const sideBar = this.page.locator('.part.sidebar');
    // The title is upper-cased by CSS; match its text case-insensitively.
    const title = sideBar.locator('.composite.title h2', { hasText: new RegExp(escapeRegExp(label), 'i') });
    const deadline = Date.now() + 30_000;
    while (!(await title.isVisible())) {
      if (Date.now() > deadline) throw new Error(`the side bar of "${label}" did not show within 30 s`);
      // 'checked' marks the item whose container the side bar shows (or is restoring): clicking it would close it.
      const active = await item.evaluate((element) => element.closest('.action-item')?.classList.contains('checked') ?? false);
      if (!active) await item.click();
      await title.waitFor({ timeout: 2_000 }).catch(() => undefined);
    }
    return sideBar;
  }

  /** The rows of the tree/list views in the side bar, as text. */
  async sideBarRows(): Promise<string[]> {
    return this.page.locator('.part.sidebar .pane-body .monaco-list-row').allInnerTexts();
  }

  /** Developer: Reload Window (the extension host starts again, the editors are restored), then waits for our contributions. */
  async reloadWindow(): Promise<void> {
    await this.offerInPalette('Developer: Reload Window');
    const loaded = this.page.waitForEvent('load', { timeout: 60_000 });
    await this.page.locator(QUICK_INPUT_BOX).press('Enter');
    await loaded;
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await this.waitForActivityBarItem();
  }

  /** F1, type the command's title, Enter on it. Returns once the palette is gone or shows the command's own input. */
  async runCommand(title: string): Promise<void> {
    const typed = await this.offerInPalette(title);
    // Enter, not a click: it takes the row the palette offers, while a click aims at a row that may be re-rendered or
    // hidden meanwhile (seen in CI: a row resolved in a list of 719 commands was "not visible" for 30 s).
    await this.page.locator(QUICK_INPUT_BOX).press('Enter');
    // A command that asks for input reuses the same widget: wait until it no longer holds the palette's text.
    // (A string: this project's TypeScript has no DOM types; it runs in the page.)
    await this.page.waitForFunction(
      `(() => { const input = document.querySelector(${JSON.stringify(QUICK_INPUT_BOX)});
        return !input || input.offsetParent === null || input.value !== ${JSON.stringify(typed)}; })()`,
    );
  }

  /**
   * Opens the command palette and types `title` until the palette offers that command: its filter holds exactly the
   * title and the focused row is the command. The palette closes when something else takes the focus (a webview tab
   * that opens late, under load), and what was typed then went elsewhere: it is opened once more. Returns the
   * palette's text.
   */
  private async offerInPalette(title: string): Promise<string> {
    const typed = `>${title}`;
    for (let attempt = 1; ; attempt++) {
      await this.pressToOpenPalette();
      await this.page.keyboard.type(title);
      if ((await this.paletteOffers(typed, title)) === 'offered') return typed;
      if (attempt === 2) throw new Error(`the command palette closed twice while "${title}" was typed in it`);
    }
  }

  /**
   * F1 until the palette shows. A key pressed while a webview tab is taking the focus (its frame loading, seen in CI
   * right after a row click opened a transcript) reaches neither the webview nor the workbench; a person presses it
   * again. Three presses, 5 s apart, then the failure says so.
   */
  private async pressToOpenPalette(): Promise<void> {
    const box = this.page.locator(QUICK_INPUT_BOX);
    for (let press = 1; press <= 3; press++) {
      await this.page.keyboard.press('F1');
      if (await box.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)) return;
    }
    throw new Error(`F1 did not open the command palette in 3 presses; the focus was on ${await this.focusedElement()}`);
  }

  /** The focused element, tag and classes, to say where a key went. */
  private async focusedElement(): Promise<string> {
    return this.page.evaluate(`(() => { const e = document.activeElement; return e ? e.tagName + '.' + [...e.classList].join('.') : 'nothing'; })()`);
  }

  /**
   * Waits until the palette offers the command `title` with `typed` in its filter, or closes. A command of the same
   * words used more recently is listed above it: the focus goes down to it, as a person's arrow key would.
   */
  private async paletteOffers(typed: string, title: string): Promise<'offered' | 'closed'> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const state = await this.page
        .waitForFunction(PALETTE_STATE(typed, title), undefined, { timeout: Math.max(deadline - Date.now(), 1) })
        .catch(async (error: unknown) => {
          throw new Error(`the command palette did not offer "${title}" within 30 s; it showed ${await this.paletteShows()}`, { cause: error });
        });
      const found = (await state.jsonValue()) as 'offered' | 'closed' | 'below';
      if (found !== 'below') return found;
      await this.page.locator(QUICK_INPUT_BOX).press('ArrowDown');
    }
  }

  /** The palette's text and the labels of its rendered rows, focused one marked, to say what it showed instead. */
  private async paletteShows(): Promise<string> {
    const typed = await this.page.locator(QUICK_INPUT_BOX).inputValue().catch(() => '(no input)');
    const rows = await this.page
      .locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`)
      .evaluateAll((found) => found.map((row) => `${row.classList.contains('focused') ? '> ' : ''}${row.querySelector('.label-name')?.textContent?.trim() ?? ''}`));
    return JSON.stringify({ typed, rows });
  }

  /**
   * Waits for an input box (a showInputBox or a quick pick's filter), types `text`, presses Enter.
   * Returns the prompt/placeholder shown, so scenarios can check what was asked, and the time (Date.now())
   * just before Enter, to tell the requests the answer caused from earlier ones.
   */
  async answerInputBox(text: string, { password }: { password?: boolean } = {}): Promise<{ prompt: string; answeredAt: number }> {
    const box = this.page.locator(QUICK_INPUT_BOX);
    await box.waitFor({ state: 'visible', timeout: 30_000 });
    if (password !== undefined) {
      const expected = password ? 'password' : 'text';
      await this.page
        .locator(`${QUICK_INPUT_BOX}[type="${expected}"]`)
        .waitFor({ state: 'visible', timeout: 10_000 })
        .catch(async () => {
          throw new Error(`the input box is of type ${await box.getAttribute('type')}, expected ${expected}`);
        });
    }
    const prompt = [
      (await box.getAttribute('placeholder')) ?? '',
      await this.page.locator(`${QUICK_INPUT} .quick-input-message`).innerText().catch(() => ''),
    ]
      .filter(Boolean)
      .join(' | ');
    await box.fill(text);
    const answeredAt = Date.now();
    await this.page.keyboard.press('Enter');
    await this.page.locator(QUICK_INPUT).waitFor({ state: 'hidden', timeout: 30_000 });
    return { prompt, answeredAt };
  }

  /**
   * Waits for a notification containing `text` and returns its message. Toasts are hidden while code-server
   * runs with the smoke-test driver, so this falls back to the Notifications Center, which lists them all. The
   * center closes by itself when its last notification goes (a progress notification that ends, as the one of the
   * work a scenario waits on does), so it is opened again whenever it is found closed, until the deadline.
   */
  async readNotification(text: string | RegExp, timeoutMs = 30_000): Promise<string> {
    const toast = this.page.locator('.notifications-toasts .notification-list-item-message', { hasText: text }).first();
    const inCenter = this.page.locator('.notifications-center .notification-list-item-message', { hasText: text }).first();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await toast.isVisible()) return toast.innerText();
      if (await inCenter.isVisible()) return inCenter.innerText();
      if (!(await this.page.locator('.notifications-center').isVisible())) await this.showNotificationsCenter();
      await this.page.waitForTimeout(500);
    }
    const shown = await this.page.locator('.notification-list-item-message').allInnerTexts();
    throw new Error(`no notification matching ${String(text)} within ${timeoutMs / 1000} s; shown: ${JSON.stringify(shown)}`);
  }

  /**
   * Opens the Notifications Center through the status bar bell's own click handler: a click event dispatched on
   * its label. Not a pointer's click: the pointer left on the bell shows a hover (its tooltip, or in a loaded run
   * the text of the progress notification the scenario waited on) that intercepted the next pointer action on the
   * center until Playwright's 30 s ran out. Asked only while the center is closed, when the bell's command is Show (it is Hide while the center shows),
   * so it does not close what is open. Not F1: a webview taking the focus can swallow it. It waits a little for the
   * center and does not fail when it closed again meanwhile (its last notification went): the caller looks again.
   */
  private async showNotificationsCenter(): Promise<void> {
    await this.page.locator('.part.statusbar [id="status.notifications"] a.statusbar-item-label').dispatchEvent('click');
    await this.page.locator('.notifications-center').waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
  }

  /** Right-clicks a file or folder in the explorer; returns the labels of the context menu. */
  async rightClickExplorerItem(name: string): Promise<string[]> {
    await this.runCommand('View: Show Explorer');
    const row = this.page.locator('.explorer-folders-view .monaco-list-row', {
      has: this.page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }),
    });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click({ button: 'right' });
    // Context menus are rendered in an open shadow root; Playwright's CSS engine pierces it.
    const items = this.page.locator('.monaco-menu .action-item .action-label');
    await items.first().waitFor({ timeout: 10_000 });
    return (await items.allInnerTexts()).map((label) => label.trim()).filter(Boolean);
  }

  /**
   * Chooses `label` in the context menu that is opening; returns the menu's labels. A click that comes right
   * after the menu opened is sometimes taken for the end of the right-click and ignored; pointing at the item
   * and pressing Enter is always taken.
   */
  async chooseContextMenuItem(label: string): Promise<string[]> {
    const items = this.page.locator('.monaco-menu .action-item .action-label');
    await items.first().waitFor({ timeout: 10_000 });
    const labels = (await items.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    await this.clickContextMenuItem(label);
    return labels;
  }

  async clickContextMenuItem(label: string): Promise<void> {
    // A click that comes right after the menu opened is sometimes taken for the end of the right-click and
    // ignored; pointing at the item and pressing Enter is always taken, once the menu has focused the item
    // pointed at (under load the Enter can otherwise come first and run whichever item held the focus).
    const named = { has: this.page.locator('.action-label', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) };
    await this.page.locator('.monaco-menu .action-item').filter(named).first().hover();
    await this.page.locator('.monaco-menu .action-item.focused').filter(named).first().waitFor({ timeout: 10_000 });
    await this.page.keyboard.press('Enter');
    await this.page.locator('.monaco-menu').first().waitFor({ state: 'hidden', timeout: 10_000 });
  }

  /** The texts of the status bar items (the git branch of the workspace is one of them). */
  async statusBarTexts(): Promise<string[]> {
    return (await this.page.locator('.part.statusbar .statusbar-item').allInnerTexts()).map((text) => text.trim());
  }

  /** Saves a screenshot of the page as test-results/e2e/<scenario>-<name>.png; returns its path. */
  async screenshot(name?: string): Promise<string> {
    const file = `${this.screenshotPrefix}${name ? `-${name}` : ''}.png`;
    await this.page.screenshot({ path: file });
    return file;
  }
}
