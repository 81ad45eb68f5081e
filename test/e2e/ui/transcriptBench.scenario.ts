// The transcript tab's figures for `npm run bench` (issue 23), on the stand-in's 5,000-event V1 conversation:
// the time from a click on its row to the page painting its last events (measured in the page, on the frame the
// last item first shows), the page's JS heap then and 30 s later, and the requests per minute about that
// conversation with its tab open and once closed (the latter must be 0). Printed, with the targets; only
// what must hold whatever the load (the last events shown, nothing asked once closed) fails it.
import * as assert from 'node:assert/strict';
import type { Frame, Locator, Page } from 'playwright-core';
import { scenario } from '../harness/scenario';
import { setApiKey } from '../harness/ui/conversationSteps';
import { firstConversationRow, transcriptPage, viewSettled } from '../harness/ui/transcriptSteps';
import { newestExtensionLog, readLogLines } from '../harness/extensionLog';
import { firstPaintParts, type FirstPaintParts } from '../harness/firstPaint';
import { until } from '../../support/until';

const EVENTS = 5000;
const WINDOW_MS = 30_000;
const LAST_MESSAGE = 'All steps done.';

async function seedLong(url: string): Promise<string> {
  const answer = await fetch(`${url}/_test/conversations`, { method: 'POST', body: JSON.stringify({ count: 1, events: EVENTS }) });
  const { ids } = await answer.json() as { ids: string[] };
  return ids[0]!;
}

/** From the click on the row to the page painting the last events: checked on every animation frame in the page, whose clock is the machine's, as the click's is. */
async function openMs(page: Page, row: Locator): Promise<{ ms: number; frame: Frame; clicked: number; painted: number }> {
  const clicked = Date.now();
  await row.click();
  const frame = await transcriptPage(page);
  const painted = Number(await (await frame.waitForFunction(
    `[...document.querySelectorAll('article')].some((a) => a.textContent.includes(${JSON.stringify(LAST_MESSAGE)})) && Date.now()`,
    undefined, { polling: 'raf', timeout: 60_000 })).jsonValue());
  return { ms: painted - clicked, frame, clicked, painted };
}

/** The opening's parts (harness/firstPaint.ts), once the extension's log holds its lines (it is written behind). */
async function partsOf(userDataDir: string, id: string, opened: { clicked: number; painted: number }): Promise<FirstPaintParts> {
  return until('the transcript\'s timings in the extension\'s log', async () => {
    const log = newestExtensionLog(userDataDir);
    try {
      return log ? firstPaintParts(readLogLines(log), id, opened.clicked, opened.painted) : undefined;
    } catch {
      return undefined;
    }
  }, 10_000);
}

function partRows(when: string, parts: FirstPaintParts): [string, string, string][] {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return [
    [`transcript ${when}: the extension's share (agentWork.js ${ms(parts.loadMs)}, read beyond the webview's start ${ms(parts.readBeyondStartMs)}, render ${ms(parts.renderMs)})`, ms(parts.extensionMs), '<= 500 ms'],
    [`transcript ${when}: VS Code's share (command dispatch ${ms(parts.dispatchMs)}, webview start ${ms(parts.webviewStartMs)})`, ms(parts.vscodeMs), ''],
  ];
}

/** The page's JS heap in use (Chromium's performance.memory), in KiB. */
async function heapKiB(frame: Frame): Promise<number> {
  return Number(await frame.evaluate('performance.memory ? performance.memory.usedJSHeapSize : 0')) / 1024;
}

export default scenario('transcript bench: a 5,000-event conversation, from its row to the last events painted; heap; requests open and closed', async ({ workbench, page, server, context }) => {
  const id = await seedLong(server.url);
  await setApiKey(workbench, context);
  const row = await firstConversationRow(workbench);
  await viewSettled(server, page);

  // The window's first webview starts VS Code's webview machinery (its service worker): timed apart from the next.
  const cold = await openMs(page, row);
  await workbench.runCommand('View: Close All Editors');
  const warm = await openMs(page, row);
  const { ms: warmMs, frame } = warm;
  const heapAtPaint = await heapKiB(frame);
  const items = await frame.locator('article').count();
  const coldParts = await partsOf(context.userDataDir, id, cold);
  const warmParts = await partsOf(context.userDataDir, id, warm);
  await workbench.screenshot('transcript-bench');

  const about = () => server.requests.filter((r) => r.path.includes(id)).length;
  let from = about();
  await page.waitForTimeout(WINDOW_MS);
  const openPerMinute = ((about() - from) * 60_000) / WINDOW_MS;
  const heapGrowth = (await heapKiB(frame)) - heapAtPaint;
  await workbench.runCommand('View: Close All Editors');
  await page.waitForTimeout(1000);
  from = about();
  await page.waitForTimeout(WINDOW_MS);
  const closedPerMinute = ((about() - from) * 60_000) / WINDOW_MS;

  const rows: [string, string, string][] = [
    [`transcript: row click to its last events painted, the window's first webview (${EVENTS} events)`, `${cold.ms} ms`, ''],
    [`transcript: row click to its last events painted, opened again (${EVENTS} events, ${items} items shown)`, `${warmMs} ms`, '<= 500 ms'],
    ...partRows('first in the window', coldParts),
    ...partRows('opened again', warmParts),
    ['transcript: the renderer\'s JS heap once painted (shared with the workbench)', `${heapAtPaint.toFixed(0)} KiB`, ''],
    [`transcript: its growth over ${WINDOW_MS / 1000} s open`, `${heapGrowth.toFixed(0)} KiB`, ''],
    [`transcript: requests/min about the conversation, tab open (run ended, ${WINDOW_MS / 1000} s)`, openPerMinute.toFixed(1), ''],
    [`transcript: requests/min about the conversation, tab closed (${WINDOW_MS / 1000} s)`, closedPerMinute.toFixed(1), '0'],
  ];
  for (const [name, value, target] of rows) console.log(`bench: ${name.padEnd(96)} ${value.padStart(12)}  ${target}`);
  assert.ok(items > 0);
  assert.equal(closedPerMinute, 0, 'a closed tab asks nothing');
}, { line: 'v1', timeoutMs: 180_000, bench: true });
