// Every command, context key and view id of the extension, typed. package.json must agree with this file:
// `npm run check-commands` verifies it.

export const Command = {
  SetApiKey: 'openhands.setApiKey',
  ClearApiKey: 'openhands.clearApiKey',
  ShowLog: 'openhands.showLog',
  ChangeServerUrl: 'openhands.changeServerUrl',
  ShowConnectionMenu: 'openhands.showConnectionMenu',
  RefreshSettings: 'openhands.refreshSettings',
  OpenSettingsJson: 'openhands.openSettingsJson',
  ConfigureLlm: 'openhands.configureLlm',
  EditSetting: 'openhands.editSetting',
  ResetSetting: 'openhands.resetSetting',
  SetSecret: 'openhands.setSecret',
  ClearSecret: 'openhands.clearSecret',
  SetProviderToken: 'openhands.setProviderToken',
  AddMcpServer: 'openhands.addMcpServer',
  EditMcpServer: 'openhands.editMcpServer',
  RemoveMcpServer: 'openhands.removeMcpServer',
  OpenServerSettings: 'openhands.openServerSettings',
  StartConversation: 'openhands.startConversation',
  SendFileAsMessage: 'openhands.sendFileAsMessage',
  SendSelectionAsMessage: 'openhands.sendSelectionAsMessage',
  OpenConversation: 'openhands.openConversation',
  CopyConversationLink: 'openhands.copyConversationLink',
  RefreshConversations: 'openhands.refreshConversations',
  LoadMoreConversations: 'openhands.loadMoreConversations',
  StopConversation: 'openhands.stopConversation',
  SendFollowUpMessage: 'openhands.sendFollowUpMessage',
  OpenWalkthrough: 'openhands.openWalkthrough',
  SwitchServer: 'openhands.switchServer',
} as const;
export type CommandId = (typeof Command)[keyof typeof Command];

export const View = {
  Container: 'openhands',
  Settings: 'openhands.settings',
  Conversations: 'openhands.conversations',
} as const;

/** Context keys for `when` clauses of views, welcome views and menus. */
export const Context = {
  /** One of the ConnectionState values in connectionState.ts. */
  ConnectionState: 'openhands.connectionState',
  /** What the connected server speaks, in words (describeServerApi); empty until its API is known. */
  ServerApi: 'openhands.serverApi',
  /** Whether a conversation was started from this VS Code on the configured server. */
  ConversationStarted: 'openhands.conversationStarted',
} as const;

/** The walkthrough of contributes.walkthroughs, by its id in package.json. */
export const Walkthrough = {
  FirstRun: 'openhands.firstRun',
} as const;
