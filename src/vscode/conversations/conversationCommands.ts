// Start Conversation, Send File as Message and Send Selection as Message: ask for the person's words with the
// prefilled repository and branch in view, warn about what the agent would not see on the remote, send with a
// cancellable progress, and turn a failure into its action. The typed message survives any failure: Retry, and
// the fixes (Set API Key, Configure Settings, Set LLM API Key, Start Without Repository), send it again as it was.
import * as vscode from 'vscode';
import type { ConversationRequest } from '../../api/v0/schemas';
import { IMAGE_LIMIT_BYTES, buildFilesMessage, buildSelectionMessage, firstLine, type MessageFile, type MessageResult } from '../../core/conversations/message';
import { warningText } from '../../core/git/repoContext';
import type { CommandHandler } from '../platform/commands';
import type { ServerConnection } from '../connection/serverSession';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { Command, type CommandId } from '../platform/ids';
import type { Logger } from '../platform/log';
import { conversationUrl, type ConversationStore, type StartedConversation } from './conversationStore';
import { describeTarget, withoutRepository, type ConversationTarget, type ConversationTargets } from './conversationTarget';

type MessageFields = Pick<ConversationRequest, 'initial_user_msg' | 'image_urls'>;

/** Files larger than this are refused before being read at all. */
const READ_LIMIT_BYTES = 64 * 1024 * 1024;

export function conversationCommands(
  connection: ServerConnection, targets: ConversationTargets, store: ConversationStore, errors: ErrorPresenter, logger: Logger,
) {
  const config = () => vscode.workspace.getConfiguration('openhands');
  const textLimitBytes = () => Math.max(1, config().get<number>('maxFileSizeKiB', 256)) * 1024;

  async function startConversation(uri?: vscode.Uri, words?: unknown): Promise<string | undefined> {
    const target = await targets.resolve(uri instanceof vscode.Uri ? uri : undefined);
    const asked = await askMessage(target, { title: 'OpenHands: Start Conversation', allowEmpty: false, placeholder: 'What should the agent do?' }, words);
    if (!asked) return undefined;
    return send(asked.target, { initial_user_msg: asked.text }, asked.text);
  }

  async function sendFiles(first?: vscode.Uri, all?: vscode.Uri[], words?: unknown): Promise<string | undefined> {
    const uris = all?.length ? all : first instanceof vscode.Uri ? [first] : activeDocumentUri();
    if (!uris.length) {
      void vscode.window.showWarningMessage('Select a file in the Explorer or open one in the editor to send it to OpenHands.');
      return undefined;
    }
    const target = await targets.resolve(uris[0]);
    const files = await Promise.all(uris.map((uri) => readForMessage(uri, target)));
    const unreadable = files.find((f): f is string => typeof f === 'string');
    if (unreadable) {
      void vscode.window.showErrorMessage(unreadable);
      return undefined;
    }
    const names = uris.map((u) => vscode.workspace.asRelativePath(u, false)).join(', ');
    // The content is checked before asking, so nobody types words for a message that cannot be sent.
    if (!checked(buildFilesMessage('', files as MessageFile[], { textLimitBytes: textLimitBytes() }))) return undefined;
    const asked = await askMessage(target, { title: `OpenHands: Send ${names}`, allowEmpty: true, placeholder: 'Your words to go with the file (optional)' }, words);
    if (!asked) return undefined;
    const message = checked(buildFilesMessage(asked.text, files as MessageFile[], { textLimitBytes: textLimitBytes() }));
    return message && send(asked.target, message, asked.text || `Files: ${names}`);
  }

  async function sendSelection(): Promise<string | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.selection.isEmpty) {
      void vscode.window.showWarningMessage('Select some text in the editor to send it to OpenHands.');
      return undefined;
    }
    const { start, end } = editor.selection;
    // A selection that ends at the start of a line does not include that line.
    const endLine = end.character === 0 && end.line > start.line ? end.line : end.line + 1;
    const target = await targets.resolve(editor.document.uri);
    const selection = {
      path: editor.document.uri.fsPath, root: target.root?.fsPath,
      text: editor.document.getText(editor.selection), startLine: start.line + 1, endLine,
    };
    if (!checked(buildSelectionMessage('', selection, { textLimitBytes: textLimitBytes() }))) return undefined;
    const asked = await askMessage(target, { title: 'OpenHands: Send Selection', allowEmpty: true, placeholder: 'Your words to go with the selection (optional)' });
    if (!asked) return undefined;
    const message = checked(buildSelectionMessage(asked.text, selection, { textLimitBytes: textLimitBytes() }));
    return message && send(asked.target, message, asked.text || `Selection of ${vscode.workspace.asRelativePath(editor.document.uri, false)}`);
  }

  /** The message, or undefined after telling the person which files were refused and why. */
  function checked(result: MessageResult): { initial_user_msg: string; image_urls: string[] } | undefined {
    if (result.ok) return result.message;
    void vscode.window.showErrorMessage(result.refusals.map((r) => r.message).join(' '));
    return undefined;
  }

  /** Warns about what the agent would miss on the remote; resolves to the target to use, or undefined to stop. */
  async function confirmTarget(target: ConversationTarget): Promise<ConversationTarget | undefined> {
    if (!target.repository || !target.warnings.length) return target;
    const startAnyway = 'Start Anyway';
    const without = 'Start Without Repository';
    const choice = await vscode.window.showWarningMessage(
      `OpenHands: ${describeTarget(target)}`, { modal: true, detail: target.warnings.map(warningText).join('\n') }, startAnyway, without);
    if (choice === startAnyway) return target;
    return choice === without ? withoutRepository(target) : undefined;
  }

  /** Warns, then sends; returns the new conversation's id, or undefined when it did not start. */
  async function send(target: ConversationTarget, message: MessageFields, title: string): Promise<string | undefined> {
    const confirmed = await confirmTarget(target);
    return confirmed && post(confirmed, message, title);
  }

  /** Sends to a target the person confirmed. After a failure, its action sends the same message again. */
  async function post(confirmed: ConversationTarget, message: MessageFields, title: string): Promise<string | undefined> {
    const url = connection.url;
    const client = connection.client;
    if (!url.ok || !client) {
      await errors.show(new Error(`The OpenHands server URL is not usable${url.ok ? '' : `: ${url.problem}`}`));
      return undefined;
    }
    const instructions = config().get<string>('conversationInstructions', '').trim();
    const request: ConversationRequest = {
      ...message,
      ...(message.image_urls?.length ? {} : { image_urls: undefined }),
      ...(confirmed.repository ? { repository: confirmed.repository, selected_branch: confirmed.branch, git_provider: confirmed.gitProvider } : {}),
      ...(instructions ? { conversation_instructions: instructions } : {}),
    };
    try {
      const response = await vscode.window.withProgress({
        location: vscode.ProgressLocation.Notification, title: `OpenHands: starting a conversation on ${describeTarget(confirmed)}…`, cancellable: true,
      }, (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return client.createConversation(request, { signal: controller.signal });
      });
      const started: StartedConversation = {
        id: response.conversation_id, title: firstLine(title), repository: confirmed.repository, branch: confirmed.branch,
        startedAt: new Date().toISOString(), status: response.conversation_status ?? undefined,
      };
      await store.add(url.url, started);
      logger.info(`Conversation ${started.id} started on ${describeTarget(confirmed)}`);
      void announce(url.url, started);
      return started.id;
    } catch (error) {
      const retry = () => post(confirmed, message, title);
      // The fix first (a key, the LLM settings); once it is in place, the typed message goes again.
      const fixThenRetry = (command: CommandId, ...args: unknown[]) => async () => {
        if ((await vscode.commands.executeCommand<unknown>(command, ...args)) === true) await retry();
      };
      await errors.show(error, {
        retry,
        setApiKey: fixThenRetry(Command.SetApiKey),
        configureSettings: fixThenRetry(Command.ConfigureLlm),
        setLlmApiKey: fixThenRetry(Command.SetSecret, { field: 'llm_api_key' }),
        startWithoutRepository: () => post(withoutRepository(confirmed), message, title),
        openServerSettings: () => vscode.commands.executeCommand(Command.OpenServerSettings),
      });
      return undefined;
    }
  }

  async function announce(serverUrl: string, conversation: StartedConversation): Promise<void> {
    const open = 'Open in Browser';
    const copy = 'Copy Link';
    const choice = await vscode.window.showInformationMessage(`OpenHands: conversation started — ${conversation.title}`, open, copy);
    if (choice === open) await openConversation(conversation, serverUrl);
    if (choice === copy) await copyLink(conversation, serverUrl);
  }

  function serverUrlOr(given?: string): string | undefined {
    const url = connection.url;
    return given ?? (url.ok ? url.url : undefined);
  }

  async function openConversation(conversation?: StartedConversation, serverUrl?: string): Promise<boolean> {
    const base = serverUrlOr(serverUrl);
    return conversation && base ? vscode.env.openExternal(vscode.Uri.parse(conversationUrl(base, conversation.id))) : false;
  }

  async function copyLink(conversation?: StartedConversation, serverUrl?: string): Promise<void> {
    const base = serverUrlOr(serverUrl);
    if (!conversation || !base) return;
    await vscode.env.clipboard.writeText(conversationUrl(base, conversation.id));
    vscode.window.setStatusBarMessage('OpenHands: conversation link copied', 3000);
  }

  async function removeConversation(conversation?: StartedConversation): Promise<void> {
    const base = serverUrlOr();
    if (conversation && base) await store.remove(base, conversation.id);
  }

  return {
    [Command.StartConversation]: startConversation,
    [Command.SendFileAsMessage]: sendFiles,
    [Command.SendSelectionAsMessage]: sendSelection,
    [Command.OpenConversation]: openConversation,
    [Command.CopyConversationLink]: copyLink,
    [Command.RemoveConversation]: removeConversation,
  } satisfies Record<string, CommandHandler>;

  /** The file's bytes as the editor has them (unsaved changes included), or a message why it cannot be sent. */
  async function readForMessage(uri: vscode.Uri, target: ConversationTarget): Promise<MessageFile | string> {
    const root = target.root?.fsPath ?? vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open?.isDirty) return { path: uri.fsPath, root, bytes: new TextEncoder().encode(open.getText()) };
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.Directory) return `${vscode.workspace.asRelativePath(uri, false)} is a folder; select files to send.`;
      if (stat.size > Math.max(READ_LIMIT_BYTES, IMAGE_LIMIT_BYTES)) return `${vscode.workspace.asRelativePath(uri, false)} is too large to send.`;
      return { path: uri.fsPath, root, bytes: await vscode.workspace.fs.readFile(uri) };
    } catch (error) {
      return `Cannot read ${vscode.workspace.asRelativePath(uri, false)}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
}

function activeDocumentUri(): vscode.Uri[] {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri ? [uri] : [];
}

interface AskOptions { readonly title: string; readonly allowEmpty: boolean; readonly placeholder: string }

/**
 * Asks for the person's words in an input that shows where the conversation goes, with buttons to change the
 * repository and branch or to drop the repository. What was typed is kept across those changes.
 * `given` words (a string passed as a command argument, which no menu or key binding does) skip the input:
 * the extension-host tests drive the commands that way.
 */
async function askMessage(initial: ConversationTarget, options: AskOptions, given?: unknown): Promise<{ text: string; target: ConversationTarget } | undefined> {
  if (typeof given === 'string' && (options.allowEmpty || given.trim())) return { text: given.trim(), target: initial };
  let target = initial;
  let text = '';
  for (;;) {
    const answer = await showMessageInput(target, text, options);
    if (answer.kind !== 'change') return answer.kind === 'send' ? { text: answer.text, target } : undefined;
    text = answer.text;
    if (answer.what === 'drop') target = withoutRepository(target);
    else target = (await editTarget(target)) ?? target;
  }
}

type InputAnswer = { kind: 'send'; text: string } | { kind: 'cancel' } | { kind: 'change'; what: 'edit' | 'drop'; text: string };

function showMessageInput(target: ConversationTarget, value: string, options: AskOptions): Promise<InputAnswer> {
  const editButton = { iconPath: new vscode.ThemeIcon('repo'), tooltip: 'Change Repository or Branch' };
  const dropButton = { iconPath: new vscode.ThemeIcon('circle-slash'), tooltip: 'Start Without Repository' };
  const input = vscode.window.createInputBox();
  input.title = options.title;
  input.value = value;
  input.placeholder = options.placeholder;
  input.prompt = `Repository: ${describeTarget(target)}.`; // VS Code adds how to send and cancel
  input.ignoreFocusOut = true;
  input.buttons = target.repository ? [editButton, dropButton] : [editButton];
  return new Promise((resolve) => {
    let answered = false;
    const finish = (answer: InputAnswer) => { answered = true; resolve(answer); input.dispose(); };
    input.onDidAccept(() => {
      if (!options.allowEmpty && !input.value.trim()) {
        input.validationMessage = 'Type what the agent should do.';
        return;
      }
      finish({ kind: 'send', text: input.value.trim() });
    });
    input.onDidTriggerButton((button) => finish({ kind: 'change', what: button === dropButton ? 'drop' : 'edit', text: input.value }));
    input.onDidHide(() => { if (!answered) finish({ kind: 'cancel' }); });
    input.show();
  });
}

/** Lets the person type another repository and branch; the provider stays as detected. */
async function editTarget(target: ConversationTarget): Promise<ConversationTarget | undefined> {
  const repository = await vscode.window.showInputBox({
    title: 'Repository', prompt: 'As the server knows it, e.g. owner/repo or group/subgroup/repo. Leave empty for none.',
    value: target.repository ?? '', ignoreFocusOut: true,
  });
  if (repository === undefined) return undefined;
  if (!repository.trim()) return withoutRepository(target);
  const branch = await vscode.window.showInputBox({
    title: 'Branch', prompt: 'Leave empty for the repository\'s default branch.', value: target.branch ?? '', ignoreFocusOut: true,
  });
  if (branch === undefined) return undefined;
  return { ...target, repository: repository.trim(), branch: branch.trim() || undefined, warnings: [] };
}
