// @openhands in VS Code's chat (AI features on, the test-only language model, chat.ts), against the V1 stand-in
// whose agent works from the scripted LLM: a task started from chat with the workspace's repository and branch,
// its commands and file changes shown as they happen, followed to finished, with Open Transcript; a follow-up in the same thread to the same conversation, followed
// again; /status listing the server's conversations with the thread's marked.
import * as assert from 'node:assert/strict';
import { storeSettings, setApiKey, answerDialog } from '../harness/ui/conversationSteps';
import { openChat, responseButtons, responseWith, sendPrompt } from '../harness/ui/chatSteps';
import { scenario } from '../harness/scenario';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { REAL_WORK_SCRIPT } from '../../support/scriptedLlm/script';

const START_PATH = '/api/v1/app-conversations';
const TASK = 'Tidy the workspace files';
const FOLLOW_UP = 'Now say what you changed';

export default scenario('chat: @openhands starts a task and follows it to finished, a follow-up in the thread, /status', async ({ workbench, server, context }) => {
  const llm = await startScriptedLlm({ script: REAL_WORK_SCRIPT, delayMs: 1500 });
  try {
    server.seedProviderTokens({ github: { token: 'e2e-github-token' } });
    await storeSettings(server, context, { llm_model: 'openai/gpt-4o', llm_base_url: llm.baseUrl, llm_api_key: 'sk-scripted' }, 'v1');
    await setApiKey(workbench, context);
    await openChat(workbench);

    const first = await sendPrompt(workbench, `@openhands ${TASK}`);
    // The workspace's branch is not on its remote: the same pre-flight dialog as Start Conversation, Send This
    // Folder offered as there.
    const preflight = await answerDialog(workbench, 'Start Anyway', 'chat-preflight');
    assert.match(preflight, /Send This Folder/, 'chat\'s pre-flight offers the folder as Start Conversation\'s does');
    await responseWith(first, /Started the conversation/);
    // The agent's actions as they happen (the script's first is a command, then a file it makes).
    await responseWith(first, /Ran\s+pwd/);
    await responseWith(first, /Changed\s+\S*\.gitignore/);
    await workbench.screenshot('chat-following');
    const done = await responseWith(first, 'Finished.', 120_000);
    const started = server.requests.filter((r) => r.method === 'POST' && r.path === START_PATH);
    assert.equal(started.length, 1, 'one conversation started');
    assert.match(started[0]!.body, /"selected_repository":"octo\/widgets"/);
    // Show Changes and Apply Changes come with the changes feature (their commands registered): here Open Transcript.
    assert.ok((await responseButtons(done, 'Open Transcript')).includes('Open Transcript'));
    // The summary names the files as the repository has them, not by the sandbox's paths.
    const summary = (await done.innerText()).split('Finished.').at(-1)!;
    assert.match(summary, /\.gitignore/);
    assert.doesNotMatch(summary, /\/workspace\//);
    await workbench.screenshot('chat-finished');

    const second = await sendPrompt(workbench, `@openhands ${FOLLOW_UP}`);
    await responseWith(second, 'Finished.', 120_000);
    // Only this run's events (the script runs again: its files exist now) and its own figures, not both runs'.
    const followed = await second.innerText();
    assert.match(followed, /File already exists/);
    assert.match(followed, /Commands run: 6 \(2 failed\)/);
    assert.equal(server.requests.filter((r) => r.method === 'POST' && r.path === START_PATH).length, 1, 'no second conversation');
    assert.ok(server.requests.some((r) => r.method === 'POST' && /\/send-message$/.test(r.path) && r.body.includes(FOLLOW_UP)), 'the follow-up was sent');
    await workbench.screenshot('chat-follow-up');

    const third = await sendPrompt(workbench, '@openhands /status');
    // Chat paints a response as it streams: the heading can show before the list under it.
    const status = await responseWith(third, /\(this thread\)/);
    assert.match(await status.innerText(), /Conversations on http:\/\/127\.0\.0\.1:\d+:/);
    await workbench.screenshot('chat-status');
  } finally {
    await llm.close();
  }
}, { line: 'v1', chat: true, timeoutMs: 300_000 });
