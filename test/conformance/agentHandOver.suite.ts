// Send This Folder on the agent line, through the extension's client and its hand-over (core/handover/handOver.ts)
// against the real agent server: the conversation-scoped routes take paths inside the workspace only (a bundle in
// /tmp was a 422), so the bundle goes into the workspace's .git, is unpacked with the workspace as cwd and removed by
// the unpack command. Right after, the workspace holds exactly the folder's files (not the ignored ones), no bundle is
// left anywhere in it, and the changes list is empty; the agent's first look (`ls -a . .git`) sees no bundle either.
// And why the pre-flight offers no Push and Start on this line (the client's `clonesRepository: false`): the start
// request has no repository field (sdk conversation/request.py), so one named is dropped and nothing is cloned.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AgentServerApi, OpenHandsClient } from '../../src/api/client';
import { handOver } from '../../src/core/handover/handOver';
import { makeTestFolder, type TestFolder } from '../support/handOverFolder';
import type { ScriptStep } from '../support/scriptedLlm/script';
import { startScriptedLlm, type ScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { Workspaces, jsonOf, storeScriptedLlm, storedAgent, untilStatus, type AgentConversation } from './agentServer';
import { extensionClient } from './conversationList.suite';
import type { Client } from './target';

const LOOK = 'ls -a . .git';
const SCRIPT: readonly ScriptStep[] = [{ tool: 'terminal', command: LOOK }, { tool: 'finish', message: 'Looked.' }];
/** The folder's files as the snapshot takes them: .gitignore's *.log and .env stay home. */
const HANDED_FILES = ['.gitignore', 'added.txt', 'edited.txt', 'kept.txt'];
const FILES = 'find . -path ./.git -prune -o -type f -print | sed s,^./,, | LC_ALL=C sort';

export function agentHandOverSuite(client: Client): void {
  const state: { llm?: ScriptedLlm; folder?: TestFolder; api?: OpenHandsClient; id?: string; agent?: AgentServerApi } = {};

  describe('agent line: Send This Folder (the bundle inside the workspace, gone after the unpack)', () => {
    before(async () => {
      state.llm = await startScriptedLlm({ script: SCRIPT });
      await storeScriptedLlm(client, state.llm.baseUrl);
      state.folder = makeTestFolder();
      state.api = await extensionClient(client.target);
    });
    after(async () => {
      await state.llm?.close();
      state.folder?.remove();
    });

    it('start without a message → upload into the workspace → unpack → task', async () => {
      const steps: string[] = [];
      state.id = await handOver(state.api!, {
        bundle: state.folder!, unpackCommand: state.folder!.unpackCommand, task: { text: 'Look at the folder.' },
        onProgress: (p) => { if (steps.at(-1) !== p.step) steps.push(p.step); },
      });
      assert.deepEqual(steps, ['start', 'upload', 'unpack', 'task']);
      const reach = await state.api!.agentServer!(state.id);
      assert.ok(reach.reachable);
      state.agent = reach.agent;
      assert.match(await state.agent.uploadFolder!(), new RegExp(`/${state.id}/\\.git$`));
    });

    it('right after: exactly the folder\'s files, no bundle left, the changes list empty', async () => {
      const agent = state.agent!;
      const files = await agent.runCommand!(FILES, { timeoutSeconds: 30 });
      assert.deepEqual([files.exitCode, files.stdout.split('\n').filter(Boolean)], [0, HANDED_FILES]);
      const bundles = await agent.runCommand!('find . -name "openhands-handover-*" | wc -l', { timeoutSeconds: 30 });
      assert.deepEqual([bundles.exitCode, bundles.stdout.trim()], [0, '0'], 'no bundle anywhere in the workspace, .git included');
      assert.deepEqual((await agent.changes(null)).files, []);
    });

    it('the agent\'s first look saw no bundle; it finished with nothing changed', async () => {
      await untilStatus(client, state.id!, 'finished');
      const events = JSON.stringify(await state.agent!.events.since(undefined));
      assert.ok(events.includes(LOOK), 'the agent ran its look');
      assert.ok(events.includes('edited.txt') && !events.includes('openhands-handover'), 'its output lists the files and no bundle');
      assert.deepEqual((await state.agent!.changes(null)).files, []);
      await state.api!.deleteConversation!(state.id!);
    });
  });
}

export function agentNoCloneSuite(client: Client): void {
  const workspaces = new Workspaces();

  describe('agent line: a start names no repository (the one given is dropped, nothing cloned)', () => {
    after(() => workspaces.removeAll());

    it('a start with the app server\'s repository fields: 201, the workspace empty but for its .git', async () => {
      const body = {
        agent_settings: await storedAgent(client), secrets_encrypted: true, workspace: { working_dir: workspaces.make(true) },
        selected_repository: 'OpenHands/OpenHands', selected_branch: 'main', git_provider: 'github', repository: 'https://github.com/OpenHands/OpenHands.git',
      };
      const started = jsonOf<AgentConversation>(await client.post('/api/conversations', JSON.stringify(body)), 201);
      assert.equal(started.execution_status, 'idle');
      const bash = await client.post(`/api/conversations/${started.id}/bash/execute_bash_command`, JSON.stringify({ command: 'ls -A', timeout: 30 }));
      assert.deepEqual(jsonOf<{ exit_code: number; stdout: string }>(bash, 200).stdout, '.git\n');
      assert.equal((await client.request('DELETE', `/api/conversations/${started.id}`)).status, 200);
    });
  });
}
