// What a failed scenario leaves in the run's output, beside its screenshot: the side bar's text (which views,
// rows and welcome text a person saw) and the end of the extension's log (its states and requests). A CI run keeps
// only its output, so a failure that happens once in many runs is read from this, not from a file on that machine.
import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { newestExtensionLog } from './extensionLog';

const SIDE_BAR_CHARS = 1500;
const LOG_LINES = 30;

/** The side bar's visible text, one line per row, and the last lines of the newest OpenHands log. */
export async function failureDump(page: Page, userDataDir: string): Promise<string> {
  const sideBar = await page.locator('.part.sidebar').innerText({ timeout: 2000 })
    .then((text) => text.split('\n').map((line) => line.trim()).filter(Boolean).join(' | ').slice(0, SIDE_BAR_CHARS))
    .catch((error: Error) => `(not read: ${error.message.split('\n')[0]})`);
  const log = newestExtensionLog(userDataDir);
  const tail = log ? fs.readFileSync(log, 'utf8').trimEnd().split('\n').slice(-LOG_LINES) : ['(no OpenHands log found)'];
  return [`side bar: ${sideBar}`, `the extension's log, last ${tail.length} lines:`, ...tail.map((line) => `  ${line}`)].join('\n');
}
