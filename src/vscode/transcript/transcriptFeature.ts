// The transcript feature, put together for the on-demand root: the tabs, what their buttons do (through the
// existing follow-up, stop and resume paths), approve / reject, export, and the commands.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { ConversationEvent } from '../../api/model/events';
import { buildTranscript } from '../../core/transcript/build';
import { DEFAULT_FOLLOW_TIMING, type FollowSources, type FollowUpdate, type TranscriptFollow } from '../../core/transcript/followTypes';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationActions } from '../conversations/conversationActions';
import type { ConversationWatch } from '../conversations/conversationWatch';
import { pickAttachments } from '../conversations/messageInput';
import type { ErrorPresenter } from '../platform/errorPresenter';
import type { Logger } from '../platform/log';
import { ConfirmActions } from './confirmActions';
import { openLocalPath, openPageLink } from './pageLinks';
import { transcriptCommands } from './transcriptCommands';
import type { Exporter } from './transcriptExport';
import type { PageActions, TranscriptEngine } from './transcriptPanel';
import { TranscriptTabs, transcriptState } from './transcriptTabs';

export interface TranscriptDeps {
  readonly context: vscode.ExtensionContext;
  readonly session: ServerSession;
  readonly watch: ConversationWatch;
  readonly errors: ErrorPresenter;
  readonly logger: Logger;
  readonly actions: ConversationActions;
  /** Core's live follow of a conversation's events. */
  readonly follow: (sources: FollowSources, onUpdate: (update: FollowUpdate) => void) => TranscriptFollow;
  /** Export Transcript, loaded on its first run. */
  readonly exporter: Exporter;
}

export function transcriptFeature(deps: TranscriptDeps) {
  const { context, session, watch, errors, logger, actions } = deps;
  const confirm = new ConfirmActions(session, errors, logger);
  const { exporter } = deps;
  const page: PageActions = {
    reply: (tab, text, files) => actions.sendTyped(tab.conversation, { text, files }),
    pickFiles: pickAttachments,
    run: (action, tab) => {
      switch (action) {
        case 'stop': return actions.stop(tab.conversation);
        case 'resume': return actions.resume(tab.conversation);
        case 'approve': return confirm.answer(tab.conversation, true);
        case 'reject': return confirm.answer(tab.conversation, false);
        case 'export': return exporter.run(tab.conversation);
      }
    },
    openLink: openPageLink,
    openPath: openLocalPath,
  };
  const tabs = new TranscriptTabs({ session, watch, engine: engine(deps.follow), actions: page, logger, extensionUri: context.extensionUri });
  context.subscriptions.push(tabs);
  return {
    tabs,
    handlers: transcriptCommands(tabs, watch, session, errors, confirm, exporter),
    /** A tab VS Code restored after a reload; one whose saved state is unreadable is closed. */
    restore: (panel: vscode.WebviewPanel, saved: unknown) => {
      const state = transcriptState(saved);
      if (state) tabs.restore(panel, state); else panel.dispose();
    },
  };
}

/** Core's follow and transcript, with sandbox paths mapped into the first workspace folder. */
function engine(follow: TranscriptDeps['follow']): TranscriptEngine {
  const known = new Map<string, boolean>();
  // A path's existence is asked once per tab's life of the host: the transcript is built again on every update.
  const exists = (local: string) => {
    let found = known.get(local);
    if (found === undefined) known.set(local, found = fs.existsSync(local));
    return found;
  };
  return {
    timing: DEFAULT_FOLLOW_TIMING,
    follow,
    transcript: (events: readonly ConversationEvent[]) => buildTranscript(events, { localFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, exists }),
  };
}
