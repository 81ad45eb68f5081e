// A translation reaches the screen: VS Code runs with `--locale qps-ploc` and the extension carries pseudo-localized
// bundles (test/e2e/harness/pseudoLocale.ts). Each kind of text shows translated and its English nowhere:
// the manifest's (package.nls.qps-ploc.json: the activity-bar container, the view names, the command title in the
// palette), the VS Code layer's (vscode.l10n.t: Set API Key's title, the saved notification) and the model's through
// the text port (src/base/l10n.ts: core's connection state in the status bar, core's kinds of key and key prompt, the
// API transport's refusal in the Conversations view). The expected texts come from the same pseudo-localizer, never typed here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../harness/paths';
import { pseudoLocalized } from '../harness/pseudoLocale';
import { scenario } from '../harness/scenario';
import type { Workbench } from '../harness/workbench';
import { answerInput, clearNotifications } from '../harness/ui/conversationSteps';
import { pickQuickItem } from '../harness/ui/quickPick';
import { until } from '../../support/until';

const manifestTexts = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
/** A manifest text (package.nls.json) as the pseudo locale shows it. */
const manifest = (key: string) => pseudoLocalized(manifestTexts[key] ?? `missing ${key}`);

/** The status bar's connection text without its `$(icon)`, which the status bar draws as an icon. */
const connectionText = (icon: string, short: string) =>
  pseudoLocalized('$({0}) OpenHands: {1}', icon, pseudoLocalized(short)).replace(`$(${icon})`, '').trim();

async function paneTitles(workbench: Workbench): Promise<string[]> {
  // textContent: the titles are upper-cased by CSS, which innerText would apply.
  return (await workbench.page.locator('.part.sidebar .pane-header h3.title').allTextContents()).map((title) => title.trim());
}

export default scenario(
  'under a pseudo locale the manifest, the VS Code layer and the model show translated text',
  async ({ workbench, context }) => {
    // The manifest: the activity-bar container and its views.
    const container = manifest('viewsContainer.openhands.title');
    assert.notEqual(container, 'OpenHands', 'the pseudo-localizer changed nothing');
    await workbench.openActivityBarItem(container);
    assert.equal(await workbench.activityBarItem('OpenHands').count(), 0, 'an activity-bar item is still titled in English');
    const views = [manifest('view.settings.name'), manifest('view.conversations.name')];
    const titles = await until('the views of the container', async () => {
      const shown = await paneTitles(workbench);
      return views.every((view) => shown.includes(view)) ? shown : undefined;
    });
    assert.ok(!titles.includes('Settings') && !titles.includes('Conversations'), `English view names: ${JSON.stringify(titles)}`);

    // The model through the port: core's connection state (a fresh profile holds no key for the stand-in).
    const noKey = connectionText('key', 'no API key');
    await until(`the status bar to read ${JSON.stringify(noKey)}`, async () => ((await workbench.statusBarTexts()).includes(noKey) ? true : undefined));
    assert.ok(!(await workbench.statusBarTexts()).some((text) => text.includes('OpenHands')), 'English in the status bar');

    // The API layer through the port: the transport's refusal (src/api/http/statusErrors.ts) in the Conversations view's
    // problem row, whose label is the VS Code layer's.
    const problem = workbench.page.locator('.part.sidebar .monaco-list-row', {
      has: workbench.page.locator('.label-name', { hasText: pseudoLocalized('Could not load the conversations') }),
    });
    await problem.waitFor({ timeout: 30_000 });
    const refusal = pseudoLocalized('The server at {0} requires a session API key (HTTP {1}). Set one with "OpenHands: Set API Key".', context.contractUrl, 401);
    assert.equal((await problem.locator('.label-description').textContent())?.trim(), refusal);

    // The palette finds the command by its translated title; its quick pick is titled by the VS Code layer, its
    // items are core's.
    const setApiKey = `${manifest('command.category')}: ${manifest('command.setApiKey')}`;
    await workbench.runCommand(setApiKey);
    const title = pseudoLocalized('OpenHands: Set API Key');
    const kinds = await pickQuickItem(workbench, title, undefined, { shot: 'set-api-key' });
    assert.deepEqual(kinds, [pseudoLocalized('Self-hosted session key'), pseudoLocalized('OpenHands Cloud API key')]);
    const { prompt } = await answerInput(workbench, title, context.sessionApiKey, { password: true });
    // VS Code adds its own hint after the prompt, in English: the run's language pack translates none of VS Code's texts.
    const keyPrompt = pseudoLocalized('Session API key for {0} (the server\'s SESSION_API_KEY). It is kept in VS Code\'s secret storage.', context.contractUrl);
    assert.ok(prompt.startsWith(keyPrompt), `the key prompt: ${prompt}`);
    const saved = await workbench.readNotification(pseudoLocalized('OpenHands API key saved for {0}; the server accepted it.', context.contractUrl));
    assert.ok(!saved.includes('saved'), `English in the notification: ${saved}`);
    // The stand-in, reset, holds no settings yet: core's next state, translated too.
    const noSettings = connectionText('info', 'no settings yet');
    await until(`the status bar to read ${JSON.stringify(noSettings)}`, async () => ((await workbench.statusBarTexts()).includes(noSettings) ? true : undefined));
    await clearNotifications(workbench);
    await workbench.screenshot();
  },
  { locale: 'qps-ploc', timeoutMs: 180_000 },
);
