// A person opens the workspace: the OpenHands item appears in the activity bar, and
// F1 > "OpenHands: Show Log" activates the extension and shows its output channel, which names the
// server it talks to (the contract server, from the machine-scoped openhands.serverUrl).
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';

export default scenario('the extension activates and shows its log', async ({ workbench, page, context }) => {
  await workbench.waitForActivityBarItem();
  const panel = page.locator('.part.panel');
  await workbench.runCommand('OpenHands: Show Log');
  try {
    await panel.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    // Seen about once in seven runs: the command that activates the extension does not reveal the
    // Output panel. A person would run it again; say so, so the race stays visible.
    console.log('    note: the first "OpenHands: Show Log" (which activated the extension) did not reveal the Output panel; running it again');
    await workbench.runCommand('OpenHands: Show Log');
    await panel.waitFor({ state: 'visible', timeout: 20_000 });
  }
  assert.equal(await panel.locator('select.monaco-select-box').first().inputValue().catch(() => ''), 'OpenHands');
  await panel.locator('.view-lines', { hasText: `Server: ${context.contractUrl}` }).waitFor({ timeout: 30_000 });
});
