// One event of a run as a line of the chat response (Markdown). What the agent and the sandbox said is untrusted:
// commands and paths go in inline code, outputs are cut to a line, the agent's own words are quoted as Markdown
// (VS Code renders a chat response's Markdown without command links or HTML).
import type { ConversationEvent, AgentAction } from '../../api/model/events';
import { l10n } from '../../base/l10n';

const LINE_LIMIT = 160;

/** The first line of `text`, cut to `limit` characters. */
export function oneLine(text: string, limit = LINE_LIMIT): string {
  const first = text.trim().split(/\r?\n/, 1)[0] ?? '';
  const more = first.length > limit || text.trim().includes('\n');
  return more ? `${first.slice(0, limit)}…` : first;
}

/** `text` as inline code whatever backticks it holds. */
export function inlineCode(text: string): string {
  const line = oneLine(text);
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${line} ${fence}`;
}

/** Quotes Markdown as a block quote, each line. */
export function quoted(markdown: string): string {
  return markdown.trim().split(/\r?\n/).map((line) => `> ${line}`).join('\n');
}

function actionLine(action: AgentAction): string | undefined {
  switch (action.type) {
    case 'command': return l10n.t('Ran {0}', inlineCode(action.command));
    case 'file': return action.command === 'view' ? l10n.t('Read {0}', inlineCode(action.path)) : l10n.t('Changed {0} ({1})', inlineCode(action.path), action.command);
    case 'browse': return l10n.t('Browsed {0}', inlineCode(action.detail));
    case 'mcp': return l10n.t('Called the tool {0}', inlineCode(action.tool));
    case 'think': return undefined;
    case 'finish': return undefined; // its message ends the sum-up
    case 'other': return l10n.t('Called the tool {0}', inlineCode(action.tool));
  }
}

/** The line for `event`, or undefined for what the response leaves to the transcript (outputs, states, thoughts). */
export function eventLine(event: ConversationEvent): string | undefined {
  switch (event.kind) {
    case 'message': return event.origin === 'agent' && event.text.trim() ? quoted(event.text) : undefined;
    case 'action': { const line = actionLine(event.action); return line && `- ${line}`; }
    case 'observation':
      return event.isError || (event.result.type === 'command' && event.result.exitCode !== null && event.result.exitCode !== 0)
        ? `  - ${l10n.t('failed: {0}', inlineCode(event.result.type === 'text' ? event.result.text : event.result.output))}`
        : undefined;
    case 'rejection': return `- ${l10n.t('Rejected: {0}', inlineCode(event.reason))}`;
    case 'error': return `- ${l10n.t('Error: {0}', inlineCode(event.message))}`;
    case 'condensation': case 'state': case 'other': return undefined;
  }
}
