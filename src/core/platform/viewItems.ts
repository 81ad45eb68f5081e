// The tokens tree items carry in their contextValue, which package.json's `viewItem` when-clauses match.
// A contextValue is these tokens joined by spaces; `npm run check-commands` checks that every token a
// when-clause names is one of them.

export const ViewItem = {
  Group: 'group',
  Field: 'field',
  Secret: 'secret',
  Editable: 'editable',
  Resettable: 'resettable',
  SecretSet: 'secretSet',
  McpList: 'mcpList',
  McpEntry: 'mcpEntry',
  /** The Git providers group, its providers, and the line that says there are none: all link to the server's page. */
  ProviderTokens: 'providerTokens',
  /** A git provider's line on a server that lets a client store its token: Set Token. */
  TokenSettable: 'tokenSettable',
  /** The LLM Profiles group and its line that says there are none: Save Current LLM as Profile. */
  Profiles: 'profiles',
  /** A saved LLM profile: Activate (where it is not the active one), Rename, Delete. */
  Profile: 'profile',
  ActiveProfile: 'activeProfile',
  /** The Secrets group and its line that says there are none: Add Secret. */
  ServerSecrets: 'serverSecrets',
  /** One of the person's secrets on the server, by name: Replace Value, Delete. */
  ServerSecret: 'serverSecret',
  Conversation: 'conversation',
  /** A conversation started from this VS Code (followed, told about when it stops working). */
  StartedHere: 'startedHere',
  /** A conversation the server's API can stop, in a state where stopping means something. */
  Stoppable: 'stoppable',
  /** A conversation the server's API can send a follow-up message to, in a state that takes one. */
  Messageable: 'messageable',
  /** A paused conversation the server's API can resume. */
  Resumable: 'resumable',
  /** A conversation the server's API can rename / delete. */
  Renamable: 'renamable',
  Deletable: 'deletable',
  /** A conversation checked in this window (Open Check Output), whose last check failed (Send Check Failures). */
  Checked: 'checked',
  CheckFailed: 'checkFailed',
  /** The Conversations view's line that says what it is filtered by. */
  Filter: 'filter',
  LoadMore: 'loadMore',
} as const;

export type ViewItemToken = (typeof ViewItem)[keyof typeof ViewItem];

export function contextValue(...tokens: readonly (ViewItemToken | false | undefined)[]): string {
  return tokens.filter((t): t is ViewItemToken => Boolean(t)).join(' ');
}
