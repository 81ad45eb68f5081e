// The transcript tab's page: asks the host for the conversation (`ready`), then shows what it sends: the header
// and controls, the items in a log that screen readers follow (role=log, aria-live=polite), new items appended,
// an action's item replaced once its observation arrives, an item no longer in the transcript taken away (a result
// shown alone until Load older read its action). Arrow keys move between items; Home and End jump.
// Every action of the person is a message to the host, which decides: the page opens nothing itself.
import type { HostMessage, PageMessage, TranscriptState, ViewItem, ViewStrings } from '../../src/vscode/transcript/protocol';
import { buildControls, type Controls } from './controls';
import { element, itemNode, type ItemActions } from './items';

interface VsCodeApi {
  postMessage(message: PageMessage): void;
  setState(state: TranscriptState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const post = (message: PageMessage) => vscode.postMessage(message);
const actions: ItemActions = {
  openLink: (url) => post({ type: 'openLink', url }),
  openPath: (path) => post({ type: 'openPath', path }),
};

let view: { strings: ViewStrings; log: HTMLElement; controls: Controls; empty: HTMLElement } | undefined;

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  if (message.type === 'init') {
    vscode.setState(message.state);
    view = layout(message.strings);
    view.controls.update(message.header);
    append(message.items);
    return;
  }
  if (!view) return;
  if (message.type === 'items') append(message.items);
  if (message.type === 'older') prepend(message.items);
  if (message.type === 'removed') remove(message.ids);
  if (message.type === 'header') view.controls.update(message.header);
  if (message.type === 'sent') view.controls.clearReply();
});

function layout(strings: ViewStrings) {
  document.body.replaceChildren();
  const controls = buildControls(strings, post);
  const log = element('main', 'log');
  log.setAttribute('role', 'log');
  log.setAttribute('aria-live', 'polite');
  log.setAttribute('aria-label', strings.transcriptLabel);
  log.addEventListener('keydown', moveFocus);
  const empty = element('p', 'empty', strings.empty);
  document.body.append(controls.top, controls.olderButton, log, empty, controls.bottom);
  return { strings, log, controls, empty };
}

function append(items: readonly ViewItem[]): void {
  if (!view) return;
  const { log, strings } = view;
  const follow = atBottom();
  for (const item of items) {
    const node = itemNode(item, strings, actions);
    const shown = log.querySelector<HTMLElement>(`article[data-id="${CSS.escape(item.id)}"]`);
    if (shown) shown.replaceWith(node); else log.append(node);
  }
  settle();
  if (follow) window.scrollTo(0, document.body.scrollHeight);
}

function prepend(items: readonly ViewItem[]): void {
  if (!view) return;
  const { log, strings } = view;
  const before = document.body.scrollHeight;
  log.prepend(...items.map((item) => itemNode(item, strings, actions)));
  settle();
  window.scrollBy(0, document.body.scrollHeight - before);
}

function remove(ids: readonly string[]): void {
  if (!view) return;
  for (const id of ids) view.log.querySelector(`article[data-id="${CSS.escape(id)}"]`)?.remove();
  settle();
}

/** One item takes Tab focus (the last one Tab reached, else the newest); the empty line shows for no items. */
function settle(): void {
  if (!view) return;
  const articles = [...view.log.querySelectorAll<HTMLElement>('article')];
  view.empty.hidden = articles.length > 0;
  if (!articles.some((a) => a.tabIndex === 0) && articles.length) articles[articles.length - 1].tabIndex = 0;
}

function atBottom(): boolean {
  return window.innerHeight + window.scrollY >= document.body.scrollHeight - 40;
}

function moveFocus(event: KeyboardEvent): void {
  // Only on an item itself: the keys keep their meaning inside a link or button of its body.
  const current = event.target as HTMLElement;
  if (current.tagName !== 'ARTICLE' || !view) return;
  const articles = [...view.log.querySelectorAll<HTMLElement>('article')];
  const at = articles.indexOf(current);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: articles.length - 1 }[event.key];
  if (to === undefined || !articles[to]) return;
  event.preventDefault();
  current.tabIndex = -1;
  articles[to].tabIndex = 0;
  articles[to].focus();
}

post({ type: 'ready' });
