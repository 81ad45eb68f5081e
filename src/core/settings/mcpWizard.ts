// The questions that make an MCP server entry, prefilled when editing one. Every answer is checked with the
// server's own rules while it is typed, so an entry the server would refuse is never sent.
import { l10n } from '../../base/l10n';
import { mcpUrlProblem, stdioCommandProblem, stdioNameProblem } from '../../api/model/mcpRules';
import type { McpRemoteServer, McpStdioServer } from '../../api/model/settings';
import type { Prompter } from '../platform/prompter';
import { isRemoteEntry, parseEnv, splitArgs, type McpEntry, type McpListKey } from './mcpEntries';

/** Asks for an entry of `list`; undefined when the person cancels any step. */
export function askMcpEntry(prompter: Prompter, list: McpListKey, existing: McpEntry | undefined): Promise<McpEntry | undefined> {
  if (list === 'stdio_servers') return askStdioEntry(prompter, existing && !isRemoteEntry(existing) ? existing : undefined);
  return askRemoteEntry(prompter, existing && isRemoteEntry(existing) ? existing : undefined);
}

async function askRemoteEntry(prompter: Prompter, existing: McpRemoteServer | undefined): Promise<McpRemoteServer | undefined> {
  const url = await prompter.input({
    title: l10n.t('MCP server URL'), prompt: l10n.t('http(s) or ws(s) URL of the server.'), value: existing?.url ?? '', validate: mcpUrlProblem,
  });
  if (url === undefined) return undefined;
  const key = await prompter.input({
    title: l10n.t('MCP server API key'),
    prompt: existing?.api_key ? l10n.t('Leave empty to keep the current key.') : l10n.t('Leave empty if the server needs none.'),
    value: '', password: true,
  });
  if (key === undefined) return undefined;
  return { url: url.trim(), api_key: key.trim() || existing?.api_key || null };
}

async function askStdioEntry(prompter: Prompter, existing: McpStdioServer | undefined): Promise<McpStdioServer | undefined> {
  const name = await prompter.input({
    title: l10n.t('MCP stdio server name'), prompt: l10n.t('Letters, digits, - and _.'), value: existing?.name ?? '', validate: stdioNameProblem,
  });
  if (name === undefined) return undefined;
  const command = await prompter.input({
    title: l10n.t('MCP stdio server command'), prompt: l10n.t('One executable, without arguments (e.g. npx).'),
    value: existing?.command ?? '', validate: stdioCommandProblem,
  });
  if (command === undefined) return undefined;
  const args = await askParsed(prompter, {
    title: l10n.t('MCP stdio server arguments'), prompt: l10n.t('Separated by spaces; quote an argument that holds spaces.'),
    value: (existing?.args ?? []).map(quoteArg).join(' '),
  }, splitArgs);
  if (args === undefined) return undefined;
  const env = await askParsed(prompter, {
    title: l10n.t('MCP stdio server environment'), prompt: l10n.t('NAME=value pairs separated by commas. Values are sent to the server as they are.'),
    value: Object.entries(existing?.env ?? {}).map(([k, v]) => `${k}=${v}`).join(', '),
  }, parseEnv);
  if (env === undefined) return undefined;
  return { name: name.trim(), command: command.trim(), args, env };
}

type Parse<T> = (text: string) => { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** Asks for text that `parse` reads, refusing what it cannot read while it is typed. */
async function askParsed<T>(prompter: Prompter, request: { title: string; prompt: string; value: string }, parse: Parse<T>): Promise<T | undefined> {
  const text = await prompter.input({ ...request, validate: (v) => { const r = parse(v); return r.ok ? undefined : r.problem; } });
  if (text === undefined) return undefined;
  const parsed = parse(text);
  return parsed.ok ? parsed.value : undefined;
}

function quoteArg(arg: string): string {
  return /\s/.test(arg) ? `"${arg}"` : arg;
}
