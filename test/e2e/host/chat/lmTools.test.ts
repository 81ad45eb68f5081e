// The language-model tools in the real extension host. "Get OpenHands conversation" is invoked through
// vscode.lm.invokeTool as an editor agent would. "Delegate to OpenHands" asks for a confirmation, which VS Code
// shows as a modal dialog when the invocation comes from outside a chat (no toolInvocationToken), and a suite in
// the extension host cannot answer a dialog: so its confirmation (prepareInvocation) is checked apart, and its
// work through the registered tool's invoke, both from the TestingApi; then lm.invokeTool reads what it started.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { settledCount } from '../../harness/requests';
import { nextConversationRequest, serverWith, token } from '../../harness/host/conversationSupport';
import { contract, e2eContext, standIn, testingApi, useServer } from '../../harness/host/support';

const DELEGATE = 'openhands_delegate';
const READ = 'openhands_getConversation';
const TASK = 'Bump the widget factory to 2.0 and fix what breaks';

function text(result: vscode.LanguageModelToolResult): Record<string, unknown> {
  return JSON.parse(result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('')) as Record<string, unknown>;
}

/** The conversations Delegate started, stopped after the suite. */
const delegated: string[] = [];

const markdown = (value: string | vscode.MarkdownString | undefined) => (typeof value === 'string' ? value : value?.value ?? '');

describe('language-model tools', () => {
  before(() => serverWith({ github: token('github') }));
  // Delegate leaves a conversation the extension watches while it works (a poll every 2 s): stopped through the
  // extension's own client, the watch reads it stopped and goes quiet, so the suites after this one start at rest.
  after(async () => {
    const { session, conversations } = await testingApi();
    for (const id of delegated) await session.server?.client.stopConversation?.(id);
    conversations.refresh();
    await settledCount(contract.requests, 5000, 40_000);
  });

  it('are registered as contributed, with their input schemas', () => {
    const tools = new Map(vscode.lm.tools.map((tool) => [tool.name, tool]));
    assert.deepEqual((tools.get(DELEGATE)?.inputSchema as { required?: string[] } | undefined)?.required, ['task']);
    assert.deepEqual((tools.get(READ)?.inputSchema as { required?: string[] } | undefined)?.required, ['id']);
  });

  it('Delegate to OpenHands asks to confirm, naming the server, the task and the repository', async () => {
    const input = { task: TASK, repository: 'octo/widgets', branch: 'release/2.0' };
    const prepared = await (await testingApi()).chatTools[DELEGATE].prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
    assert.ok(prepared?.confirmationMessages, 'no confirmation');
    assert.equal(markdown(prepared.confirmationMessages.title), `Delegate to OpenHands on ${contract.url}?`);
    const message = markdown(prepared.confirmationMessages.message);
    assert.ok(message.includes(contract.url) && message.includes(`> ${TASK}`) && message.includes('Repository: octo/widgets (GitHub) @ release/2.0.'), message);
  });

  it('Delegate to OpenHands starts a conversation with the task, repository and branch alone; Get reads it back', async () => {
    const before = await settledCount(contract.requests);
    const input = { task: TASK, repository: 'octo/widgets', branch: 'release/2.0' };
    const result = text(await (await testingApi()).chatTools[DELEGATE].invoke({ input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token) as vscode.LanguageModelToolResult);
    const sent = await nextConversationRequest(before);
    assert.equal(sent.initial_user_msg, TASK);
    assert.equal(sent.repository, 'octo/widgets');
    assert.equal(sent.selected_branch, 'release/2.0');
    assert.deepEqual(Object.keys(sent).filter((k) => !['initial_user_msg', 'repository', 'selected_branch', 'git_provider', 'image_urls'].includes(k)), [], 'nothing else is sent');
    assert.equal(result.server, contract.url);
    assert.match(String(result.id), /^[0-9a-f]{32}$/);
    delegated.push(String(result.id));

    const read = text(await vscode.lm.invokeTool(READ, { input: { id: result.id }, toolInvocationToken: undefined }));
    assert.equal(read.id, result.id);
    assert.equal(read.server, contract.url);
    assert.ok(['starting', 'running', 'finished', 'waiting'].includes(String(read.state)), String(read.state));
  });

  it('Get OpenHands conversation says so when the server has no such conversation', async () => {
    await assert.rejects(
      Promise.resolve(vscode.lm.invokeTool(READ, { input: { id: '0123456789abcdef0123456789abcdef' }, toolInvocationToken: undefined })),
      /No conversation 0123456789abcdef0123456789abcdef on/,
    );
  });
});

describe('Delegate to OpenHands on a server that takes a folder', () => {
  const v1 = standIn('v1');
  before(async () => {
    await useServer(v1.url);
    await serverWith({}, v1);
  });
  after(() => useServer(e2eContext().contractUrl));

  it('its confirmation names the workspace folder, its file count and size, as Start Conversation\'s pre-flight offers it', async () => {
    // The harness's branch was never pushed and the server has no github token: the pre-flight offers the folder.
    const prepared = await (await testingApi()).chatTools[DELEGATE].prepareInvocation!({ input: { task: TASK } }, new vscode.CancellationTokenSource().token);
    const message = markdown(prepared?.confirmationMessages?.message);
    const folder = path.basename(e2eContext().workspaceFolder);
    assert.match(message, new RegExp(`Folder: ${folder}, \\d+ files \\(\\d[^)]*\\); the start offers to send it as it is on disk \\(Send This Folder\\)\\.`), message);
  });

  it('names no folder where the task names another repository than the workspace\'s', async () => {
    const input = { task: TASK, repository: 'octo/gadgets' };
    const prepared = await (await testingApi()).chatTools[DELEGATE].prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
    assert.doesNotMatch(markdown(prepared?.confirmationMessages?.message), /Folder:/);
  });
});
