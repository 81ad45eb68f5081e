// The Start Conversation key must be free in VS Code's default key bindings on macOS and Windows too. The
// workbench picks its platform's bindings from the browser, so the page reloads as that platform's browser,
// opens "Preferences: Open Default Keyboard Shortcuts (JSON)" and copies the document out through the
// editor's context menu. The extension-host suite checks the platform the tests run on.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../harness/paths';
import { scenario } from '../harness/scenario';
import { otherBindingsOf, parseDefaultKeybindings } from '../../support/fixtures/defaultKeybindings';

const START_CONVERSATION = 'openhands.startConversation';

const PLATFORMS = [
  {
    name: 'macOS',
    manifestKey: 'mac',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    platform: 'MacIntel',
    selectAll: 'Meta+KeyA',
    // VS Code writes the macOS modifiers in this order.
    normalize: (key: string) => key.replace(/^cmd\+alt\+/, 'alt+cmd+'),
  },
  {
    name: 'Windows',
    manifestKey: 'win',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    platform: 'Win32',
    selectAll: 'Control+KeyA',
    normalize: (key: string) => key,
  },
] as const;

function manifestKey(platform: 'mac' | 'win'): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    contributes: { keybindings: Array<{ command: string; key: string; mac?: string; win?: string }> };
  };
  const binding = manifest.contributes.keybindings.find((b) => b.command === START_CONVERSATION);
  assert.ok(binding, 'package.json binds no key to Start Conversation');
  return (binding[platform] ?? binding.key).toLowerCase();
}

export default PLATFORMS.map((os) =>
  scenario(`the Start Conversation key is free on ${os.name}`, async ({ workbench, page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: os.userAgent, platform: os.platform });
    await page.reload();
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await workbench.waitForActivityBarItem();

    await workbench.runCommand('Preferences: Open Default Keyboard Shortcuts (JSON)');
    const lines = page.locator('.editor-instance .view-lines').first();
    await lines.waitFor({ timeout: 30_000 });
    await lines.click();
    await page.keyboard.press(os.selectAll);
    await workbench.screenshot('document');
    // A click on a context menu item right after the menu opened is now and then ignored: try twice.
    let text = '';
    for (let attempt = 0; attempt < 2 && !text; attempt++) {
      await lines.click({ button: 'right' });
      await page.locator('.monaco-menu .action-item .action-label', { hasText: /^Copy$/ }).first().waitFor({ timeout: 10_000 });
      await workbench.clickContextMenuItem('Copy');
      await page.locator('.monaco-menu').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => page.keyboard.press('Escape'));
      text = String(await page.evaluate('navigator.clipboard.readText()'));
    }

    const bindings = parseDefaultKeybindings(text);
    assert.ok(bindings.length > 500, `only ${bindings.length} default key bindings read`);
    const key = os.normalize(manifestKey(os.manifestKey));
    assert.ok(bindings.some((b) => b.key === key && b.command === START_CONVERSATION), `${key} is not listed for Start Conversation: is this ${os.name}'s document?`);
    const others = otherBindingsOf(bindings, key, START_CONVERSATION);
    assert.deepEqual(others, [], `${key} is already bound by default on ${os.name}`);
  }),
);
