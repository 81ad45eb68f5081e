// A small Markdown reader for the agent's messages: paragraphs, headings, lists, block quotes, fenced code,
// emphasis, inline code, links and bare http(s) URLs. It yields a tree of plain data, never HTML: the page builds
// its nodes from it with createElement/textContent (markdownDom.ts), so the agent's text can never become markup.
// Anything it does not read (tables, raw HTML) stays as the text it was.

export type MdInline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'em' | 'strong'; readonly children: readonly MdInline[] }
  | { readonly type: 'link'; readonly url: string; readonly children: readonly MdInline[] };

export type MdBlock =
  | { readonly type: 'paragraph'; readonly inlines: readonly MdInline[] }
  | { readonly type: 'heading'; readonly level: number; readonly inlines: readonly MdInline[] }
  | { readonly type: 'code'; readonly lang: string; readonly text: string }
  | { readonly type: 'quote'; readonly blocks: readonly MdBlock[] }
  | { readonly type: 'list'; readonly ordered: boolean; readonly start: number; readonly items: readonly (readonly MdBlock[])[] };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|(\d{1,9})[.)])\s+/;

export function parseMarkdown(text: string): MdBlock[] {
  return parseBlocks(text.replace(/\r\n?/g, '\n').split('\n'));
}

function parseBlocks(lines: readonly string[]): MdBlock[] {
  const blocks: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    const read = readFence(lines, i) ?? readHeading(lines, i) ?? readQuote(lines, i) ?? readList(lines, i) ?? readParagraph(lines, i);
    blocks.push(read.block);
    i = read.next;
  }
  return blocks;
}

interface Read { readonly block: MdBlock; readonly next: number }

function readFence(lines: readonly string[], at: number): Read | undefined {
  const open = FENCE.exec(lines[at]);
  if (!open) return undefined;
  const marker = open[1];
  const body: string[] = [];
  let i = at + 1;
  while (i < lines.length && !(lines[i].trim().startsWith(marker) && lines[i].trim().replace(/[`~]/g, '') === '')) body.push(lines[i++]);
  return { block: { type: 'code', lang: open[2], text: body.join('\n') }, next: i + 1 };
}

function readHeading(lines: readonly string[], at: number): Read | undefined {
  const match = HEADING.exec(lines[at]);
  return match ? { block: { type: 'heading', level: match[1].length, inlines: parseInline(match[2]) }, next: at + 1 } : undefined;
}

function readQuote(lines: readonly string[], at: number): Read | undefined {
  if (!QUOTE.test(lines[at])) return undefined;
  const inner: string[] = [];
  let i = at;
  while (i < lines.length && QUOTE.test(lines[i])) inner.push(lines[i++].replace(QUOTE, ''));
  return { block: { type: 'quote', blocks: parseBlocks(inner) }, next: i };
}

function readList(lines: readonly string[], at: number): Read | undefined {
  const first = ITEM.exec(lines[at]);
  if (!first) return undefined;
  const ordered = first[3] !== undefined;
  const items: MdBlock[][] = [];
  let i = at;
  while (i < lines.length) {
    const item = ITEM.exec(lines[i]);
    if (!item || (item[3] !== undefined) !== ordered) break;
    const indent = item[0].length;
    const body = [lines[i].slice(indent)];
    i++;
    // The item's own lines: indented continuation (nested lists included), or a lazy paragraph line.
    while (i < lines.length && (lines[i].startsWith(' '.repeat(Math.min(indent, 4))) || (lines[i].trim() && !ITEM.exec(lines[i]) && !startsBlock(lines[i])))) {
      body.push(lines[i].startsWith(' ') ? lines[i].slice(Math.min(indent, leadingSpaces(lines[i]))) : lines[i]);
      i++;
    }
    items.push(parseBlocks(body));
    if (i < lines.length && !lines[i].trim() && i + 1 < lines.length && ITEM.exec(lines[i + 1])) i++;
  }
  return { block: { type: 'list', ordered, start: ordered ? Number(first[3]) : 1, items }, next: i };
}

function readParagraph(lines: readonly string[], at: number): Read {
  const body = [lines[at]];
  let i = at + 1;
  while (i < lines.length && lines[i].trim() && !startsBlock(lines[i]) && !ITEM.exec(lines[i])) body.push(lines[i++]);
  return { block: { type: 'paragraph', inlines: parseInline(body.map((l) => l.trim()).join('\n')) }, next: i };
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line);
}

function leadingSpaces(line: string): number {
  return line.length - line.trimStart().length;
}

const AUTOLINK = /^https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"]/;

/** Inline spans: `code`, [text](url), <url>, bare http(s) URLs, **strong**, *em* / _em_; the rest is text. */
export function parseInline(text: string): MdInline[] {
  const out: MdInline[] = [];
  let plain = '';
  const flush = () => { if (plain) out.push({ type: 'text', text: plain }); plain = ''; };
  let i = 0;
  while (i < text.length) {
    const span = readSpan(text, i);
    if (span) { flush(); out.push(span.inline); i = span.next; continue; }
    const escaped = text[i] === '\\' && /[\\`*_[\]()<>#!-]/.test(text[i + 1] ?? '');
    plain += escaped ? text[i + 1] : text[i];
    i += escaped ? 2 : 1;
  }
  flush();
  return out;
}

function readSpan(text: string, at: number): { inline: MdInline; next: number } | undefined {
  const c = text[at];
  if (c === '`') return readCode(text, at);
  if (c === '[') return readLink(text, at);
  if (c === '<') return readAngleLink(text, at);
  if (c === '*' || c === '_') return readEmphasis(text, at);
  if (c === 'h' && (at === 0 || /[\s(]/.test(text[at - 1]))) {
    const url = AUTOLINK.exec(text.slice(at))?.[0];
    if (url) return { inline: { type: 'link', url, children: [{ type: 'text', text: url }] }, next: at + url.length };
  }
  return undefined;
}

function readCode(text: string, at: number): { inline: MdInline; next: number } | undefined {
  const ticks = /^`+/.exec(text.slice(at))![0];
  const end = text.indexOf(ticks, at + ticks.length);
  if (end < 0) return undefined;
  return { inline: { type: 'code', text: text.slice(at + ticks.length, end).trim() || text.slice(at + ticks.length, end) }, next: end + ticks.length };
}

function readLink(text: string, at: number): { inline: MdInline; next: number } | undefined {
  const close = matchingBracket(text, at);
  if (close < 0 || text[close + 1] !== '(') return undefined;
  const end = closingParen(text, close + 2);
  if (end < 0) return undefined;
  const url = text.slice(close + 2, end).trim().split(/\s+/)[0] ?? '';
  return { inline: { type: 'link', url, children: parseInline(text.slice(at + 1, close)) }, next: end + 1 };
}

/** The `)` that closes a link's target, parentheses inside it balanced (`https://x.test/a_(b)`). */
function closingParen(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length && text[i] !== '\n'; i++) {
    if (text[i] === '(') depth++;
    if (text[i] === ')' && depth-- === 0) return i;
  }
  return -1;
}

function matchingBracket(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === '\\') { i++; continue; }
    if (text[i] === '[') depth++;
    if (text[i] === ']' && --depth === 0) return i;
    if (text[i] === '\n' && text[i + 1] === '\n') return -1;
  }
  return -1;
}

function readAngleLink(text: string, at: number): { inline: MdInline; next: number } | undefined {
  const match = /^<(https?:\/\/[^\s<>]+)>/.exec(text.slice(at));
  return match ? { inline: { type: 'link', url: match[1], children: [{ type: 'text', text: match[1] }] }, next: at + match[0].length } : undefined;
}

function readEmphasis(text: string, at: number): { inline: MdInline; next: number } | undefined {
  const marker = text[at];
  const strong = text[at + 1] === marker;
  const delimiter = strong ? marker + marker : marker;
  const start = at + delimiter.length;
  // An opener is followed by a non-space; `_` inside a word (snake_case) is not emphasis.
  if (!text[start] || /\s/.test(text[start]) || (marker === '_' && at > 0 && /\w/.test(text[at - 1]))) return undefined;
  let end = text.indexOf(delimiter, start + 1);
  while (end > 0 && (/\s/.test(text[end - 1]) || (!strong && text[end + 1] === marker))) end = text.indexOf(delimiter, end + (strong ? 2 : 2));
  if (end < 0 || text.slice(start, end).includes('\n\n')) return undefined;
  return { inline: { type: strong ? 'strong' : 'em', children: parseInline(text.slice(start, end)) }, next: end + delimiter.length };
}
