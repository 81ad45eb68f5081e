// The language-model tools an editor agent (Copilot's agent mode, another extension) may call: "Delegate to
// OpenHands" starts a conversation with a task, after a confirmation naming the server, and answers its id, link
// and state; "Get OpenHands conversation" answers a conversation's state and final message. The delegate sends
// the task and the repository and branch it names (else the workspace's, as Start Conversation prefills them);
// never a key. The workspace folder goes only through Start Conversation's own pre-flight (Send This Folder), and
// the confirmation names it, its file count and size, before anything starts.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import { quoted } from '../../core/chat/eventLines';
import { eventsReaderFor } from '../../core/transcript/followSource';
import { buildTranscript } from '../../core/transcript/build';
import { summarizeRun } from '../../core/transcript/runSummary';
import { firstLine, formatSize } from '../../core/conversations/message';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationLinks } from '../conversations/conversationLinks';
import type { ConversationSender } from '../conversations/conversationSender';
import { conversationUrl } from '../conversations/conversationStore';
import { describeTarget, type ConversationTarget, type ConversationTargets } from '../conversations/conversationTarget';

/** The newest events read for the final message: the finish and the last message are among them. */
const FINAL_WINDOW = 50;

export interface DelegateInput { readonly task: string; readonly repository?: string; readonly branch?: string }
export interface ReadInput { readonly id: string }

function textResult(value: object): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(value))]);
}

async function connected(session: ServerSession): Promise<{ url: string; client: OpenHandsClient }> {
  const server = await session.connect();
  if (!server) throw new Error(vscode.l10n.t('No OpenHands server is set up: run OpenHands: Change Server URL.'));
  return server;
}

export class DelegateTool implements vscode.LanguageModelTool<DelegateInput> {
  constructor(
    private readonly session: ServerSession, private readonly targets: ConversationTargets,
    private readonly sender: ConversationSender, private readonly links: ConversationLinks,
  ) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<DelegateInput>): Promise<vscode.PreparedToolInvocation> {
    const server = this.session.serverUrl ?? vscode.l10n.t('(no server set up)');
    const target = await this.targetFor(options.input);
    const folder = await this.folderText(target);
    const message = new vscode.MarkdownString([
      vscode.l10n.t('Start a conversation on the OpenHands server {0} with this task:', server),
      quoted(options.input.task),
      vscode.l10n.t('Repository: {0}.', describeTarget(target)),
      ...(folder ? [folder] : []),
    ].join('\n\n'));
    return {
      invocationMessage: vscode.l10n.t('Starting an OpenHands conversation on {0}', server),
      confirmationMessages: { title: vscode.l10n.t('Delegate to OpenHands on {0}?', server), message },
    };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<DelegateInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const { task } = options.input;
    if (!task?.trim()) throw new Error(vscode.l10n.t('The task is empty: say what the agent should do.'));
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    const target = await this.targetFor(options.input);
    const id = await this.sender.send(target, { initial_user_msg: task }, firstLine(task), { report: () => undefined, signal: controller.signal })
      .finally(() => cancelled.dispose());
    const server = this.session.server;
    if (!id || !server) throw new Error(vscode.l10n.t('The conversation did not start; VS Code shows the person why.'));
    const [summary] = await server.client.getConversations([id]);
    return textResult({
      id, server: server.url, state: summary?.state ?? 'starting',
      ...(this.links.servesPages(server.url) ? { link: conversationUrl(server.url, id) } : {}),
    });
  }

  /** What the start will do with the workspace folder (the same plan as Start Conversation's pre-flight), if anything. */
  private async folderText(target: ConversationTarget): Promise<string | undefined> {
    const { offer, sentWithoutAsking } = await this.sender.folderPlan(target);
    if (offer?.kind !== 'offered') return offer?.reason;
    const name = path.basename(offer.folder.fsPath);
    const size = formatSize(offer.scan.totalBytes);
    return sentWithoutAsking
      ? vscode.l10n.t('Folder: {0}, {1} files ({2}), sent as it is on disk (the openhands.startConversationWith setting); you see what leaves before it does.', name, offer.scan.fileCount, size)
      : vscode.l10n.t('Folder: {0}, {1} files ({2}); the start offers to send it as it is on disk (Send This Folder).', name, offer.scan.fileCount, size);
  }

  /** The repository and branch the input names, else the workspace's. */
  private async targetFor(input: DelegateInput): Promise<ConversationTarget> {
    const workspace = await this.targets.resolve(undefined);
    if (!input.repository?.trim()) return workspace;
    const same = input.repository.trim() === workspace.repository;
    // Another repository than the workspace's: the workspace folder is not its checkout, so it is never sent.
    return {
      repository: input.repository.trim(), branch: input.branch?.trim() || (same ? workspace.branch : undefined),
      gitProvider: same ? workspace.gitProvider : undefined, root: same ? workspace.root : undefined, warnings: [],
    };
  }
}

export class ReadTool implements vscode.LanguageModelTool<ReadInput> {
  constructor(private readonly session: ServerSession) {}

  async invoke(options: vscode.LanguageModelToolInvocationOptions<ReadInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const { url, client } = await connected(this.session);
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    try {
      const [summary] = await client.getConversations([options.input.id], { signal: controller.signal });
      if (!summary) throw new Error(vscode.l10n.t('No conversation {0} on {1}.', options.input.id, url));
      // The state is the answer; the final message only where the server's events can be read.
      const reader = await eventsReaderFor(client, summary.id, controller.signal);
      const events = reader ? await reader.latest(FINAL_WINDOW, { signal: controller.signal }).then((w) => w.events, () => undefined) : [];
      const finalMessage = events && (summarizeRun(buildTranscript(events)).finishMessage?.text ?? null);
      return textResult({ id: summary.id, server: url, title: summary.title, state: summary.state, finalMessage: finalMessage ?? null, ...(events ? {} : { events: 'unreadable' }) });
    } finally {
      cancelled.dispose();
    }
  }
}
