// The server URL points where nothing listens (the connection refused): Start Conversation and Configure LLM each end
// in the extension's message, "Cannot reach <URL>: the connection was refused", with what to do (Retry, Open Settings,
// Show Log), not in VS Code's "Command ... resulted in an error" dialog nor in nothing at all. At this machine's
// default of Agent Canvas (localhost:8000) the message offers Start a Local Agent Server first; at another port it
// does not (the stand-in lane starts no real server: the offer is looked at, not clicked).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { deadPort } from '../harness/localAgentServer';
import { until } from '../../support/until';
import { scenario } from '../harness/scenario';
import type { Workbench } from '../harness/workbench';
import { answerInput, buttonsOf, clearNotifications, notification } from '../harness/ui/conversationSteps';

const CANVAS_URL = 'http://localhost:8000';

export default scenario('a refused server URL: Start Conversation and Configure LLM show the message with its actions', async ({ workbench, page, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const useUrl = async (url: string) => {
    fs.writeFileSync(machineSettings, JSON.stringify({ ...(JSON.parse(original) as object), 'openhands.serverUrl': url }, null, 2));
    await page.locator('.part.statusbar', { hasText: 'OpenHands: offline' }).waitFor({ timeout: 30_000 });
  };
  try {
    const refused = `http://127.0.0.1:${await deadPort()}`;
    await useUrl(refused);
    assert.deepEqual(await startConversation(workbench, refused, 'start-refused'), ['Retry', 'Open Settings', 'Show Log']);
    assert.deepEqual(await configureLlm(workbench, refused, 'configure-refused'), ['Retry', 'Open Settings', 'Show Log']);

    // Back to the stand-in first, so that the next URL's change is seen (the status bar turns offline again).
    fs.writeFileSync(machineSettings, original);
    await until('the status bar to leave offline', async () => {
      const item = (await workbench.statusBarTexts()).find((text) => text.startsWith('OpenHands'));
      return item && item !== 'OpenHands: offline' ? true : undefined;
    }, 30_000);
    assert.equal(await listens(8000), false, `something listens on ${CANVAS_URL}: this scenario needs nothing there`);
    await useUrl(CANVAS_URL);
    const offered = ['Start a Local Agent Server', 'Retry', 'Open Settings', 'Show Log'];
    assert.deepEqual(await startConversation(workbench, CANVAS_URL, 'start-canvas'), offered);
    assert.deepEqual(await configureLlm(workbench, CANVAS_URL, 'configure-canvas'), offered);
  } finally {
    fs.writeFileSync(machineSettings, original);
  }
});

/** Start Conversation's message about `url`: its buttons. */
async function startConversation(workbench: Workbench, url: string, shot: string): Promise<string[]> {
  await clearNotifications(workbench);
  await workbench.runCommand('OpenHands: Start Conversation');
  await answerInput(workbench, 'OpenHands: Start Conversation', 'Add a widget factory');
  return shownError(workbench, url, shot);
}

/** Configure LLM's message about `url` (said before any question): its buttons. */
async function configureLlm(workbench: Workbench, url: string, shot: string): Promise<string[]> {
  await clearNotifications(workbench);
  await workbench.runCommand('OpenHands: Configure LLM');
  return shownError(workbench, url, shot);
}

async function shownError(workbench: Workbench, url: string, shot: string): Promise<string[]> {
  const error = await notification(workbench, new RegExp(`Cannot reach ${url.replace(/[.:/]/g, '\\$&')}/?: the connection was refused`));
  await workbench.screenshot(shot);
  const text = await error.innerText();
  assert.doesNotMatch(text, /resulted in an error/, 'VS Code\'s own dialog, not the extension\'s message');
  return buttonsOf(error);
}

/** Whether something accepts connections on this machine's `port`. */
function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
    socket.on('error', () => resolve(false));
  });
}
