// The transcript's items (core/transcript/items.ts) as the tab shows them: a title in words, the time as the
// server gave it, a label for screen readers, and body blocks. Every word the page shows is made here, in VS
// Code's language; the agent's text goes along as data (Markdown or plain), never as markup.
import * as vscode from 'vscode';
import { STATE_PRESENTATION } from '../../core/conversations/conversationState';
import type { ActionItem, ActionStatus, EditDiff, FoldedText, TranscriptItem, TrimmedText } from '../../core/transcript/items';
import { fileActionTitle, shownFilePath } from '../../core/transcript/fileWords';
import type { ViewBlock, ViewItem } from './protocol';

export function viewItem(item: TranscriptItem): ViewItem {
  const shown = shownItem(item);
  const title = shown.title;
  return { id: item.id, time: item.timestamp, label: vscode.l10n.t('{0}, {1}', title, item.timestamp), ...shown };
}

type Shown = Pick<ViewItem, 'kind' | 'title' | 'blocks' | 'failed'>;

function shownItem(item: TranscriptItem): Shown {
  switch (item.kind) {
    case 'message': return {
      kind: item.from === 'person' ? 'user' : 'agent',
      title: item.from === 'person' ? vscode.l10n.t('You') : item.writing ? vscode.l10n.t('Agent, writing…') : vscode.l10n.t('Agent'),
      blocks: [...markdown(item.text), ...(item.imageCount ? [text(vscode.l10n.t('With {0} image(s).', item.imageCount))] : [])],
    };
    case 'thinking': return { kind: 'thinking', title: vscode.l10n.t('Thinking'), blocks: markdown(item.text) };
    case 'rejection': return { kind: 'action', title: vscode.l10n.t('Action rejected'), blocks: [text(item.reason)], failed: true };
    case 'observation': return { kind: 'action', title: vscode.l10n.t('Result of {0}', item.tool), blocks: [output(item.output)], failed: item.isError };
    case 'error': return { kind: 'error', title: item.code ? vscode.l10n.t('Error {0}', item.code) : vscode.l10n.t('Error'), blocks: plain(item.message), failed: true };
    case 'state': return { kind: 'state', title: vscode.l10n.t('State: {0}', STATE_PRESENTATION[item.state].word), blocks: [] };
    case 'condensation': return { kind: 'other', title: vscode.l10n.t('History condensed'), blocks: markdown(item.summary) };
    case 'other': return { kind: 'other', title: vscode.l10n.t('Event of kind {0}', item.rawKind), blocks: plain(item.text) };
    default: return actionShown(item);
  }
}

function actionShown(item: ActionItem): Shown {
  // The server's fallback summary is the call itself as JSON (`terminal: {"command": …}`), shown below already.
  const summary = item.summary && !item.summary.startsWith(`${item.tool}: {`) ? [text(item.summary)] : [];
  const before: ViewBlock[] = [...(item.thought ? markdown(item.thought) : []), ...summary];
  const after: ViewBlock[] = [
    // A risk worth a look only: LOW and UNKNOWN (no analyzer) are every action's.
    ...(item.securityRisk === 'MEDIUM' || item.securityRisk === 'HIGH' ? [text(vscode.l10n.t('Risk: {0}', item.securityRisk))] : []),
    ...(item.rejection !== undefined ? [text(vscode.l10n.t('Rejected: {0}', item.rejection))] : []),
  ];
  const own = actionBody(item);
  // A file action says its failure in its title.
  const title = item.kind === 'file' && item.status === 'failed' ? own.title : `${own.title}${statusSuffix(item.status)}`;
  return { kind: 'action', title, blocks: [...before, ...own.blocks, ...after], failed: item.status === 'failed' || item.status === 'rejected' };
}

function actionBody(item: ActionItem): { title: string; blocks: ViewBlock[] } {
  const result = item.output ? [output(item.output)] : [];
  switch (item.kind) {
    case 'command': {
      const exit = item.exitCode === undefined || item.exitCode === null ? undefined : vscode.l10n.t('Exit code {0}', item.exitCode);
      const outputs = item.output ? [output(item.output, exit)] : exit ? [text(exit)] : [];
      return { title: vscode.l10n.t('Ran a command'), blocks: [{ type: 'code', text: item.command }, ...outputs] };
    }
    // Named once, relative to the workspace; the local file, where there is one, a click away.
    case 'file': return { title: fileActionTitle(item, shownFilePath(item)), blocks: [
      ...(item.localPath !== null ? [{ type: 'path' as const, path: item.path, label: vscode.l10n.t('Open the local file') }] : []),
      ...(item.diff ? diffBlocks(item.diff) : []),
      ...(item.command === 'view' || !item.diff ? result : []),
    ] };
    case 'browse': return { title: vscode.l10n.t('Browsed'), blocks: [text(item.detail), ...result] };
    case 'mcp': return { title: vscode.l10n.t('Called the MCP tool {0}', item.tool), blocks: [output(item.arguments), ...result] };
    case 'tool': return { title: vscode.l10n.t('Called the tool {0}', item.tool), blocks: [output(item.arguments), ...result] };
    case 'finish': return { title: vscode.l10n.t('Finished'), blocks: markdown(item.message) };
  }
}

function statusSuffix(status: ActionStatus): string {
  switch (status) {
    case 'running': return vscode.l10n.t(' (running)');
    case 'awaiting-confirmation': return vscode.l10n.t(' (waits for your approval)');
    case 'rejected': return vscode.l10n.t(' (rejected)');
    case 'failed': return vscode.l10n.t(' (failed)');
    case 'done': return '';
  }
}

function diffBlocks(diff: EditDiff): ViewBlock[] {
  const counts = text(vscode.l10n.t('+{0} −{1}', diff.added, diff.removed));
  if (diff.tooLarge) return [counts, text(vscode.l10n.t('Too large to compare line by line.'))];
  const lines = diff.unified.split('\n').filter((line) => line && !line.startsWith('---') && !line.startsWith('+++'))
    .map((line) => ({ op: (line.startsWith('@@') ? '@' : line[0] === '+' || line[0] === '-' ? line[0] : ' ') as '+' | '-' | ' ' | '@', text: line.startsWith('@@') ? line : line.slice(1) }));
  return [counts, { type: 'diff', lines }];
}

function output(folded: FoldedText, note?: string): ViewBlock {
  const trimmed = trimNote(folded.full);
  const notes = [note, trimmed].filter((n): n is string => n !== undefined).join(' ');
  return { type: 'output', head: folded.head, tail: folded.tail, hiddenLines: folded.folded ? folded.hiddenLines : 0, full: folded.full.text, ...(notes ? { note: notes } : {}) };
}

function markdown(value: TrimmedText): ViewBlock[] {
  const note = trimNote(value);
  return [{ type: 'markdown', text: value.text }, ...(note ? [text(note)] : [])];
}

function plain(value: TrimmedText): ViewBlock[] {
  const note = trimNote(value);
  return [text(value.text), ...(note ? [text(note)] : [])];
}

function trimNote(value: TrimmedText): string | undefined {
  return value.trimmed ? vscode.l10n.t('Trimmed: the first {0} of {1} characters are shown.', value.text.length, value.fullLength) : undefined;
}

function text(value: string): ViewBlock {
  return { type: 'text', text: value };
}
