// What the agent did in a run, in a few figures and its closing message: the chat participant answers with it and
// the notice when a run stops says it. Files come from the changes list where the caller has one (it sees what
// terminal commands did too: `rm`, `sed`, `git mv` leave no file contents in the events), else from the file
// editor's actions in the transcript.
import type { ConversationState } from '../../api/model/conversations';
import type { ChangeList } from '../../api/model/changes';
import { l10n } from '../../base/l10n';
import type { FileItem, Transcript, TrimmedText } from './items';

export interface RunSummary {
  readonly commands: number;
  readonly failedCommands: number;
  /** Paths as the source gave them: relative to the repository (changes list) or the sandbox's (file editor). */
  readonly created: readonly string[];
  readonly edited: readonly string[];
  readonly deleted: readonly string[];
  readonly filesFrom: 'changes' | 'file-editor';
  readonly errors: number;
  /** The agent's last closing message (Markdown, untrusted), where it finished with one. */
  readonly finishMessage?: TrimmedText;
  readonly state?: ConversationState;
}

export function summarizeRun(transcript: Transcript, changes?: ChangeList): RunSummary {
  let commands = 0;
  let failedCommands = 0;
  let errors = 0;
  let finishMessage: TrimmedText | undefined;
  const fileItems: FileItem[] = [];
  for (const item of transcript.items) {
    if (item.kind === 'command') {
      commands++;
      if (item.status === 'failed') failedCommands++;
    } else if (item.kind === 'error') errors++;
    else if (item.kind === 'finish') finishMessage = item.message;
    else if (item.kind === 'file' && item.diff) fileItems.push(item);
  }
  const files = changes ? filesOfChanges(changes) : filesOfEdits(fileItems);
  return {
    commands, failedCommands, errors, ...files,
    ...(finishMessage ? { finishMessage } : {}), ...(transcript.state ? { state: transcript.state } : {}),
  };
}

type Files = Pick<RunSummary, 'created' | 'edited' | 'deleted' | 'filesFrom'>;

function filesOfChanges(changes: ChangeList): Files {
  const having = (...statuses: string[]) => changes.files.filter((file) => statuses.includes(file.status)).map((file) => file.path);
  return { created: having('added'), edited: having('modified', 'moved'), deleted: having('deleted'), filesFrom: 'changes' };
}

/** A file created and then edited counts as created, once. */
function filesOfEdits(items: readonly FileItem[]): Files {
  const created = new Set(items.filter((item) => item.created).map((item) => item.path));
  const edited = new Set(items.filter((item) => !created.has(item.path)).map((item) => item.path));
  return { created: [...created], edited: [...edited], deleted: [], filesFrom: 'file-editor' };
}

/** The figures as one sentence, for a notice or a chat answer (the finish message is the caller's to add). */
export function summarySentence(summary: RunSummary): string {
  const files = summary.filesFrom === 'changes'
    ? l10n.t('Files created: {0}, edited: {1}, deleted: {2}.', summary.created.length, summary.edited.length, summary.deleted.length)
    : l10n.t('Files created: {0}, edited: {1}.', summary.created.length, summary.edited.length);
  const commands = summary.failedCommands > 0
    ? l10n.t('Commands run: {0} ({1} failed).', summary.commands, summary.failedCommands)
    : l10n.t('Commands run: {0}.', summary.commands);
  const errors = summary.errors > 0 ? ` ${l10n.t('Errors: {0}.', summary.errors)}` : '';
  return `${commands} ${files}${errors}`;
}
