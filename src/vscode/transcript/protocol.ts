// What the transcript tab's host (transcriptPanel.ts) and its page (webview/transcript/) say to each other:
// plain data, types only, no vscode import (the page's bundle reads this file too). The host makes every word
// the page shows (vscode.l10n.t), so the page holds no text of its own; what the agent wrote arrives as data and
// is shown as text or through the page's Markdown reader, never as HTML.

/** A part of an item's body. */
export type ViewBlock =
  /** The agent's or the person's words, Markdown. */
  | { readonly type: 'markdown'; readonly text: string }
  /** Text shown as it is, in the editor's font (a command, a file's content). */
  | { readonly type: 'code'; readonly text: string }
  /** An output: its first and last lines at once, the `hiddenLines` between them behind Show all (`full`). */
  | { readonly type: 'output'; readonly head: string; readonly tail: string; readonly hiddenLines: number; readonly full: string; readonly note?: string }
  /** An edit's own diff, line by line. */
  | { readonly type: 'diff'; readonly lines: readonly { readonly op: '+' | '-' | ' ' | '@'; readonly text: string }[] }
  /** A link that opens the local copy of a sandbox file (the same relative path in the workspace folder). */
  | { readonly type: 'path'; readonly path: string; readonly label: string }
  | { readonly type: 'text'; readonly text: string };

export type ViewItemKind = 'user' | 'agent' | 'thinking' | 'action' | 'state' | 'error' | 'other';

/** One entry of the transcript, as shown. */
export interface ViewItem {
  readonly id: string;
  readonly kind: ViewItemKind;
  /** One line: who or what, in words ("You", "Ran a command", "Edited src/a.ts"). */
  readonly title: string;
  /** The time as the server gave it, shown as is. */
  readonly time: string;
  /** The label a screen reader reads for the item. */
  readonly label: string;
  readonly blocks: readonly ViewBlock[];
  readonly failed?: boolean;
}

/** What the tab's controls may do now, and why not where they may not. */
export interface ViewHeader {
  readonly title: string;
  readonly state: string;
  /** Which source the tab follows, in words ("Following the agent server, live."). */
  readonly source: string;
  /** Why the reply box is off; undefined where it is on. */
  readonly replyDisabled?: string;
  readonly attached: readonly string[];
  readonly canStop: boolean;
  readonly canResume: boolean;
  /** Export reads the events from the conversation's server: off while another server is connected. */
  readonly canExport: boolean;
  readonly awaitingConfirmation: boolean;
  readonly hasOlder: boolean;
  /** A problem reading the events, with the tab still showing what it has. */
  readonly problem?: string;
}

/** The page's fixed words, made by the host in VS Code's language. */
export interface ViewStrings {
  readonly showAll: string;
  readonly showLess: string;
  readonly send: string;
  readonly attach: string;
  readonly clearAttached: string;
  readonly replyPlaceholder: string;
  readonly replyLabel: string;
  readonly stop: string;
  readonly resume: string;
  readonly approve: string;
  readonly reject: string;
  readonly exportMarkdown: string;
  readonly loadOlder: string;
  readonly transcriptLabel: string;
  readonly awaitingConfirmation: string;
  readonly empty: string;
  readonly foldedLines: string;
}

/** What the page keeps across a reload (the serializer's state): which conversation on which server. */
export interface TranscriptState {
  readonly serverUrl: string;
  readonly conversationId: string;
  readonly title: string;
}

export type HostMessage =
  | { readonly type: 'init'; readonly state: TranscriptState; readonly strings: ViewStrings; readonly header: ViewHeader; readonly items: readonly ViewItem[] }
  /** Items to add at the end, or to replace where an item with the same id is shown (an action's observation). */
  | { readonly type: 'items'; readonly items: readonly ViewItem[] }
  /** Older items, to add at the start. */
  | { readonly type: 'older'; readonly items: readonly ViewItem[] }
  /** Items no longer in the transcript, to take away (a result shown alone until its action was read). */
  | { readonly type: 'removed'; readonly ids: readonly string[] }
  | { readonly type: 'header'; readonly header: ViewHeader }
  /** The reply went: the box is emptied. */
  | { readonly type: 'sent' };

export type PageMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'openLink'; readonly url: string }
  | { readonly type: 'openPath'; readonly path: string }
  | { readonly type: 'reply'; readonly text: string }
  | { readonly type: 'attach' | 'clearAttached' | 'stop' | 'resume' | 'approve' | 'reject' | 'export' | 'loadOlder' };
