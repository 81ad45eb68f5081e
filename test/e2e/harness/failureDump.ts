// What a failed scenario leaves in the run's output, beside its screenshot: the side bar's text (which views,
// rows and welcome text a person saw), the editor tabs, a modal dialog's text if one is up (it takes every key),
// and the end of the extension's log (its states and requests). A CI run keeps
// only its output, so a failure that happens once in many runs is read from this, not from a file on that machine.
import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { newestExtensionLog } from './extensionLog';

const SIDE_BAR_CHARS = 1500;
const LOG_LINES = 30;

/** The visible text of what `selector` finds, one line per row, or why it was not read. */
async function textOf(page: Page, selector: string): Promise<string> {
  return page.locator(selector).allInnerTexts()
    .then((texts) => texts.join('\n').split('\n').map((line) => line.trim()).filter(Boolean).join(' | ').slice(0, SIDE_BAR_CHARS))
    .catch((error: Error) => `(not read: ${error.message.split('\n')[0]})`);
}

/** The side bar's and the tabs' visible text, a dialog's, and the last lines of the newest OpenHands log. */
export async function failureDump(page: Page, userDataDir: string): Promise<string> {
  const dialog = await textOf(page, '.monaco-dialog-box');
  const log = newestExtensionLog(userDataDir);
  const tail = log ? fs.readFileSync(log, 'utf8').trimEnd().split('\n').slice(-LOG_LINES) : ['(no OpenHands log found)'];
  return [
    `side bar: ${await textOf(page, '.part.sidebar')}`,
    `editor tabs: ${await textOf(page, '.part.editor .tabs-container .tab')}`,
    ...(dialog ? [`dialog: ${dialog}`] : []),
    `the extension's log, last ${tail.length} lines:`, ...tail.map((line) => `  ${line}`),
  ].join('\n');
}
