// A transcript as one Markdown document: the Export command saves it, the chat participant quotes it. Every text
// in it came from the agent or the server: commands, outputs, diffs and arguments sit in code fences that their
// content cannot close (markdown.ts); the person's and the agent's messages are Markdown and stay so.
import type { ConversationState } from '../../api/model/conversations';
import { l10n } from '../../base/l10n';
import { STATE_PRESENTATION } from '../conversations/conversationState';
import type { ActionItem, FileItem, FoldedText, TranscriptItem, TrimmedText } from './items';
import { fileActionTitle, shownFilePath } from './fileWords';
import { fenced, inlineCode, plain, quoted } from './markdown';

/** The transcript of `items` as Markdown, under `title` where one is given. */
export function transcriptMarkdown(items: readonly TranscriptItem[], title?: string): string {
  const parts = title === undefined ? [] : [`# ${plain(title)}`];
  for (const item of items) parts.push(itemMarkdown(item));
  return `${parts.join('\n\n')}\n`;
}

function itemMarkdown(item: TranscriptItem): string {
  const time = shownTime(item.timestamp);
  switch (item.kind) {
    case 'message':
      return join(`### ${item.from === 'person' ? l10n.t('You, at {0}', time) : l10n.t('The agent, at {0}', time)}`, trimmedText(item.text));
    case 'thinking': return quoted(join(`**${l10n.t('Thinking')}**`, trimmedText(item.text)));
    case 'rejection': return `*${plain(l10n.t('An action was rejected at {0}: {1}', time, item.reason))}*`;
    case 'observation': return join(`#### ${l10n.t('Result of {0} at {1}', inlineCode(item.tool), time)}`, output(item.output));
    case 'error': return join(`#### ${l10n.t('Error at {0}', time)}`, fenced(item.message.text), cutNote(item.message));
    case 'state': return `*${plain(l10n.t('At {0}: {1}', time, stateSentence(item.state)))}*`;
    case 'condensation': return quoted(join(`**${l10n.t('Earlier history condensed at {0}', time)}**`, trimmedText(item.summary)));
    case 'other': return join(`#### ${l10n.t('Event {0} at {1}', inlineCode(item.rawKind), time)}`, item.text.text ? fenced(item.text.text) : '');
    default: return actionMarkdown(item, time);
  }
}

function actionMarkdown(item: ActionItem, time: string): string {
  const thought = item.thought ? trimmedText(item.thought) : '';
  switch (item.kind) {
    case 'command':
      return join(`#### ${l10n.t('Command at {0}', time)}`, thought, fenced(item.command, 'sh'), actionStatus(item), output(item.output));
    // A failed file action says so in its heading.
    case 'file': return join(`#### ${fileHeading(item, time)}`, thought, fileDiff(item), item.status === 'failed' ? '' : actionStatus(item), item.diff ? '' : output(item.output));
    case 'browse':
      return join(`#### ${l10n.t('Browsing at {0}: {1}', time, inlineCode(item.detail))}`, thought, actionStatus(item), output(item.output));
    case 'mcp':
    case 'tool':
      return join(`#### ${l10n.t('Tool {0} at {1}', inlineCode(item.tool), time)}`, thought, output(item.arguments, 'json'), actionStatus(item), output(item.output));
    case 'finish': return join(`### ${l10n.t('The agent finished at {0}', time)}`, trimmedText(item.message));
  }
}

function fileHeading(item: FileItem, time: string): string {
  return l10n.t('{0} at {1}', fileActionTitle(item, inlineCode(shownFilePath(item))), time);
}

function fileDiff(item: FileItem): string {
  if (!item.diff) return '';
  if (item.diff.tooLarge) return `*${l10n.t('Too large to compare: {0} lines before, {1} lines after.', item.diff.removed, item.diff.added)}*`;
  return fenced(item.diff.unified, 'diff');
}

/** Where an action stands, said only where it is not simply done. */
function actionStatus(item: ActionItem): string {
  switch (item.status) {
    case 'running': return `*${l10n.t('Running, no result yet.')}*`;
    case 'awaiting-confirmation': return `*${l10n.t('Waiting for your approval.')}*`;
    case 'rejected': return `*${plain(l10n.t('Rejected: {0}', item.rejection ?? ''))}*`;
    case 'failed': return item.kind === 'command' && typeof item.exitCode === 'number' ? `*${l10n.t('Failed with exit code {0}.', item.exitCode)}*` : `*${l10n.t('Failed.')}*`;
    case 'done': return '';
  }
}

/** An output in full (as far as it was kept), in a fence. */
function output(text: FoldedText | undefined, info = ''): string {
  if (!text || text.full.text === '') return '';
  return join(fenced(text.full.text, info), cutNote(text.full));
}

function trimmedText(text: TrimmedText): string {
  return join(text.text, cutNote(text));
}

function cutNote(text: TrimmedText): string {
  return text.trimmed ? `*${l10n.t('Cut at {0} of its {1} characters.', text.text.length, text.fullLength)}*` : '';
}

function stateSentence(state: ConversationState): string {
  return STATE_PRESENTATION[state].sentence;
}

/** A naive ISO time shown as `2026-01-01 12:00:05` (its date and second); any other text escaped. */
export function shownTime(timestamp: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(timestamp);
  return match ? `${match[1]} ${match[2]}` : plain(timestamp);
}

function join(...parts: string[]): string {
  return parts.filter((part) => part !== '').join('\n\n');
}
