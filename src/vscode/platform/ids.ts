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
  SaveLlmProfile: 'openhands.saveLlmProfile',
  ActivateLlmProfile: 'openhands.activateLlmProfile',
  RenameLlmProfile: 'openhands.renameLlmProfile',
  DeleteLlmProfile: 'openhands.deleteLlmProfile',
  AddServerSecret: 'openhands.addServerSecret',
  DeleteServerSecret: 'openhands.deleteServerSecret',
  OpenServerSettings: 'openhands.openServerSettings',
  StartConversation: 'openhands.startConversation',
  SendFileAsMessage: 'openhands.sendFileAsMessage',
  SendSelectionAsMessage: 'openhands.sendSelectionAsMessage',
  /** The same handlers as the two above, titled for menus shared with other extensions ("Send File to OpenHands"). */
  SendFileToOpenHands: 'openhands.sendFileToOpenHands',
  SendSelectionToOpenHands: 'openhands.sendSelectionToOpenHands',
  /** A click on a conversation row, the palette's quick pick, the stop notice: the conversation's transcript tab. */
  OpenConversation: 'openhands.openConversation',
  ExportTranscript: 'openhands.exportTranscript',
  ApproveAction: 'openhands.approveAction',
  RejectAction: 'openhands.rejectAction',
  OpenConversationInBrowser: 'openhands.openConversationInBrowser',
  CopyConversationLink: 'openhands.copyConversationLink',
  CopyConversationId: 'openhands.copyConversationId',
  RefreshConversations: 'openhands.refreshConversations',
  LoadMoreConversations: 'openhands.loadMoreConversations',
  StopConversation: 'openhands.stopConversation',
  ResumeConversation: 'openhands.resumeConversation',
  SendFollowUpMessage: 'openhands.sendFollowUpMessage',
  /** Enter on a row of the Conversations view: its transcript, focused (a click opens it without the focus). */
  OpenSelectedConversation: 'openhands.openSelectedConversation',
  RenameConversation: 'openhands.renameConversation',
  DeleteConversation: 'openhands.deleteConversation',
  FindConversations: 'openhands.findConversations',
  FilterConversations: 'openhands.filterConversations',
  ClearConversationFilter: 'openhands.clearConversationFilter',
  OpenWalkthrough: 'openhands.openWalkthrough',
  SwitchServer: 'openhands.switchServer',
  StartLocalServer: 'openhands.startLocalServer',
  StopLocalServer: 'openhands.stopLocalServer',
  UpdateLocalServer: 'openhands.updateLocalServer',
  ApplyChanges: 'openhands.applyChanges',
  UndoApply: 'openhands.undoApply',
  CompleteMerge: 'openhands.completeMerge',
  ShowChanges: 'openhands.showChanges',
  RefreshChanges: 'openhands.refreshChanges',
  /** A changed file's row: its diff (arguments: conversation id, path). */
  OpenChange: 'openhands.openChange',
  ReviewChanges: 'openhands.reviewChanges',
  ExportPatch: 'openhands.exportPatch',
  CopyPatch: 'openhands.copyPatch',
  CheckChanges: 'openhands.checkChanges',
  SendCheckFailures: 'openhands.sendCheckFailures',
  OpenCheckOutput: 'openhands.openCheckOutput',
  /** The comment widget's commands on the agent's diff (argument: the CommentReply, the comment or its thread). */
  AddReviewComment: 'openhands.addReviewComment',
  EditReviewComment: 'openhands.editReviewComment',
  SaveReviewComment: 'openhands.saveReviewComment',
  CancelReviewComment: 'openhands.cancelReviewComment',
  DeleteReviewComment: 'openhands.deleteReviewComment',
  SendReview: 'openhands.sendReview',
} as const;
export type CommandId = (typeof Command)[keyof typeof Command];

/** The commands that read or take the agent's work: built by src/agentWork.ts, a bundle of their own. */
export const AgentWorkCommands = [
  Command.OpenConversation, Command.ExportTranscript, Command.ApproveAction, Command.RejectAction,
  Command.ApplyChanges, Command.UndoApply, Command.CompleteMerge,
  Command.ShowChanges, Command.RefreshChanges, Command.OpenChange, Command.ReviewChanges, Command.ExportPatch, Command.CopyPatch,
] as const;
export type AgentWorkCommand = (typeof AgentWorkCommands)[number];

/** The review of the agent's changes: built by src/review.ts, a bundle of its own loaded after the agent's work. */
export const ReviewCommands = [
  Command.AddReviewComment, Command.EditReviewComment, Command.SaveReviewComment, Command.CancelReviewComment,
  Command.DeleteReviewComment, Command.SendReview,
] as const;
export type ReviewCommand = (typeof ReviewCommands)[number];

/** The LLM profiles and secrets of the Settings view: built by src/settingsLists.ts, loaded where a server keeps them. */
export const SettingsListCommands = [
  Command.SaveLlmProfile, Command.ActivateLlmProfile, Command.RenameLlmProfile, Command.DeleteLlmProfile, Command.AddServerSecret, Command.DeleteServerSecret,
] as const;
export type SettingsListCommand = (typeof SettingsListCommands)[number];

/** Check Changes: built by src/checkWork.ts, a bundle of its own loaded on the first of them. */
export const CheckCommands = [Command.CheckChanges, Command.SendCheckFailures, Command.OpenCheckOutput] as const;
export type CheckCommand = (typeof CheckCommands)[number];

/** The local agent server: built by src/localServerWork.ts, a bundle of its own loaded on the first of them. */
export const LocalServerCommands = [Command.StartLocalServer, Command.StopLocalServer, Command.UpdateLocalServer] as const;
export type LocalServerCommand = (typeof LocalServerCommands)[number];

export const View = {
  Container: 'openhands',
  Settings: 'openhands.settings',
  Conversations: 'openhands.conversations',
  Changes: 'openhands.changes',
} as const;

/** The chat participant (contributes.chatParticipants) and the language-model tools (contributes.languageModelTools). */
export const Chat = {
  Participant: 'openhands.chat',
  DelegateTool: 'openhands_delegate',
  ReadTool: 'openhands_getConversation',
} as const;

/** Context keys for `when` clauses of views, welcome views and menus. */
export const Context = {
  /** One of the ConnectionState values in connectionState.ts. */
  ConnectionState: 'openhands.connectionState',
  /** What the connected server speaks, in words (describeServerApi); empty until its API is known. */
  ServerApi: 'openhands.serverApi',
  /** Whether the connected server serves its web UI (ServerApi.webUi): its pages can be opened in a browser. */
  WebUi: 'openhands.webUi',
  /** Whether a conversation was started from this VS Code on the configured server. */
  ConversationStarted: 'openhands.conversationStarted',
  /**
   * Whether Show Changes ran in this window: the Changes view appears from then on (before, it would only take
   * room from Settings and Conversations with nothing to show).
   */
  ChangesShown: 'openhands.changesShown',
  /** Whether the Conversations view is narrowed by Find Conversations or Filter Conversations by State (its title bar then offers Clear Filter). */
  ConversationsFiltered: 'openhands.conversationsFiltered',
  /** Whether the changes shown have both sides of each diff (the exact patch): comments and Send Review are offered. */
  ReviewPossible: 'openhands.reviewPossible',
} as const;

/** The webview panels VS Code restores after a reload (contributes `onWebviewPanel:` activation). */
export const WebviewPanelType = {
  Transcript: 'openhands.transcript',
} as const;

/** The walkthrough of contributes.walkthroughs, by its id in package.json. */
export const Walkthrough = {
  FirstRun: 'openhands.firstRun',
} as const;
