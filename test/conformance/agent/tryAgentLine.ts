// The client against a real OpenHands Agent Server, by hand: `OPENHANDS_URL=… OPENHANDS_API_KEY=… node
// out/test/conformance/agent/tryAgentLine.js` (the variables scripts/openhands/start-agent.sh prints). Connects as
// the extension does, configures the LLM (a scripted one it starts), starts a conversation that does real work,
// follows it to its end, reads its events and changes through its agent server, rejects a confirmed action and goes
// on, renames, stops, resumes and deletes; prints one line per step and what it saw. Exits 1 at the first failure.
import assert from 'node:assert/strict';
import type { OpenHandsClient } from '../../../src/api/client';
import { connectClient } from '../../../src/api/createClient';
import { sessionCredential } from '../../../src/api/http/credential';
import type { ConversationState } from '../../../src/api/model/conversations';
import { describeServerApi } from '../../../src/core/connection/serverApi';
import { REAL_WORK_SCRIPT, REAL_WORK_TASK } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';

const url = process.env.OPENHANDS_URL ?? '';
const key = process.env.OPENHANDS_API_KEY ?? '';

function step(name: string, seen: unknown): void {
  console.log(`ok ${name}: ${typeof seen === 'string' ? seen : JSON.stringify(seen)}`);
}

async function until(client: OpenHandsClient, id: string, wanted: readonly ConversationState[], limitMs = 90_000): Promise<string> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const [conversation] = await client.getConversations([id]);
    if (conversation && wanted.includes(conversation.state)) return `${conversation.state} (${conversation.serverStatus})`;
    if (Date.now() > deadline) throw new Error(`still ${conversation?.serverStatus} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main(): Promise<void> {
  const llm = await startScriptedLlm({ script: REAL_WORK_SCRIPT, delayMs: 100 });
  try {
    const started = Date.now();
    const client = await connectClient({ baseUrl: url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential(key), timeoutMs: 30_000 });
    step('detect', `${describeServerApi(client.api)} in ${Date.now() - started} ms`);
    const configured = await client.updateSettings({ llm_model: 'openai/gpt-4o', llm_base_url: llm.baseUrl, llm_api_key: 'sk-scripted' });
    step('configure LLM', { model: configured?.llm_model, keySet: configured?.llm_api_key_set });
    const again = await client.updateSettings({ max_iterations: 60, confirmation_mode: false });
    assert.equal(again?.llm_api_key_set, true);
    step('another edit keeps the key', { keySet: again?.llm_api_key_set, maxIterations: again?.max_iterations });
    const advanced = await client.loadAdvanced!();
    step('advanced settings', advanced?.sections.map((section) => `${section.label} (${section.fields.length})`).join(', '));
    await finishedRun(client);
    await rejectedRun(client);
  } finally {
    await llm.close();
  }
}

async function finishedRun(client: OpenHandsClient): Promise<void> {
  const { conversation_id: id } = await client.createConversation({ initial_user_msg: REAL_WORK_TASK });
  step('start', id);
  step('run', await until(client, id, ['finished', 'error']));
  const page = await client.listConversations({ limit: 5 });
  step('list', page.items.map((item) => `${item.title} · ${item.state}`));
  const reach = await client.agentServer!(id);
  assert.ok(reach.reachable);
  const events = await reach.agent.events.latest(100);
  step('events', `${events.events.length} events, kinds ${[...new Set(events.events.map((event) => event.kind))].join(' ')}`);
  const changes = await reach.agent.changes(null);
  step('changes', changes.files.map((file) => `${file.status} ${file.path}`));
  const patch = await reach.agent.patch(null);
  step('patch', `${patch.bytes.length} bytes against ${patch.baseCommit ?? 'the empty tree'}`);
  const bytes = await reach.agent.fileBytes('notes/added.md');
  step('file bytes', bytes === null ? 'missing' : new TextDecoder().decode(bytes));
  await client.sendMessage!(id, { text: 'One more thing.' });
  step('follow-up', await until(client, id, ['finished', 'error']));
  await client.renameConversation!(id, 'Renamed from the client');
  step('rename', (await client.getConversations([id]))[0]?.title);
}

async function rejectedRun(client: OpenHandsClient): Promise<void> {
  await client.updateSettings({ confirmation_mode: true });
  const { conversation_id: id } = await client.createConversation({ initial_user_msg: REAL_WORK_TASK });
  step('confirmation: waits', await until(client, id, ['waiting']));
  await client.confirmAction!(id, false, 'Not that one.');
  step('reject', await until(client, id, ['waiting', 'paused', 'finished', 'error'], 10_000));
  await client.goOnAfterReject!(id);
  step('go on after the reject', await until(client, id, ['running', 'waiting', 'finished'], 10_000));
  await client.stopConversation!(id);
  step('stop', await until(client, id, ['paused'], 10_000));
  await client.resumeConversation!(id);
  step('resume', await until(client, id, ['running', 'waiting', 'finished'], 10_000));
  await client.deleteConversation!(id);
  step('delete', `${(await client.getConversations([id])).length} left with its id`);
  await client.updateSettings({ confirmation_mode: false });
}

main().catch((error: unknown) => {
  console.error(`not ok: ${error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error)}`);
  process.exit(1);
});
