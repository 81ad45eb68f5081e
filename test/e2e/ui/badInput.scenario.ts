// A person types what the extension cannot use into its input boxes: a server URL without http(s):// or with
// another scheme, a max-iterations value that is no whole number of at least 1, an MCP URL without a scheme.
// Each box says why and stays open on Enter; nothing reaches the server and no setting changes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeRequests, settledCount } from '../harness/requests';
import { scenario } from '../harness/scenario';
import { openSeededPanel, until } from '../harness/ui/settingsPanelUi';

const QUICK_INPUT = '.quick-input-widget';

export default scenario('bad input in the input boxes is refused with a message and sends nothing', async ({ workbench, page, server, context }) => {
  const panel = await openSeededPanel(workbench, page, server, context);
  const stored = server.storedSettings();
  const settled = await settledCount(() => server.requests);
  const widget = page.locator(QUICK_INPUT);
  const title = (text: string) => widget.locator('.quick-input-title', { hasText: text });

  /** Types `text` into the open box titled `boxTitle`, waits for `expected` below it, presses Enter: the box stays. */
  async function refused(boxTitle: string, text: string, expected: RegExp): Promise<string> {
    await title(boxTitle).waitFor({ state: 'visible', timeout: 30_000 });
    await widget.locator('.quick-input-box input').fill(text);
    let shown = '';
    await until(`the message for ${JSON.stringify(text)} to match ${expected}`, async () => {
      shown = (await widget.locator('.quick-input-message').innerText().catch(() => '')).trim();
      return expected.test(shown) ? true : undefined;
    }, 10_000).catch((error: Error) => {
      throw new Error(`${error.message}; it shows ${JSON.stringify(shown)}`);
    });
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    assert.ok(await title(boxTitle).isVisible(), `Enter with ${JSON.stringify(text)} closed the box "${boxTitle}"`);
    return shown;
  }

  await workbench.runCommand('OpenHands: Change Server URL');
  await refused('OpenHands: Change Server URL', 'localhost:3000', /must start with http:\/\/ or https:\/\//);
  await refused('OpenHands: Change Server URL', 'ftp://x', /must start with http:\/\/ or https:\/\//);
  await page.keyboard.press('Escape');

  await panel.setExpanded('Agent', 1, true);
  await panel.contextAction('Max iterations', 2, 'Edit Setting');
  await refused('Set Max iterations', '0', /Max iterations must be at least 1/);
  await refused('Set Max iterations', 'abc', /Max iterations must be a number/);
  await refused('Set Max iterations', '2.5', /Max iterations must be a whole number/);
  await page.keyboard.press('Escape');

  await panel.setExpanded('MCP servers', 1, true);
  await panel.contextAction('SSE', 2, 'Add MCP Server');
  await refused('MCP server URL', 'a.b/sse', /URL must include a scheme/);
  await refused('MCP server URL', 'ftp://a.b/sse', /URL scheme must be http, https, ws, or wss/);
  await page.keyboard.press('Escape');
  await workbench.screenshot('refused');

  // Nothing was sent, nothing stored, the server URL setting unchanged.
  const after = await settledCount(() => server.requests);
  assert.equal(after, settled, `requests after the refused input: ${describeRequests(server.requests.slice(settled))}`);
  assert.deepEqual(server.storedSettings(), stored);
  const machine = JSON.parse(fs.readFileSync(path.join(context.userDataDir, 'Machine', 'settings.json'), 'utf8')) as Record<string, unknown>;
  assert.equal(machine['openhands.serverUrl'], context.contractUrl);
  const userFile = path.join(context.userDataDir, 'User', 'settings.json');
  const user = fs.existsSync(userFile) ? fs.readFileSync(userFile, 'utf8') : '';
  assert.ok(!user.includes('openhands.serverUrl'), 'Change Server URL wrote a server URL to the user settings');
});
