// The composition root: builds the services the views and status bars run on, wires them together and hands
// every registration to VS Code for disposal. No logic lives here. The commands and what only they use are
// built by the on-demand root (src/onDemand.ts, its own bundle), loaded on the first command; the transcript and the
// changes by the agent's work (src/agentWork.ts, a bundle again), on the first of its commands; chat by
// src/chatWork.ts (another), on the first chat request or tool call; Check Changes by src/checkWork.ts (another), on
// the first of its commands.
import * as vscode from 'vscode';
import { useTranslator } from './base/l10n';
import type { AgentWork } from './agentWork';
import type { CheckWork } from './checkWork';
import type { LocalServerWork } from './localServerWork';
import { mayBeLocalServer } from './core/connection/thisMachine';
import type { ChatServices } from './vscode/chat/chatRegistration';
import type { Activated } from './onDemand';
import type { Review } from './review';
import type { TestingApi } from './testingApi';
import { ApiKeyStore } from './vscode/connection/apiKeyStore';
import { ServerSession } from './vscode/connection/serverSession';
import { registerChat } from './vscode/chat/chatRegistration';
import { ConnectionStatusBar } from './vscode/connection/statusBar';
import { registerChangeContents } from './vscode/changes/changeContentRegistration';
import { ChangesMemory } from './vscode/changes/changesMemory';
import { ChangesStore } from './vscode/changes/changesStore';
import { CheckMarks } from './vscode/check/checkMarks';
import { ConversationFinder } from './vscode/conversations/conversationFinder';
import { ConversationLinks } from './vscode/conversations/conversationLinks';
import { ConversationStore } from './vscode/conversations/conversationStore';
import { ConversationWatch } from './vscode/conversations/conversationWatch';
import { ConversationsTreeProvider } from './vscode/conversations/conversationsTreeProvider';
import { RunningStatusBar } from './vscode/conversations/runningStatusBar';
import { StopNotifier } from './vscode/conversations/stopNotifier';
import { registerTranscriptSerializer } from './vscode/transcript/transcriptSerializer';
import { deferredHandlers, onDemandIds, registerCommands, type LocalServerHandlers } from './vscode/platform/commands';
import { AgentWorkCommands, CheckCommands, LocalServerCommands, ReviewCommands, SettingsListCommands } from './vscode/platform/ids';
import { afterActivation } from './vscode/platform/afterActivation';
import { ErrorPresenter } from './vscode/platform/errorPresenter';
import { loggedImport, onFirstUse } from './vscode/platform/firstUse';
import { Logger } from './vscode/platform/log';
import { SettingsController } from './vscode/settings/settingsController';
import { SettingsDocumentProvider } from './vscode/settings/settingsDocumentProvider';
import { SettingsTreeProvider } from './vscode/settings/settingsTreeProvider';
import { FirstRunWalkthrough } from './vscode/walkthrough/firstRunWalkthrough';

type Exports = { testing?: TestingApi };

/** The LLM profiles and secrets (settingsLists.js): loaded where the client says the server keeps them, or on their first command. */
const lists = onFirstUse(() => import('./settingsLists.js'));
/** What deactivate does: this window leaves the local agent server (src/localServerWork.ts). */
let leaving: (() => Promise<void>) | undefined;
/** The local agent server's URL where this window knows it: the connection error offers to start it. */
let localServerUrl: () => string | undefined = () => undefined;

export function activate(context: vscode.ExtensionContext): Exports | Promise<Exports> {
  // First: src/api and src/core make their text through the port, in VS Code's language from now on.
  useTranslator((message, ...args) => vscode.l10n.t(message, ...args));
  const atStart = { ms: performance.now(), cpu: process.cpuUsage() };
  const logger = new Logger();
  const keys = new ApiKeyStore(context.secrets, logger.redactor);
  const session = new ServerSession(keys, logger);
  const errors = new ErrorPresenter(logger, async (moved) => (await onDemand.get()).useMovedServer(moved), () => localServerUrl());
  const settings = new SettingsController(session, errors, logger, async () => (await lists.get()).readSettingsLists);
  const documents = new SettingsDocumentProvider(settings);
  const [conversations, checkMarks] = [new ConversationStore(context.globalState), new CheckMarks()];
  const links = new ConversationLinks(session);
  const watch = new ConversationWatch(session, conversations);
  const finder = new ConversationFinder(watch, session);
  // Each conversation's last check in this window, on its row (the check itself loads with its first command).
  const conversationsTree = new ConversationsTreeProvider(watch, session, finder, checkMarks);
  const settingsTree = new SettingsTreeProvider(settings, session);
  const changes = new ChangesStore();
  const walkthrough = new FirstRunWalkthrough(context.extension.id, context.globalState, session, conversations, logger);
  const activated: Activated = { context, logger, keys, session, errors, settings, documents, settingsTree, conversations, links, watch, finder, conversationsTree, walkthrough, changes, checkMarks };
  const logLoad = (message: string) => logger.info(message);
  const onDemand = onFirstUse(async () => (await loggedImport(logLoad, 'onDemand.js', () => import('./onDemand.js'))).onDemand(activated));
  const agentWork = onFirstUse(async (): Promise<AgentWork> => {
    const parts = (await onDemand.get()).parts;
    const work = (await loggedImport(logLoad, 'agentWork.js', () => import('./agentWork.js'))).agentWork(activated, parts);
    // The review comments on the diffs the agent's work opens: loaded with it, as a file of its own.
    void Promise.resolve().then(() => review.get()).catch((error: unknown) => logger.error(`Loading the review failed: ${String(error)}`));
    return work;
  });
  const chat = onFirstUse(async (): Promise<ChatServices> =>
    (await loggedImport(logLoad, 'chatWork.js', () => import('./chatWork.js'))).chatWork(activated, (await onDemand.get()).parts));
  const checks = onFirstUse(async (): Promise<CheckWork> =>
    (await loggedImport(logLoad, 'checkWork.js', () => import('./checkWork.js'))).checkWork(activated, (await onDemand.get()).parts, await agentWork.get()));
  const review = onFirstUse(async (): Promise<Review> =>
    (await import('./review.js')).review(activated, (await onDemand.get()).parts, await agentWork.get()));
  context.subscriptions.push(
    logger, keys, session, settings, documents, conversations, settingsTree, walkthrough,
    new ConnectionStatusBar(session),
    watch, finder, checkMarks, conversationsTree, new StopNotifier(watch, links, logger), new RunningStatusBar(watch),
    changes, new ChangesMemory(changes, context.workspaceState, session, () => void agentWork.get()),
    ...registerCommands({
      ...deferredHandlers(onDemandIds, () => onDemand.now()?.handlers, async () => (await onDemand.get()).handlers),
      ...deferredHandlers(AgentWorkCommands, () => agentWork.now()?.handlers, async () => (await agentWork.get()).handlers),
      ...deferredHandlers(ReviewCommands, () => review.now()?.handlers, async () => (await review.get()).handlers),
      ...deferredHandlers(CheckCommands, () => checks.now()?.handlers, async () => (await checks.get()).handlers),
      ...deferredHandlers(SettingsListCommands, () => undefined, async () => (await lists.get()).settingsLists(activated)),
      ...localServerRoot(activated, logLoad),
    }),
    ...registerChat(context.extensionUri, () => chat.get()),
    registerTranscriptSerializer(async (panel, state) => (await agentWork.get()).restoreTranscript(panel, state)),
    registerChangeContents(async () => (await agentWork.get()).changeContents),
  );
  const firstLoad = afterActivation(() => void Promise.all([settings.refresh(), walkthrough.openOnFirstRun()]));
  context.subscriptions.push(firstLoad);
  const activation = { ms: performance.now() - atStart.ms, cpuMs: cpuMs(process.cpuUsage(atStart.cpu)) };
  logger.info(`Activated in ${activation.ms.toFixed(1)} ms (${activation.cpuMs.toFixed(1)} ms of CPU)`);
  // Only a test run may look into the secret storage and the panels' state, or act without the UI.
  return context.extensionMode === vscode.ExtensionMode.Test
    ? Promise.all([onDemand.get(), chat.get(), agentWork.get(), firstLoad.started]).then(([loaded, chatServices, , firstLoadMs]) =>
      ({ testing: loaded.testingApi({ ...activation, firstLoadMs }, chatServices) }))
    : {};
}

/**
 * The local agent server's commands. Its bundle is loaded on the first of them, or right after activation where the
 * server URL has the local server's shape, to look whether this window uses it; deactivate lets it leave the server.
 */
function localServerRoot(activated: Activated, logLoad: (message: string) => void): LocalServerHandlers {
  const { session, logger, context } = activated;
  const work = onFirstUse(async (): Promise<LocalServerWork> =>
    (await loggedImport(logLoad, 'localServerWork.js', () => import('./localServerWork.js'))).localServerWork(activated));
  localServerUrl = () => work.now()?.use.knownUrl;
  leaving = async () => work.now()?.leave();
  context.subscriptions.push(afterActivation(() => {
    if (!mayBeLocalServer(session.serverUrl)) return;
    void work.get().then((loaded) => loaded.use.check()).catch((error: unknown) => logger.warn(`Reading the local agent server's state failed: ${String(error)}`));
  }));
  return deferredHandlers(LocalServerCommands, () => work.now()?.handlers, async () => (await work.get()).handlers);
}

/** CPU time in ms: user and system, which process.cpuUsage gives in microseconds. */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

export function deactivate(): Promise<void> | undefined {
  return leaving?.();
}
