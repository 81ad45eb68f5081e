// The Conversations view in the real extension host, against a V1 stand-in (1.11.0): the server's list with
// states and the started-here mark, Load more, a conversation started here told about when the stand-in makes it
// finished, a follow-up message with a file, Stop, and no request at all while the view is hidden and nothing
// started here works.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FeedItem } from '../../../../src/core/conversations/conversationFeed';
import { PAGE_SIZE } from '../../../../src/core/conversations/conversationFeed';
import type { StoppedConversation } from '../../../../src/vscode/conversations/conversationWatch';
import { rowConversation } from '../../../../src/vscode/conversations/rowConversation';
import { startContractServer, type ContractServer } from '../../../support/standin/contractServer';
import { folderOutsideGit } from '../../harness/host/gitRepos';
import { waitForState } from '../../harness/host/settingsSupport';
import { e2eContext, testingApi, useServer } from '../../harness/host/support';
import { until } from '../../../support/until';

const SEEDED = PAGE_SIZE + 4;

describe('Conversations view (V1 stand-in)', function () {
  this.timeout(120_000);
  let server: ContractServer;
  let startedId: string;
  let folder: string;

  const listed = async () => (await testingApi()).conversations.feed.list;
  const entry = async (id: string) => (await listed())?.find((c) => c.id === id);
  const conversationRequests = () => server.requests.filter((r) => r.path.startsWith('/api/v1/app-conversations'));

  before(async () => {
    server = await startContractServer({ api: 'v1', sessionApiKey: e2eContext().sessionApiKey });
    server.setStartTaskTiming({ readyAfterMs: 0 });
    await useServer(server.url);
    const testing = await testingApi();
    await testing.setApiKey(e2eContext().sessionApiKey);
    await waitForState('noSettings');
    assert.equal(await testing.settings.storeFirstSettings({ llm_model: 'openai/gpt-4o', llm_api_key: 'e2e-conversations-llm-key' }), true);
    await waitForState('connected');
    server.seedConversations(SEEDED); // idle agents: waiting for a message
    folder = folderOutsideGit();
    fs.writeFileSync(path.join(folder, 'notes.md'), '# Notes\nkeep the API stable\n');
    startedId = (await testing.startConversation(vscode.Uri.file(path.join(folder, 'notes.md')), 'Follow this one'))!;
    assert.ok(startedId, 'the conversation started from this VS Code');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await useServer(e2eContext().contractUrl);
    await waitForState('connected').catch(() => undefined);
    await server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('lists the first page newest first, with states, the started one marked, and a Load more line', async () => {
    await vscode.commands.executeCommand('openhands.conversations.focus');
    const list = await until('the first page', async () => ((await listed())?.length ? await listed() : undefined));
    assert.equal(list.length, PAGE_SIZE);
    assert.equal(list[0]!.id, startedId, 'the newest first');
    assert.equal(list[0]!.startedHere, true);
    assert.ok(list.slice(1).every((c) => !c.startedHere));
    assert.match(list[0]!.state, /^(running|starting)$/);
    assert.deepEqual(new Set(list.slice(1).map((c) => c.state)), new Set(['waiting']));
    const { conversationsTree } = await testingApi();
    const nodes = conversationsTree.getChildren();
    assert.equal(nodes.at(-1)?.kind, 'more');
    const item = conversationsTree.getTreeItem(nodes[0]!);
    assert.match(String(item.description), /^just now · (running|starting) · started here$/);
    assert.match(String(item.contextValue), /\bstartedHere\b/);
    assert.match(String(item.contextValue), /\bstoppable\b/);
    assert.match(String(item.contextValue), /\bmessageable\b/);
  });

  it('Load more adds the rest and then offers no more', async () => {
    await vscode.commands.executeCommand('openhands.loadMoreConversations');
    const list = await until('the second page', async () => ((await listed())?.length === SEEDED + 1 ? await listed() : undefined));
    assert.equal(new Set(list.map((c) => c.id)).size, SEEDED + 1);
    assert.equal((await testingApi()).conversations.feed.hasMore, false);
    assert.notEqual((await testingApi()).conversationsTree.getChildren().at(-1)?.kind, 'more');
  });

  it('a conversation started here that finishes on the server is told about, and the view shows it', async () => {
    const { conversations, conversationsTree } = await testingApi();
    const rowBefore = conversationsTree.getChildren().find((node) => node.id === startedId);
    const refreshes: Array<readonly unknown[] | undefined> = [];
    const listening = conversationsTree.onDidChangeTreeData((nodes) => refreshes.push(nodes ?? undefined));
    const told = new Promise<StoppedConversation>((resolve) => {
      const listener = conversations.onDidStop((stopped) => { listener.dispose(); resolve(stopped); });
    });
    const changedAt = Date.now();
    server.setConversationStatus(startedId, { execution_status: 'finished' });
    const stopped = await told;
    const delayMs = Date.now() - changedAt;
    assert.equal(stopped.conversation.id, startedId);
    assert.equal(stopped.conversation.state, 'finished');
    assert.equal((await entry(startedId))?.state, 'finished');
    assert.ok(delayMs <= 8_000 + 1_000, `told ${delayMs} ms after the change: more than the longest interval while working`);
    // The poll refreshed the row alone, as the object VS Code was given: its menu commands still get it.
    listening.dispose();
    assert.ok(refreshes.length > 0 && refreshes.every((nodes) => nodes !== undefined), 'no whole refresh for a changed state');
    assert.ok(refreshes.some((nodes) => nodes?.includes(rowBefore)), 'the row refreshed as the object given');
    const rowAfter = conversationsTree.getChildren().find((node) => node.id === startedId);
    assert.equal(rowAfter, rowBefore);
    assert.match(String(conversationsTree.getTreeItem(rowAfter!).description), /· finished · started here$/);
  });

  it('Send Follow-up Message sends the words and a file to the conversation', async () => {
    const { sendFollowUp } = await testingApi();
    const file = vscode.Uri.file(path.join(folder, 'notes.md'));
    const from = server.requests.length;
    assert.equal(await sendFollowUp(startedId, 'Also update the docs', [file]), true);
    const sent = server.requests.slice(from).find((r) => r.method === 'POST' && r.path === `/api/v1/app-conversations/${startedId}/send-message`);
    assert.ok(sent, 'the send-message request');
    assert.equal(sent.status, 200);
    assert.match(sent.body, /Also update the docs/);
    assert.match(sent.body, /File: notes\.md/);
    assert.match(sent.body, /keep the API stable/);
  });

  it('a row command VS Code hands no row (the view was refreshed whole meanwhile) asks which conversation', async () => {
    const { conversations, conversationsTree } = await testingApi();
    const question = { placeHolder: 'Which one?', none: 'None applies.', applies: (c: FeedItem) => c.id === startedId };
    const row = conversationsTree.getChildren().find((node) => node.kind === 'conversation' && node.id !== startedId);
    assert.equal((await rowConversation(row, conversations, question))?.id, row?.id, 'the row handed is taken, unasked');
    let answer: FeedItem | undefined | null = null;
    void rowConversation(undefined, conversations, question).then((picked) => { answer = picked; });
    const picked = await until('the conversation picked', async () => {
      if (answer === null) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return answer ?? undefined;
    });
    assert.equal(picked.id, startedId, 'the one conversation the command applies to');
    assert.equal(await rowConversation(undefined, conversations, { ...question, applies: () => false }), undefined, 'none applies: told, not asked');
  });

  it('Stop Conversation stops it on the server and the view shows it stopped', async () => {
    const { stopConversation } = await testingApi();
    const target = (await listed())!.find((c) => !c.startedHere && c.state === 'waiting') as FeedItem;
    const from = server.requests.length;
    assert.equal(await stopConversation(target.id), true);
    assert.ok(server.requests.slice(from).some((r) => r.method === 'POST' && r.status === 200), 'the stop request');
    await until('the paused state', async () => ((await entry(target.id))?.state === 'paused' ? true : undefined));
  });

  it('sends no request while the view is hidden and nothing started here works', async () => {
    const { conversations } = await testingApi();
    server.setConversationStatus(startedId, { execution_status: 'finished' }); // the follow-up set it running
    await until('nothing started here working', () => (conversations.feed.workingStarted.length === 0 ? true : undefined));
    await vscode.commands.executeCommand('workbench.view.explorer');
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a poll in flight when it hid ends
    const from = conversationRequests().length;
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    assert.deepEqual(conversationRequests().slice(from).map((r) => `${r.method} ${r.path}`), []);
  });
});
