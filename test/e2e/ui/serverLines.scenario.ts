// The detection states as a person sees them, the server URL changed through Change Server URL each time: a
// 1.0-1.6 server (V0 settings, V1 conversations) named in the Settings view and the status bar's tooltip; a
// server that speaks neither API (JSON 404 on every path), and a web page answering every path with HTML at 200,
// each given the "unsupported" welcome view naming what is supported, with Change Server URL and Show Log. (The
// V0 and V1 stand-ins are named by the settings scenarios, which run against both.)
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as path from 'node:path';
import { scenario } from '../harness/scenario';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';
import { startContractServer } from '../../support/standin/contractServer';
import { answerInput, setApiKey } from '../harness/ui/conversationSteps';
import { SettingsPanel } from '../harness/ui/settingsPanelUi';

const MIXED = 'OpenHands 1.6.0, V0 settings, V1 conversations';
const UNSUPPORTED = /This server speaks neither OpenHands API this extension knows/;

export default scenario('the detection states: a 1.6 server named, a server that speaks neither API and an HTML page at 200 unsupported', async ({ workbench, page, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const mixed = await startContractServer({ api: 'mixed', sessionApiKey: context.sessionApiKey });
  const plain: LoopbackServer[] = [];
  const changeServerUrl = async (url: string) => {
    await workbench.runCommand('OpenHands: Change Server URL');
    await answerInput(workbench, 'OpenHands: Change Server URL', url);
  };
  try {
    const panel = new SettingsPanel(workbench, page);
    await changeServerUrl(mixed.url);
    await setApiKey(workbench, context);
    await panel.open();
    await panel.waitForWelcome(/This server has no settings yet/);
    assert.equal(await panel.headerDescription(), `${mixed.url} · ${MIXED}`);
    // The status bar item's tooltip names it too.
    await page.locator('.part.statusbar .statusbar-item', { hasText: 'OpenHands' }).first().hover();
    await page.locator('.workbench-hover, .monaco-hover', { hasText: MIXED }).first().waitFor({ timeout: 10_000 });
    await workbench.screenshot('mixed');

    const answers = {
      neither: (res: http.ServerResponse) => { res.writeHead(404, { 'content-type': 'application/json' }); res.end('{"detail":"Not Found"}'); },
      html: (res: http.ServerResponse) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<!doctype html><html><body>OpenHands</body></html>'); },
    };
    for (const [name, answer] of Object.entries(answers)) {
      const server = await startLoopbackServer((_req, res) => answer(res));
      plain.push(server);
      await changeServerUrl(server.url);
      const welcome = await panel.waitForWelcome(UNSUPPORTED);
      assert.match(welcome.text, /the V0 API of OpenHands 0\.52 to 1\.6, or the V1 API of OpenHands 1\.x/);
      assert.deepEqual(welcome.buttons, ['Change Server URL', 'Show Log']);
      await panel.waitForStatusBar('OpenHands: not a supported server');
      await workbench.screenshot(name);
    }
  } finally {
    fs.writeFileSync(machineSettings, original); // the next scenarios talk to the run's contract server again
    await Promise.all([mixed.close(), ...plain.map((s) => s.close())]);
  }
}, { timeoutMs: 150_000 });
