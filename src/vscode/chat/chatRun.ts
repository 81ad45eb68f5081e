// Streams one run of a conversation into the chat response: the agent's messages and actions as they happen,
// then what it did and the buttons Open Transcript, Show Changes and Apply Changes. Cancelling the request stops
// the following, never the agent: the response says so before it starts following (after a cancel VS Code shows
// nothing more of it).
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { ConversationEvent } from '../../api/model/events';
import { eventLine, inlineCode, quoted } from '../../core/chat/eventLines';
import { followRun, type FollowEnd } from '../../core/chat/runFollow';
import { STATE_PRESENTATION } from '../../core/conversations/conversationState';
import { buildTranscript, firstWorkingDir } from '../../core/transcript/build';
import { eventsReaderFor, followSourcesOf } from '../../core/transcript/followSource';
import type { FollowFactory } from '../../core/transcript/followTypes';
import { sandboxRelative } from '../../core/transcript/localPath';
import { summarizeRun, summarySentence } from '../../core/transcript/runSummary';
import { costText } from '../../core/conversations/conversationCost';
import { Command } from '../platform/ids';
import type { ThreadConversation } from './chatThread';

/** The events read before a follow-up: more than the agent makes in the overlap a source repeats (~35 s). */
const KNOWN_PAGE = 100;

/** The newest events the conversation holds before a follow-up: its run shows only what comes after them. */
export async function eventsBefore(client: OpenHandsClient, id: string): Promise<readonly ConversationEvent[]> {
  const reader = await eventsReaderFor(client, id, new AbortController().signal).catch(() => undefined);
  return reader ? (await reader.latest(KNOWN_PAGE).catch(() => undefined))?.events ?? [] : [];
}

/** Follows the run with the transcript's follower (`follow`), as a visible tab would, until it ends or is cancelled. */
export async function streamRun(
  client: OpenHandsClient, follow: FollowFactory, conversation: ThreadConversation, stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken, known: readonly ConversationEvent[] = [],
): Promise<void> {
  stream.markdown(vscode.l10n.t('Following the agent here. Cancelling this request stops following; the agent keeps working on the server.') + '\n\n');
  stream.progress(vscode.l10n.t('The agent is working…'));
  const controller = new AbortController();
  const cancelled = token.onCancellationRequested(() => controller.abort());
  try {
    const sources = followSourcesOf(client, conversation.conversationId);
    const end = await followRun((onUpdate) => follow(sources, onUpdate), (event) => {
      const line = eventLine(event);
      if (line) stream.markdown(`${line}\n\n`);
    }, {
      signal: controller.signal, known,
      onRetry: (error) => stream.progress(vscode.l10n.t('Reading the events failed, trying again: {0}', error.message)),
    });
    // VS Code shows nothing a response writes after its request was cancelled: the line above told the person.
    if (end.kind === 'cancelled') return;
    stream.markdown(endText(end));
    if (end.kind !== 'lost') await addCost(stream, client, conversation.conversationId, controller.signal);
    addButtons(stream, conversation.conversationId);
  } finally {
    cancelled.dispose();
  }
}

/** What the conversation's LLM calls cost so far, where the server reports it: one read once the run ended. */
async function addCost(stream: vscode.ChatResponseStream, client: OpenHandsClient, id: string, signal: AbortSignal): Promise<void> {
  const [summary] = await client.getConversations([id], { signal }).catch(() => []);
  if (summary?.cost) stream.markdown(`${costText(summary.cost)}\n\n`);
}

function endText(end: Exclude<FollowEnd, { kind: 'cancelled' }>): string {
  if (end.kind === 'lost') {
    const why = end.error instanceof Error ? end.error.message : String(end.error);
    return vscode.l10n.t('Lost track of the run: {0}. The agent may still be working: Open Transcript follows it.', why);
  }
  const summary = summarizeRun(buildTranscript(end.events));
  const lines = [`**${STATE_PRESENTATION[end.state].sentence}**`];
  if (end.events.length) lines.push(summarySentence(summary));
  const files = [...summary.created, ...summary.edited, ...summary.deleted];
  // The agent names files by their sandbox paths: shown relative to its workspace, as the repository has them.
  const workingDir = firstWorkingDir(end.events);
  const shown = (file: string) => (workingDir ? sandboxRelative(file, workingDir) : null) ?? file;
  if (files.length) lines.push(files.map((f) => inlineCode(shown(f))).join(', '));
  if (summary.finishMessage?.text.trim()) lines.push(quoted(summary.finishMessage.text));
  return `${lines.join('\n\n')}\n\n`;
}

/** What the person can do next with the conversation's result. */
function addButtons(stream: vscode.ChatResponseStream, id: string): void {
  stream.button({ command: Command.OpenConversation, title: vscode.l10n.t('Open Transcript'), arguments: [id] });
  stream.button({ command: Command.ShowChanges, title: vscode.l10n.t('Show Changes'), arguments: [id] });
  stream.button({ command: Command.ApplyChanges, title: vscode.l10n.t('Apply Changes'), arguments: [id] });
}
