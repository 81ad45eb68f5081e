// The workspace is a real git clone: the status bar shows its branch, and a right-click on a file in the
// explorer opens the file's context menu (where feature scenarios find their own entries).
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';

export default scenario('the workspace is a git repository on its feature branch', async ({ workbench, page, context }) => {
  const branch = page.locator('.part.statusbar .statusbar-item', { hasText: context.branch });
  await branch.first().waitFor({ timeout: 30_000 });
  const menu = await workbench.rightClickExplorerItem('README.md');
  assert.ok(menu.includes('Open to the Side'), `context menu: ${JSON.stringify(menu)}`);
  await workbench.screenshot('context-menu');
  await page.keyboard.press('Escape');
});
