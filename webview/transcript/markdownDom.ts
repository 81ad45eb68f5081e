// Builds the page's nodes for a Markdown tree (markdown.ts) with createElement and textContent only: no text of
// the agent's ever reaches innerHTML, so a `<script>` or `<img onerror>` in a message is shown as the words it
// is. A link is not navigable in the page: it carries no href, and activating it asks the host to open it
// (`openLink`), which opens only http(s) URLs.
import type { MdBlock, MdInline } from './markdown';
import { parseMarkdown } from './markdown';

export type LinkHandler = (url: string) => void;

export function renderMarkdown(text: string, onLink: LinkHandler): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const block of parseMarkdown(text)) fragment.append(blockNode(block, onLink));
  return fragment;
}

function blockNode(block: MdBlock, onLink: LinkHandler): HTMLElement {
  switch (block.type) {
    case 'paragraph': return withInlines(document.createElement('p'), block.inlines, onLink);
    case 'heading': return withInlines(document.createElement(`h${Math.min(block.level + 2, 6)}`), block.inlines, onLink);
    case 'code': return codeBlock(block.text, block.lang);
    case 'quote': {
      const quote = document.createElement('blockquote');
      for (const inner of block.blocks) quote.append(blockNode(inner, onLink));
      return quote;
    }
    case 'list': {
      const list = document.createElement(block.ordered ? 'ol' : 'ul');
      if (block.ordered && block.start !== 1) (list as HTMLOListElement).start = block.start;
      for (const item of block.items) {
        const li = document.createElement('li');
        for (const inner of item) li.append(blockNode(inner, onLink));
        list.append(li);
      }
      return list;
    }
  }
}

export function codeBlock(text: string, lang = ''): HTMLElement {
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  if (lang) code.dataset.lang = lang;
  code.textContent = text;
  pre.append(code);
  return pre;
}

function withInlines(element: HTMLElement, inlines: readonly MdInline[], onLink: LinkHandler): HTMLElement {
  for (const inline of inlines) element.append(inlineNode(inline, onLink));
  return element;
}

function inlineNode(inline: MdInline, onLink: LinkHandler): Node {
  switch (inline.type) {
    case 'text': return document.createTextNode(inline.text);
    case 'code': {
      const code = document.createElement('code');
      code.textContent = inline.text;
      return code;
    }
    case 'em': return withInlines(document.createElement('em'), inline.children, onLink);
    case 'strong': return withInlines(document.createElement('strong'), inline.children, onLink);
    case 'link': return withInlines(linkElement(inline.url, onLink), inline.children, onLink);
  }
}

/** A link the host opens: focusable, announced as a link, its target in the tooltip, no href to follow. */
export function linkElement(url: string, onActivate: LinkHandler): HTMLElement {
  const link = document.createElement('a');
  link.tabIndex = 0;
  link.setAttribute('role', 'link');
  link.title = url;
  link.className = 'link';
  const activate = (event: Event) => { event.preventDefault(); onActivate(url); };
  link.addEventListener('click', activate);
  link.addEventListener('keydown', (event) => { if (event.key === 'Enter') activate(event); });
  return link;
}
