// Chromium (the Debian package) driven by playwright-core; no browser download.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { RunFolder } from './runFolder';

const CHROMIUM_ARGS = [
  '--no-sandbox', // running as root in a container
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORT = { width: 1400, height: 900 };

export async function launchBrowser(executablePath: string, runFolder: RunFolder): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    env: runFolder.env(), // chromium writes ~/.config/chromium and ~/.cache: keep them in the run folder
    // The harness closes the browser in its own cleanup, in order, on Ctrl-C too.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** A fresh profile: nothing (secrets included, which code-server keeps in the browser) carries over. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  return { context, page };
}
