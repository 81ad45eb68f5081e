// The tab's controls around the transcript: the header (title, state, the source it follows, Stop, Resume,
// Export), the confirmation bar (Approve, Reject) and the reply box (Attach Files, Send), each enabled as the
// host's header says, with the reason beside a box that is off.
import type { PageMessage, ViewHeader, ViewStrings } from '../../src/vscode/transcript/protocol';
import { element } from './items';

export type Post = (message: PageMessage) => void;

export interface Controls {
  readonly top: HTMLElement;
  readonly bottom: HTMLElement;
  readonly olderButton: HTMLButtonElement;
  update(header: ViewHeader): void;
  clearReply(): void;
}

export function buildControls(strings: ViewStrings, post: Post): Controls {
  const top = element('header', 'top');
  const title = element('h1', 'conversation-title');
  const state = element('span', 'state');
  const source = element('div', 'source');
  const problem = element('div', 'problem');
  problem.setAttribute('role', 'status');
  const stop = button(strings.stop, () => post({ type: 'stop' }));
  const resume = button(strings.resume, () => post({ type: 'resume' }));
  const exported = button(strings.exportMarkdown, () => post({ type: 'export' }));
  const actions = element('div', 'actions');
  actions.append(stop, resume, exported);
  const heading = element('div', 'heading');
  heading.append(title, state);
  top.append(heading, actions, source, problem);

  const confirm = element('div', 'confirm');
  confirm.setAttribute('role', 'alert');
  confirm.append(element('span', 'confirm-text', strings.awaitingConfirmation),
    button(strings.approve, () => post({ type: 'approve' }), 'approve'), button(strings.reject, () => post({ type: 'reject' }), 'reject'));
  const reply = buildReply(strings, post);
  const bottom = element('footer', 'bottom');
  bottom.append(confirm, reply.form);
  const olderButton = button(strings.loadOlder, () => post({ type: 'loadOlder' }), 'older');

  return {
    top, bottom, olderButton,
    update: (header) => {
      title.textContent = header.title;
      state.textContent = header.state;
      source.textContent = header.source;
      problem.textContent = header.problem ?? '';
      problem.hidden = !header.problem;
      stop.hidden = !header.canStop;
      resume.hidden = !header.canResume;
      exported.hidden = !header.canExport;
      confirm.hidden = !header.awaitingConfirmation;
      olderButton.hidden = !header.hasOlder;
      reply.update(header);
    },
    clearReply: reply.clear,
  };
}

function buildReply(strings: ViewStrings, post: Post) {
  const form = element('form', 'reply') as HTMLFormElement;
  const box = document.createElement('textarea');
  box.placeholder = strings.replyPlaceholder;
  box.setAttribute('aria-label', strings.replyLabel);
  box.rows = 3;
  const attached = element('div', 'attached');
  const reason = element('div', 'reason');
  reason.id = 'reply-reason';
  const attach = button(strings.attach, () => post({ type: 'attach' }));
  const clear = button(strings.clearAttached, () => post({ type: 'clearAttached' }));
  const send = button(strings.send, () => undefined, 'send');
  send.type = 'submit';
  const row = element('div', 'reply-actions');
  row.append(attach, clear, attached, send);
  form.append(box, row, reason);
  let hasFiles = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!box.value.trim() && !hasFiles) return;
    post({ type: 'reply', text: box.value.trim() });
  });
  // Ctrl+Enter (Cmd+Enter) sends, as in VS Code's own message boxes; Enter alone makes a new line.
  box.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.requestSubmit();
  });
  const update = (header: ViewHeader) => {
    const off = header.replyDisabled !== undefined;
    for (const control of [box, attach, send] as const) control.disabled = off;
    reason.textContent = header.replyDisabled ?? '';
    reason.hidden = !off;
    if (off) box.setAttribute('aria-describedby', reason.id); else box.removeAttribute('aria-describedby');
    hasFiles = header.attached.length > 0;
    attached.textContent = header.attached.join(', ');
    clear.hidden = !hasFiles;
  };
  return { form, update, clear: () => { box.value = ''; } };
}

function button(text: string, onClick: () => void, className = ''): HTMLButtonElement {
  const node = element('button', className, text) as HTMLButtonElement;
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}
