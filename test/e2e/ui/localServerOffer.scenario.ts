// Issue 44's offer in the connection error: the server URL is the local agent server's (its state file names its
// port; stopped), and nothing answers there: Configure LLM's save says it cannot reach the server and offers Start a Local
// Agent Server, which asks its first question (answered Not Now: the stand-in lane starts no real server). The same
// error for a URL of another machine offers no start (test/core/platform/errorActions.test.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deadPort, localServerFolder } from '../harness/localAgentServer';
import { scenario } from '../harness/scenario';
import { answerDialog, answerInput, buttonsOf, clickButton, key, notification } from '../harness/ui/conversationSteps';

export default scenario('the connection error offers Start a Local Agent Server where the local server\'s URL does not answer', async ({ workbench, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const port = await deadPort();
  const folder = localServerFolder(context);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'server.json'), JSON.stringify({ port, release: '1.58.2' }));
  fs.writeFileSync(machineSettings, JSON.stringify({ ...(JSON.parse(original) as object), 'openhands.serverUrl': `http://127.0.0.1:${port}` }, null, 2));
  try {
    await workbench.reloadWindow();
    await workbench.runCommand('OpenHands: Configure LLM');
    await answerInput(workbench, 'Configure LLM (1/3): model', 'openai/gpt-4o');
    await answerInput(workbench, 'Configure LLM (2/3): base URL', '');
    await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
    const error = await notification(workbench, /Cannot reach http:\/\/127\.0\.0\.1:\d+: the connection was refused/, 60_000);
    await workbench.screenshot('offer');
    const buttons = await buttonsOf(error);
    assert.equal(buttons[0], 'Start a Local Agent Server', buttons.join(', '));
    await clickButton(error, 'Start a Local Agent Server');
    const asked = await answerDialog(workbench, 'Not Now', 'consent');
    assert.match(asked, /Run OpenHands on this machine\?/);
  } finally {
    fs.writeFileSync(machineSettings, original);
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
