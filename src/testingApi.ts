// What the extension-host test suites may reach, returned by activate() only in ExtensionMode.Test: no other
// extension can store a key or send a prompt without the UI through it. It wires the same parts a second way, so it
// stands beside the composition roots (extension.ts, onDemand.ts), above src/vscode. Actions here run the same code
// as the commands, with the person's typed answer given instead of asked.
import type { ChatServices } from './vscode/chat/chatRegistration';
import type * as vscode from 'vscode';
import type { Credential, CredentialKind } from './api/http/credential';
import type { ApiKeyStore } from './vscode/connection/apiKeyStore';
import type { ConnectionCommands } from './vscode/connection/connectionCommands';
import type { ServerSession } from './vscode/connection/serverSession';
import { ConversationActions } from './vscode/conversations/conversationActions';
import { ConversationFlows } from './vscode/conversations/conversationFlows';
import type { ConversationSender } from './vscode/conversations/conversationSender';
import type { ConversationTargets } from './vscode/conversations/conversationTarget';
import type { ConversationWatch } from './vscode/conversations/conversationWatch';
import type { ConversationsTreeProvider } from './vscode/conversations/conversationsTreeProvider';
import type { AskMessage } from './vscode/conversations/messageInput';
import type { ErrorPresenter } from './vscode/platform/errorPresenter';
import type { Logger } from './vscode/platform/log';
import type { SettingsController } from './vscode/settings/settingsController';
import type { SettingsTreeProvider } from './vscode/settings/settingsTreeProvider';

/**
 * How long activate() took, in ms: the wall time on the extension host's start path, and the CPU time the host process
 * used meanwhile. That counts every thread of the process (V8's collector and compiler threads too), so it can exceed
 * the wall time; near it, the host was busy rather than waiting for a core.
 */
export interface ActivationTime {
  readonly ms: number;
  readonly cpuMs: number;
  /** The wall time of what activation starts right after activate() returns (the first settings load's start). */
  readonly firstLoadMs: number;
}

export interface TestingApi {
  readonly activation: ActivationTime;
  /** The key stored for `serverUrl`, with its kind. */
  getStoredCredential(serverUrl: string): Promise<Credential | undefined>;
  /** Set API Key with `kind` chosen (a session key unless told) and `key` typed: stored for the configured server. */
  setApiKey(key: string, kind?: CredentialKind): Promise<boolean>;
  /** Change Server URL with `url` typed. */
  changeServerUrl(url: string): Promise<boolean>;
  /** Start Conversation with `words` typed. */
  startConversation(uri: vscode.Uri | undefined, words: string): Promise<string | undefined>;
  /** Send File as Message with `words` typed. */
  sendFiles(uris: readonly vscode.Uri[], words: string): Promise<string | undefined>;
  readonly session: ServerSession;
  readonly settings: SettingsController;
  /** The Settings view's data provider: the nodes and tree items VS Code renders. */
  readonly settingsTree: SettingsTreeProvider;
  readonly targets: ConversationTargets;
  /** The Conversations view's model, its scheduler, and the stops it tells about. */
  readonly conversations: ConversationWatch;
  /** The Conversations view's data provider: the lines and tree items VS Code renders. */
  readonly conversationsTree: ConversationsTreeProvider;
  /** Stop Conversation on `id`, confirmed. */
  stopConversation(id: string): Promise<boolean>;
  /** Send Follow-up Message to `id` with `words` typed and `files` attached. */
  sendFollowUp(id: string, words: string, files?: readonly vscode.Uri[]): Promise<boolean>;
  /** The language-model tools as registered: a suite calls prepareInvocation, and invoke without its confirmation. */
  readonly chatTools: ChatServices['tools'];
}

export interface TestingParts {
  readonly activation: ActivationTime;
  readonly keys: ApiKeyStore;
  readonly session: ServerSession;
  readonly connection: ConnectionCommands;
  readonly settings: SettingsController;
  readonly settingsTree: SettingsTreeProvider;
  readonly targets: ConversationTargets;
  readonly sender: ConversationSender;
  readonly watch: ConversationWatch;
  readonly conversationsTree: ConversationsTreeProvider;
  readonly errors: ErrorPresenter;
  readonly logger: Logger;
  readonly chat: ChatServices;
}

export function createTestingApi(parts: TestingParts): TestingApi {
  const { activation, keys, session, connection, settings, settingsTree, targets, sender, watch, conversationsTree, errors, logger, chat } = parts;
  const typed = (words: string): AskMessage => (target) => Promise.resolve({ text: words.trim(), target });
  const actions = (words = '', files: readonly vscode.Uri[] = []) =>
    new ConversationActions(session, watch, errors, logger, () => Promise.resolve(true), () => Promise.resolve({ text: words.trim(), files }));
  const titled = (id: string) => ({ id, title: watch.feed.list?.find((c) => c.id === id)?.title ?? id });
  return {
    activation, session, settings, settingsTree, targets, conversations: watch, conversationsTree, chatTools: chat.tools,
    stopConversation: (id) => actions().stop(titled(id)),
    sendFollowUp: (id, words, files) => actions(words, files).sendFollowUp(titled(id)),
    getStoredCredential: (url) => keys.get(url),
    setApiKey: async (key, kind = 'session') => {
      const url = session.serverUrl;
      return url ? connection.storeKey(url, { kind, key: key.trim() }) : false;
    },
    changeServerUrl: (url) => connection.switchServer(url),
    startConversation: (uri, words) => new ConversationFlows(targets, sender, typed(words)).start(uri),
    sendFiles: (uris, words) => new ConversationFlows(targets, sender, typed(words)).sendFiles(uris[0], uris),
  };
}
