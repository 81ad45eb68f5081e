// One transcript item as page nodes: a focusable article labelled for screen readers, its title line and time,
// and its body blocks. Text arrives as data and is set with textContent or through the Markdown reader's node
// builder; long outputs arrive folded (core/transcript) and open behind Show all.
import type { ViewBlock, ViewItem, ViewStrings } from '../../src/vscode/transcript/protocol';
import { codeBlock, linkElement, renderMarkdown } from './markdownDom';

export interface ItemActions {
  readonly openLink: (url: string) => void;
  readonly openPath: (path: string) => void;
}

export function itemNode(item: ViewItem, strings: ViewStrings, actions: ItemActions): HTMLElement {
  const article = document.createElement('article');
  article.className = `item ${item.kind}${item.failed ? ' failed' : ''}`;
  article.tabIndex = -1;
  article.dataset.id = item.id;
  article.setAttribute('aria-label', item.label);
  const head = element('div', 'head');
  // The server's time as it gave it (V1: naive, its own clock), shown to the second; the whole of it on hover.
  const time = element('time', 'time', /T(\d\d:\d\d:\d\d)/.exec(item.time)?.[1] ?? item.time);
  time.title = item.time;
  head.append(element('span', 'title', item.title), time);
  article.append(head);
  for (const block of item.blocks) article.append(blockNode(block, strings, actions));
  return article;
}

function blockNode(block: ViewBlock, strings: ViewStrings, actions: ItemActions): HTMLElement {
  switch (block.type) {
    case 'markdown': {
      const body = element('div', 'markdown');
      body.append(renderMarkdown(block.text, actions.openLink));
      return body;
    }
    case 'code': return codeBlock(block.text);
    case 'output': return foldedOutput(block, strings);
    case 'diff': return diffNode(block.lines);
    case 'path': {
      const line = element('div', 'path');
      const link = linkElement(block.path, actions.openPath);
      link.textContent = block.label;
      link.title = block.path;
      line.append(link);
      return line;
    }
    case 'text': return element('p', 'text', block.text);
  }
}

/** An output folded by the host: its head and tail, the lines between behind Show all. */
function foldedOutput(block: Extract<ViewBlock, { type: 'output' }>, strings: ViewStrings): HTMLElement {
  const box = element('div', 'output');
  const pre = codeBlock('');
  const code = pre.firstElementChild as HTMLElement;
  box.append(pre);
  if (block.note) box.append(element('div', 'note', block.note));
  if (!block.hiddenLines) {
    code.textContent = block.head;
    return box;
  }
  const hidden = strings.foldedLines.replace('{0}', String(block.hiddenLines));
  const short = `${block.head}\n… ${hidden} …\n${block.tail}`;
  const toggle = element('button', 'fold', strings.showAll) as HTMLButtonElement;
  toggle.type = 'button';
  let open = false;
  const show = () => {
    code.textContent = open ? block.full : short;
    toggle.textContent = open ? strings.showLess : strings.showAll;
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => { open = !open; show(); });
  show();
  box.append(toggle);
  return box;
}

function diffNode(lines: readonly { readonly op: string; readonly text: string }[]): HTMLElement {
  const pre = element('pre', 'diff');
  for (const line of lines) {
    const kind = line.op === '+' ? 'added' : line.op === '-' ? 'removed' : line.op === '@' ? 'hunk' : 'context';
    pre.append(element('span', kind, `${line.op === '@' ? '' : line.op}${line.text}\n`));
  }
  return pre;
}

export function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
