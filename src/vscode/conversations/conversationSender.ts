// Sends a new conversation: warns about what the agent would not see on the remote (pushing the branch first on
// Push and Start), posts with a cancellable progress, announces the result, and turns a failure into its
// action. The typed message survives any failure: Retry, and the fixes (Set API Key, Configure Settings, Set
// LLM API Key, Start Without Repository), send it again as it was; so do a failed push's actions.
import * as vscode from 'vscode';
import type { ConversationRequest } from '../../api/model/conversations';
import { ApiError } from '../../api/http/apiError';
import { firstLine } from '../../core/conversations/message';
import { TaskDrafts } from '../../core/conversations/taskDrafts';
import { preflightChoices, pushPlanText, PUSH_ACTION_TITLES, type PreflightAction, type PushAction, type PushFailure, type PushPlan } from '../../core/git/branchPush';
import { providerName } from '../../api/providerDomains';
import { tokenHost } from '../../core/git/gitProvider';
import { serverWarnings, warningText, type PreflightWarning } from '../../core/git/repoContext';
import { connectedServer } from '../connection/connectedServer';
import type { ServerSession, Server } from '../connection/serverSession';
import type { GitPusher } from '../git/gitPush';
import { signalOf } from '../platform/cancellation';
import { configuration } from '../platform/configuration';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { Command, type CommandId } from '../platform/ids';
import type { Logger } from '../platform/log';
import type { ProviderTokenSetup } from '../settings/providerTokenSetup';
import type { FolderHandOver, FolderOffer } from '../handover/folderHandOver';
import type { ConversationLinks } from './conversationLinks';
import type { ConversationStore, StartedConversation } from './conversationStore';
import { describeTarget, withoutRepository, type ConversationTarget } from './conversationTarget';

export type MessageFields = Pick<ConversationRequest, 'initial_user_msg' | 'image_urls'>;

type SendableFolder = Extract<FolderOffer, { kind: 'offered' }>;

/** What the pre-flight settled on: the target, and a push to do first or the folder to send instead. */
interface Confirmed {
  readonly target: ConversationTarget;
  readonly push?: PushPlan;
  readonly folder?: SendableFolder;
}

/** Where a start's steps go instead of the progress notification (the chat response), and what cancels it. */
export interface StartReporter {
  report(step: string): void;
  readonly signal: AbortSignal;
}

export class ConversationSender {
  /** Tasks typed for starts that did not happen, per folder: a start on the folder spends its draft. */
  readonly drafts = new TaskDrafts();

  constructor(
    private readonly session: ServerSession,
    private readonly store: ConversationStore,
    private readonly links: ConversationLinks,
    private readonly errors: ErrorPresenter,
    private readonly logger: Logger,
    private readonly pusher: GitPusher,
    private readonly tokens: ProviderTokenSetup,
    private readonly folders: FolderHandOver,
  ) {}

  /** Warns, then sends (after Push and Start's push); returns the new conversation's id, or undefined when it did not start. */
  async send(target: ConversationTarget, message: MessageFields, title: string, reporter?: StartReporter): Promise<string | undefined> {
    const confirmed = await this.confirmWithFolder(this.forServer(target));
    if (confirmed?.folder) return this.sendFolder(confirmed.folder, message, title, reporter);
    if (confirmed?.push) return this.pushThenPost(confirmed.target, confirmed.push, message, title, reporter);
    return confirmed && this.post(confirmed.target, message, title, reporter);
  }

  /** Push and Start: only a pushed branch starts; a failed push shows what to do about it, the message kept. */
  private async pushThenPost(
    target: ConversationTarget, plan: PushPlan, message: MessageFields, title: string, reporter?: StartReporter,
  ): Promise<string | undefined> {
    const failure = await this.pusher.push(target.root, plan);
    return failure ? this.afterGitFailure(failure, target, plan, message, title) : this.post(target, message, title, reporter);
  }

  /** A failed push or pull with its actions; each keeps the typed message. */
  private async afterGitFailure(
    failure: PushFailure, target: ConversationTarget, plan: PushPlan, message: MessageFields, title: string,
  ): Promise<string | undefined> {
    const again = () => this.pushThenPost(target, plan, message, title);
    const handlers: Record<PushAction, () => Promise<string | undefined>> = {
      pullAndRetry: async () => {
        const pullFailed = await this.pusher.pull(target.root, plan);
        return pullFailed ? this.afterGitFailure(pullFailed, target, plan, message, title) : again();
      },
      retry: again,
      startAnyway: () => this.post(target, message, title),
      startWithoutRepository: () => this.post(withoutRepository(target), message, title),
      // The output beside the same failure again, so its other actions stay at hand.
      showGitOutput: async () => { await this.pusher.showOutput(); return this.afterGitFailure(failure, target, plan, message, title); },
    };
    const picked = await vscode.window.showErrorMessage(failure.message, ...failure.actions.map((action) => PUSH_ACTION_TITLES[action]));
    const action = failure.actions.find((a) => PUSH_ACTION_TITLES[a] === picked);
    return action && handlers[action]();
  }

  /** Sends to a target the person confirmed. After a failure, its action sends the same message again. */
  private async post(target: ConversationTarget, message: MessageFields, title: string, reporter?: StartReporter): Promise<string | undefined> {
    let server: Server | undefined;
    try {
      server = await connectedServer(this.session);
      const started = await this.start(server, target, message, title, reporter);
      this.drafts.started(target.root?.toString());
      await this.store.add(server.url, started);
      this.logger.info(`Conversation ${started.id} started on ${describeTarget(target)}`);
      // The chat response says it where the start was reported; elsewhere a notification does.
      if (!reporter) void this.announce(server.url, started);
      return started.id;
    } catch (error) {
      if (server && this.session.serverUrl !== server.url && error instanceof ApiError && error.kind === 'cancelled') {
        // Not the person's Cancel: a switch to another server cancelled the start on the old one.
        void vscode.window.showWarningMessage(vscode.l10n.t(
          'OpenHands: the server changed while a conversation was starting on {0}, so its start was cancelled. It may have started there anyway: see that server\'s web UI.',
          server.url));
        return undefined;
      }
      await this.showFailure(error, target, message, title);
      return undefined;
    }
  }


  private async start(server: Server, target: ConversationTarget, message: MessageFields, title: string, reporter?: StartReporter): Promise<StartedConversation> {
    const request = conversationRequest(target, message);
    // A V1 server starts asynchronously: each step of its start task is shown as it is reached.
    const response = reporter
      ? await server.client.createConversation(request, { signal: reporter.signal, onProgress: (step) => reporter.report(step) })
      : await vscode.window.withProgress({
        location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: starting a conversation on {0}', describeTarget(target)), cancellable: true,
      }, (progress, token) => server.client.createConversation(request, { signal: signalOf(token), onProgress: (step) => progress.report({ message: step }) }));
    return {
      id: response.conversation_id, title: firstLine(title), repository: target.repository, branch: target.branch,
      ...(target.root ? { folder: target.root.toString() } : {}), startedAt: new Date().toISOString(), status: response.conversation_status ?? undefined, state: 'starting',
    };
  }

  private async showFailure(error: unknown, target: ConversationTarget, message: MessageFields, title: string): Promise<void> {
    const retry = () => this.post(target, message, title);
    // The fix first (a key, the LLM settings); once it is in place, the typed message goes again.
    const fixThenRetry = (command: CommandId, ...args: unknown[]) => async () => {
      if ((await vscode.commands.executeCommand<unknown>(command, ...args)) === true) await retry();
    };
    await this.errors.show(error, {
      retry,
      setApiKey: fixThenRetry(Command.SetApiKey),
      configureSettings: fixThenRetry(Command.ConfigureLlm),
      setLlmApiKey: fixThenRetry(Command.SetSecret, { field: 'llm_api_key' }),
      startWithoutRepository: () => this.post(withoutRepository(target), message, title),
      // A server without its web UI has no settings page to send the person to.
      ...(this.links.servesPages() ? { openServerSettings: () => vscode.commands.executeCommand(Command.OpenServerSettings) } : {}),
    });
  }

  /**
   * Warns about what the agent would miss on the remote, offering Push and Start when pushing the branch helps,
   * and setting up the provider's token first when the server has none; resolves to the target to use and the
   * push to do first, or undefined to stop.
   */
  private async confirmTarget(target: ConversationTarget, offer?: FolderOffer): Promise<Confirmed | undefined> {
    const folder = offer?.kind === 'offered' ? offer : undefined;
    if (!target.repository && folder) return askFolderOrEmpty(target, folder);
    if (!target.repository || !target.warnings.length) return { target };
    const { push, actions } = preflightChoices(target.warnings, target.remote, Boolean(this.session.server?.client.storeProviderToken), Boolean(folder));
    const picked = await askPreflight(target, push, actions, offer?.kind === 'notOffered' ? offer.reason : undefined);
    if (picked === 'sendFolder' && folder) return { target, folder };
    if (picked === 'setUpToken') return this.setUpTokenThenConfirm(target, offer);
    if (picked === 'pushAndStart' && push) return { target, push };
    if (picked === 'startAnyway') return { target };
    return picked === 'startWithoutRepository' ? { target: withoutRepository(target) } : undefined;
  }

  /** Sets the token up; once stored, what is left to warn about (a branch to push) is asked, else it starts. */
  private async setUpTokenThenConfirm(target: ConversationTarget, offer: FolderOffer | undefined): Promise<Confirmed | undefined> {
    const missing = target.warnings.find((w) => w.kind === 'noProviderToken');
    if (!missing) return undefined;
    const result = await this.tokens.setUp({ provider: missing.provider, host: tokenHost(missing.provider, target.gitHost), offerStartWithoutRepository: true });
    if (result === 'startWithoutRepository') return { target: withoutRepository(target) };
    // Not set up (the token box cancelled, a failure dismissed): the warning again, with its other ways on.
    if (result !== 'stored') return this.confirmTarget(target, offer);
    return this.confirmTarget({ ...target, warnings: target.warnings.filter((w) => w !== missing) }, offer);
  }

  /**
   * The pre-flight with Send This Folder (openhands.startConversationWith): `folder` sends it without asking which
   * (its confirmation still shows what leaves), `repository` never offers it, `ask` offers it first where the
   * agent would not see the folder as it is: a warning about the repository, or no repository at all.
   */
  private async confirmWithFolder(target: ConversationTarget): Promise<Confirmed | undefined> {
    const plan = await this.folderPlan(target);
    if (plan.sentWithoutAsking && plan.offer?.kind === 'offered') return { target, folder: plan.offer };
    return this.confirmTarget(target, plan.offer);
  }

  /**
   * What a start on `target` will do with the workspace folder: its offer (the folder, its file count and size, or
   * why not), or none where the pre-flight will not mention it; and whether it goes without the pre-flight asking.
   * The Delegate tool's confirmation says it before the start.
   */
  async folderPlan(target: ConversationTarget): Promise<{ readonly offer: FolderOffer | undefined; readonly sentWithoutAsking: boolean }> {
    const mode = configuration.startConversationWith();
    const asks = !target.repository || this.forServer(target).warnings.length > 0;
    const offer = mode === 'repository' || (mode === 'ask' && !asks) ? undefined : await this.folders.offer(target.root);
    return { offer, sentWithoutAsking: mode === 'folder' };
  }

  /** The target with what the server makes of its repository: one it cannot clone is warned about, nothing else. */
  private forServer(target: ConversationTarget): ConversationTarget {
    if (!target.repository) return target;
    return { ...target, warnings: serverWarnings(target.warnings, this.session.server?.client.clonesRepository !== false) };
  }

  /** Hands the folder over with the task; the conversation is kept and announced as any other start. */
  private async sendFolder(folder: SendableFolder, message: MessageFields, title: string, reporter?: StartReporter): Promise<string | undefined> {
    const handed = await this.folders.send(folder, message.initial_user_msg ?? title, message.image_urls ?? undefined, reporter);
    if (!handed) return undefined;
    const started: StartedConversation = {
      id: handed.conversationId, title: firstLine(title), branch: handed.branch, folder: folder.folder.toString(), sentFolderCommit: handed.commit, startedAt: new Date().toISOString(), state: 'starting',
    };
    this.drafts.started(folder.folder.toString());
    await this.store.add(handed.server.url, started);
    this.logger.info(`Conversation ${started.id} started on the folder ${folder.folder.fsPath} as it is`);
    // The chat response says it where the start was reported; elsewhere a notification does.
    if (!reporter) void this.announce(handed.server.url, started);
    return started.id;
  }

  private async announce(serverUrl: string, conversation: StartedConversation): Promise<void> {
    const open = vscode.l10n.t('Open in Browser');
    const copy = vscode.l10n.t('Copy Link');
    const buttons = this.links.servesPages(serverUrl) ? [open, copy] : [];
    const choice = await vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: conversation started — {0}', conversation.title), ...buttons);
    if (choice === open) await this.links.open(conversation, serverUrl);
    if (choice === copy) await this.links.copy(conversation, serverUrl);
  }
}

/** The request: the message, the repository when there is one, and the person's standing instructions. */
function conversationRequest(target: ConversationTarget, message: MessageFields): ConversationRequest {
  const instructions = configuration.conversationInstructions();
  return {
    ...message,
    ...(message.image_urls?.length ? {} : { image_urls: undefined }),
    ...(target.repository ? { repository: target.repository, selected_branch: target.branch, git_provider: target.gitProvider } : {}),
    ...(instructions ? { conversation_instructions: instructions } : {}),
  };
}

/** The pre-flight dialog: the warnings, what Push and Start would push, and the buttons, the primary first. */
async function askPreflight(
  target: ConversationTarget, push: PushPlan | undefined, actions: readonly PreflightAction[], folderNotOffered: string | undefined,
): Promise<PreflightAction | undefined> {
  const missing = target.warnings.find((w): w is Extract<PreflightWarning, { kind: 'noProviderToken' }> => w.kind === 'noProviderToken');
  const titles: Record<PreflightAction, string> = {
    sendFolder: vscode.l10n.t('Send This Folder'),
    setUpToken: vscode.l10n.t('Set Up {0} Token', providerName(missing?.provider ?? '')),
    pushAndStart: vscode.l10n.t('Push and Start'), startAnyway: vscode.l10n.t('Start Anyway'), startWithoutRepository: vscode.l10n.t('Start Without Repository'),
  };
  const detail = [...target.warnings.map(warningText), ...(push ? [pushPlanText(push)] : []), ...(folderNotOffered ? [folderNotOffered] : [])].join('\n');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('OpenHands: {0}', describeTarget(target)), { modal: true, detail }, ...actions.map((action) => titles[action]));
  return actions.find((action) => titles[action] === choice);
}

/** A folder without a repository the agent could clone (or without git at all): its files as they are, or nothing. */
async function askFolderOrEmpty(target: ConversationTarget, folder: SendableFolder): Promise<Confirmed | undefined> {
  const send = vscode.l10n.t('Send This Folder');
  const empty = vscode.l10n.t('Start Without Folder');
  const why = folder.scan.isGitRepo
    ? vscode.l10n.t('This folder has no remote the agent could clone.')
    : vscode.l10n.t('This folder is not a git repository, so the agent has nothing to clone.');
  const picked = await vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: the agent would start in an empty folder'), {
    modal: true,
    detail: [why, vscode.l10n.t('Send This Folder gives the agent its files as they are on disk; your folder is left as it is.'),
      vscode.l10n.t('Start Without Folder starts the conversation in an empty folder: the agent sees none of your files.')].join('\n\n'),
  }, send, empty);
  if (picked === send) return { target, folder };
  return picked === empty ? { target } : undefined;
}
