// What a person does with the Settings panel, for the UI scenarios: open it, read its rows and welcome views,
// use a row's inline or context-menu actions, answer the input boxes and modal dialogs the actions open, and
// check on the contract server what an action stored.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { LINE_PATHS, type ContractServer, type E2eLine } from '../contract';
import type { E2eContext } from '../context';
import type { ServerTarget } from '../serverTarget';
import type { Workbench } from '../workbench';
import { SEEDED_SETTINGS, seedSettings } from '../../../support/fixtures/settingsFixture';
import { withChange } from '../../../support/storedSettings';
import { until } from '../../../support/until';
import { pickQuickItem, SET_API_KEY } from './quickPick';

const QUICK_INPUT = '.quick-input-widget';
const SIDE_BAR_WIDTH = 520;

export { until };

function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

export { STAND_IN_API } from '../contract';

export class SettingsPanel {
  constructor(
    readonly workbench: Workbench,
    readonly page: Page,
  ) {}

  private paneHeader(title: string): Locator {
    return this.page.locator('.part.sidebar .pane-header', { has: this.page.locator('h3.title', { hasText: exactly(title) }) });
  }

  get pane(): Locator {
    return this.paneTitled('Settings');
  }

  private paneTitled(title: string): Locator {
    return this.page.locator('.part.sidebar .pane', { has: this.page.locator('.pane-header h3.title', { hasText: exactly(title) }) });
  }

  /**
   * Clicks the OpenHands activity-bar item, widens the side bar so values show in full, and collapses the
   * Conversations view so Settings has the room.
   */
  async open(): Promise<void> {
    const sideBar = await this.workbench.openActivityBarItem();
    await this.pane.waitFor({ timeout: 30_000 });
    const box = await sideBar.boundingBox();
    if (box && box.width < SIDE_BAR_WIDTH) {
      // The sash on the side bar's right edge, dragged as a person would.
      await this.page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
      await this.page.mouse.down();
      await this.page.mouse.move(box.x + SIDE_BAR_WIDTH, box.y + box.height / 2, { steps: 5 });
      await this.page.mouse.up();
    }
    const conversations = this.paneHeader('Conversations');
    if ((await conversations.getAttribute('aria-expanded')) === 'true') await conversations.click();
    if ((await this.paneHeader('Settings').getAttribute('aria-expanded')) !== 'true') await this.paneHeader('Settings').click();
  }

  /** Expands the Conversations view beside Settings (open() collapses it); its pane. */
  async showConversations(): Promise<Locator> {
    const header = this.paneHeader('Conversations');
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    return this.paneTitled('Conversations');
  }

  /** The text after the view's title: the server the panel is about. */
  async headerDescription(): Promise<string> {
    return (await this.paneHeader('Settings').locator('.description').innerText()).trim();
  }

  /** Waits for the welcome view whose text matches; returns its paragraphs and its buttons. */
  async waitForWelcome(text: RegExp): Promise<{ text: string; buttons: string[] }> {
    const content = this.pane.locator('.welcome-view-content', { hasText: text });
    await content.waitFor({ timeout: 30_000 });
    return {
      text: (await content.locator('p').allInnerTexts()).join('\n'),
      buttons: (await content.locator('.monaco-button').allInnerTexts()).map((label) => label.trim()),
    };
  }

  async clickWelcomeButton(label: string, timeoutMs = 30_000): Promise<void> {
    await this.welcomeButton(label).click({ timeout: timeoutMs });
  }

  /** Whether the welcome view offers the button now. */
  async offersWelcomeButton(label: string): Promise<boolean> {
    return (await this.welcomeButton(label).count()) > 0;
  }

  private welcomeButton(label: string): Locator {
    return this.pane.locator('.welcome-view-content .monaco-button', { hasText: exactly(label) });
  }

  /** A row of the tree by its label; `level` 1 is a group, 2 a field or an MCP list, 3 an MCP server. */
  row(label: string, level: number): Locator {
    return this.pane
      .locator(`.monaco-list-row[aria-level="${level}"]`, { has: this.page.locator('.label-name', { hasText: exactly(label) }) })
      .first();
  }

  /** The labels of the groups (the tree's first level) shown now, in order. */
  async groups(): Promise<string[]> {
    return (await this.pane.locator('.monaco-list-row[aria-level="1"] .label-name').allInnerTexts()).map((label) => label.trim());
  }

  async description(label: string, level: number): Promise<string> {
    const row = this.row(label, level);
    await row.waitFor({ timeout: 30_000 });
    const description = row.locator('.label-description');
    return (await description.count()) > 0 ? (await description.innerText()).trim() : '';
  }

  /** Waits until the row shows `expected` next to its label. */
  async waitForDescription(label: string, level: number, expected: string): Promise<void> {
    let last = '';
    await until(`"${label}" to show ${JSON.stringify(expected)}`, async () => {
      last = await this.description(label, level).catch(() => '');
      return last === expected ? true : undefined;
    }).catch((error: Error) => {
      throw new Error(`${error.message}; it shows ${JSON.stringify(last)}`);
    });
  }

  async setExpanded(label: string, level: number, expanded: boolean): Promise<void> {
    const row = this.row(label, level);
    await row.waitFor({ timeout: 30_000 });
    if ((await row.getAttribute('aria-expanded')) !== String(expanded)) await row.locator('.monaco-tl-twistie').click();
    await this.pane.locator(`.monaco-list-row[aria-level="${level}"][aria-expanded="${expanded}"]`, {
      has: this.page.locator('.label-name', { hasText: exactly(label) }),
    }).waitFor({ timeout: 10_000 });
  }

  /** Hovers a row and clicks one of its inline actions (the buttons at the right end of the row). */
  async inlineAction(label: string, level: number, action: string): Promise<void> {
    const row = this.row(label, level);
    await row.hover();
    await row.locator(`.actions .action-label[aria-label="${action}"]`).click();
  }

  /** The inline actions a row offers, by their titles. */
  async inlineActions(label: string, level: number): Promise<string[]> {
    const row = this.row(label, level);
    await row.hover();
    return row.locator('.actions .action-label').evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''));
  }

  /** Right-clicks a row and chooses `action` from its context menu; returns the menu's labels. */
  async contextAction(label: string, level: number, action: string): Promise<string[]> {
    await this.row(label, level).click({ button: 'right' });
    return this.workbench.chooseContextMenuItem(action);
  }

  /** The line above the tree (the note after a save, or why a save was refused). */
  async message(): Promise<string> {
    const message = this.pane.locator('.pane-body .message');
    return (await message.count()) > 0 ? (await message.first().innerText()).trim() : '';
  }

  /**
   * Answers the input box (or quick pick) titled `title`: types `text` and presses Enter. Waits for the box to
   * go, so that the next box of a multi-step action is not mistaken for this one.
   */
  async answer(title: string, text: string, { password = false } = {}): Promise<{ prefilled: string }> {
    const widget = this.page.locator(QUICK_INPUT);
    const titled = widget.locator('.quick-input-title', { hasText: exactly(title) });
    await titled.waitFor({ state: 'visible', timeout: 30_000 });
    const box = widget.locator('.quick-input-box input');
    assert.equal(await box.getAttribute('type'), password ? 'password' : 'text', `the input box "${title}" has the wrong type`);
    const prefilled = await box.inputValue();
    await box.fill(text);
    await this.page.keyboard.press('Enter');
    await titled.waitFor({ state: 'hidden', timeout: 30_000 });
    return { prefilled };
  }

  /**
   * Types `text` into the open input box titled `title` without accepting it; returns the validation message
   * that replaces the box's prompt.
   */
  async validationMessage(title: string, text: string): Promise<string> {
    const widget = this.page.locator(QUICK_INPUT);
    await widget.locator('.quick-input-title', { hasText: exactly(title) }).waitFor({ state: 'visible', timeout: 30_000 });
    const message = widget.locator('.quick-input-message');
    const prompt = (await message.innerText().catch(() => '')).trim();
    await widget.locator('.quick-input-box input').fill(text);
    return until('the validation message', async () => {
      const shown = (await message.innerText().catch(() => '')).trim();
      return shown && shown !== prompt ? shown : undefined;
    }, 10_000);
  }

  /** Clicks `button` of the modal dialog; returns the dialog's message. */
  async answerModal(button: string): Promise<string> {
    const dialog = this.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    const message = (await dialog.locator('.dialog-message-container').innerText()).trim();
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: exactly(button) }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    return message;
  }

  /** The status bar item of the extension. */
  async statusBarItem(): Promise<string> {
    return until('the OpenHands status bar item', async () => (await this.workbench.statusBarTexts()).find((text) => text.startsWith('OpenHands')));
  }

  /** Waits until the status bar item reads `expected`. */
  async waitForStatusBar(expected: string): Promise<void> {
    await until(`the status bar to read ${JSON.stringify(expected)}`, async () =>
      (await this.workbench.statusBarTexts()).includes(expected) ? true : undefined);
  }
}

function settingsPosts(server: ContractServer, line: E2eLine) {
  return server.requests.filter((r) => r.method === 'POST' && r.path === LINE_PATHS[line].settingsPath);
}


/**
 * The Settings view opened, then Change Server URL to `target`, as a person does: resolves once the view names the
 * server, having read what it speaks (the welcome before that may be the old URL's).
 */
export async function panelOnServer(workbench: Workbench, page: Page, target: Pick<ServerTarget, 'url' | 'apiLabel'>): Promise<SettingsPanel> {
  const panel = new SettingsPanel(workbench, page);
  await panel.open();
  await workbench.runCommand('OpenHands: Change Server URL');
  await panel.answer('OpenHands: Change Server URL', target.url);
  await until('the view to name the server', async () => ((await panel.headerDescription()) === `${target.url} · ${target.apiLabel}` ? true : undefined));
  return panel;
}
/**
 * Seeds the server (of `line`), sets the session key through F1 > "OpenHands: Set API Key" (Enter on the kind, the key typed
 * into its password box),
 * opens the panel and waits for the seeded model to show.
 */
export async function openSeededPanel(workbench: Workbench, page: Page, server: ContractServer, context: E2eContext, line: E2eLine = 'v0'): Promise<SettingsPanel> {
  await seedSettings(server.url, context.sessionApiKey, SEEDED_SETTINGS, line);
  const panel = new SettingsPanel(workbench, page);
  await workbench.runCommand(SET_API_KEY);
  await pickQuickItem(workbench, SET_API_KEY);
  await panel.answer(SET_API_KEY, context.sessionApiKey, { password: true });
  await panel.open();
  await panel.waitForDescription('Model', 2, SEEDED_SETTINGS.llm_model);
  return panel;
}

/**
 * Runs a person's action and asserts that it was saved with one POST of the settings and that the stored settings
 * are the earlier ones with exactly `change` (fields of the model) applied where `line`'s server keeps them: every
 * other field, the stored secrets included, unchanged.
 */
export async function expectOnlyChange(server: ContractServer, action: () => Promise<void>, change: Record<string, unknown>, line: E2eLine = 'v0'): Promise<void> {
  const before = server.storedSettings();
  assert.ok(before, 'the server has no settings before the edit');
  const posts = settingsPosts(server, line).length;
  await action();
  await until('the save to reach the server', async () => {
    const all = settingsPosts(server, line);
    return all.length > posts && all.every((post) => post.status !== 0) ? true : undefined;
  });
  const sent = settingsPosts(server, line).slice(posts);
  assert.deepEqual(sent.map((post) => post.status), [200], `the action did not make exactly one accepted POST ${LINE_PATHS[line].settingsPath}`);
  assert.deepEqual(server.storedSettings(), withChange(line, before, change));
}

/** Asserts that none of `secrets` is anywhere in the page: text, attributes, hovers. */
export async function assertNoSecretInPage(page: Page, secrets: readonly string[]): Promise<void> {
  const html = await page.content();
  for (const secret of secrets) assert.ok(!html.includes(secret), `the page shows the secret ${secret}`);
}
