// The tab's header in words: the conversation's state, the source it follows and how, and what its controls may
// do now (reply, stop, resume, approve or reject), each off with its reason where the server's API line or the
// conversation's state does not allow it.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { ConversationCost, ConversationState } from '../../api/model/conversations';
import { costText } from '../../core/conversations/conversationCost';
import { STATE_PRESENTATION, canResume, canStop, canTakeMessage } from '../../core/conversations/conversationState';
import type { FollowStatus, FollowTiming } from '../../core/transcript/followTypes';
import type { ViewHeader } from './protocol';

export interface HeaderFacts {
  readonly title: string;
  readonly state: ConversationState | undefined;
  /** The connected server's client, undefined when the conversation's server is not the one connected. */
  readonly client: OpenHandsClient | undefined;
  readonly otherServer?: string;
  readonly status: FollowStatus | undefined;
  readonly timing: FollowTiming;
  readonly awaiting: boolean;
  readonly attached: readonly string[];
  /** What its LLM calls cost so far, where the server reports it. */
  readonly cost?: ConversationCost;
}

export function viewHeader(facts: HeaderFacts): ViewHeader {
  const { client, state } = facts;
  return {
    title: facts.title,
    state: [state && STATE_PRESENTATION[state].sentence, facts.cost && costText(facts.cost)].filter(Boolean).join(' '),
    source: sourceLine(facts),
    replyDisabled: replyDisabled(facts),
    attached: facts.attached,
    canStop: Boolean(client?.stopConversation) && state !== undefined && canStop(state),
    canResume: Boolean(client?.resumeConversation) && state !== undefined && canResume(state, client?.goesOnAfterError),
    canExport: !facts.otherServer,
    awaitingConfirmation: waitsForAnswer(facts.awaiting, state) && Boolean(client?.confirmAction),
    hasOlder: facts.status?.hasOlder === true,
    problem: facts.status?.lastError && state !== 'gone' ? vscode.l10n.t('Reading the events failed, trying again: {0}', facts.status.lastError.message) : undefined,
  };
}

/**
 * An action waits for the person's answer where the events hold one and the conversation, as its row says, is
 * waiting (a paused or gone one's agent cannot take the answer); the palette's Approve and Reject ask the same.
 */
export function waitsForAnswer(eventsAwait: boolean, state: ConversationState | undefined): boolean {
  return eventsAwait && (state === undefined || state === 'waiting');
}

function sourceLine({ status, timing, client, otherServer, state }: HeaderFacts): string {
  if (otherServer) return vscode.l10n.t('This conversation is on {0}, not on the connected server: connect to it to follow it.', otherServer);
  if (!client) return vscode.l10n.t('Not connected to the conversation\'s server.');
  if (state === 'gone') return vscode.l10n.t('The events shown are the ones read before the server lost the conversation.');
  if (!status) return vscode.l10n.t('Reading the events…');
  const seconds = (ms: number) => Math.round(ms / 1000);
  switch (status.mode) {
    case 'stream': return vscode.l10n.t('Following the agent server, live.');
    case 'polling': if (status.source === 'agent-server') return vscode.l10n.t('Following the agent server, every {0} s.', seconds(timing.agentPollMs));
      // Where the rule keeps the key from the agent's host, the person learns why, and what would change it.
      return status.agentUnreachable === 'other-host'
        ? vscode.l10n.t('Following the app server, every {0}–{1} s (up to 30 s late): the agent runs on a host its key is not sent to; the setting openhands.runtimeHosts lists your server\'s runtime hosts.', seconds(timing.appPollFirstMs), seconds(timing.appPollMaxMs))
        : vscode.l10n.t('Following the app server, every {0}–{1} s (its copy of the events can be up to 30 s late).', seconds(timing.appPollFirstMs), seconds(timing.appPollMaxMs));
    case 'hidden': return vscode.l10n.t('Not following while the tab is hidden.');
    case 'complete': return status.source === 'agent-server'
      ? vscode.l10n.t('The run has ended: every event is shown, read from the agent server.')
      : vscode.l10n.t('The run has ended: every event is shown, read from the app server.');
    case 'unavailable': return vscode.l10n.t('This server offers no events for this conversation: open it in the browser, where the server serves its web UI.');
  }
}

function replyDisabled({ client, state, otherServer }: HeaderFacts): string | undefined {
  if (otherServer || !client) return vscode.l10n.t('Connect to the conversation\'s server to reply.');
  if (!client.sendMessage) return vscode.l10n.t('This server\'s API offers no follow-up messages.');
  if (state && !canTakeMessage(state, client.goesOnAfterError)) return vscode.l10n.t('{0} A message can be sent while the conversation runs, waits or has finished.', STATE_PRESENTATION[state].sentence);
  return undefined;
}
