// Apply Changes and Undo Apply: the agent's work written into the workspace folder the conversation belongs to,
// per file or all at once, by the per-file rules of core/changes (content decides; a file the person changed too is
// merged three ways or skipped, their choice, and a merge with conflicts waits for them in the merge editor; nothing
// exact is missing); one undoable step whose snapshot
// is stored before the first write; a notification that says what was done, with Undo.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import { planFiles, type FilePlan, type PathDecision } from '../../core/changes/applyPlan';
import { checkUndo, runApply, undoApply, type OwnChoice } from '../../core/changes/applyRun';
import { applySummary, notAppliedReason } from '../../core/changes/applySummary';
import { applyNote } from '../../core/check/checkedPatch';
import { gitRunner } from '../../core/changes/gitRunner';
import { threeWayMerge } from '../../core/changes/threeWayMerge';
import type { CheckMarks } from '../check/checkMarks';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationStore } from '../conversations/conversationStore';
import type { GitRepositories } from '../git/gitRepositories';
import type { ErrorPresenter } from '../platform/errorPresenter';
import type { Logger } from '../platform/log';
import { applyFolder } from './applyFolder';
import type { ApplySnapshots } from './applySnapshots';
import { gatherContents, type ApplyConversation } from './applySources';
import type { MergeInputs } from './mergeInputs';
import { workspaceTree } from './workspaceTree';

type OwnDecision = Extract<PathDecision, { kind: 'own' }>;

/** The person's choice per file with changes of its own: merge or skip; undefined: cancel. */
export type ChooseOwn = (own: readonly OwnDecision[]) => Promise<ReadonlyMap<string, OwnChoice> | undefined>;

export class ChangesApplier {
  constructor(
    private readonly session: ServerSession,
    private readonly store: ConversationStore,
    private readonly git: GitRepositories,
    private readonly snapshots: ApplySnapshots,
    private readonly merges: MergeInputs,
    private readonly errors: ErrorPresenter,
    private readonly logger: Logger,
    private readonly chooseOwn: ChooseOwn,
    private readonly checks: CheckMarks,
  ) {}

  /** Applies the conversation's changes (only `paths` where given); true when anything was applied. */
  async apply(conversation: ApplyConversation, paths?: readonly string[]): Promise<boolean> {
    try {
      const server = await this.session.connect();
      if (!server) return false;
      const folder = await applyFolder(this.store.find(server.url, conversation.id), conversation.repository, this.git);
      if (!folder) {
        void vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: open the folder of "{0}" in VS Code to apply its changes there.', conversation.title));
        return false;
      }
      return await this.applyInto(server.client, conversation, folder, paths);
    } catch (error) {
      await this.errors.show(error, { retry: () => this.apply(conversation, paths) });
      return false;
    }
  }

  private async applyInto(client: OpenHandsClient, conversation: ApplyConversation, folder: vscode.Uri, paths?: readonly string[]): Promise<boolean> {
    const tree = workspaceTree(folder);
    let note: string | undefined;
    const plans = await vscode.window.withProgress({
      location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: reading the changes of "{0}"', conversation.title),
    }, async () => {
      const gitPath = (await this.git.gitApi())?.git?.path;
      const gathered = await gatherContents(client, conversation, folder, tree, gitRunner(gitPath));
      if (!gathered) return undefined;
      this.logger.info(`Apply of ${conversation.id}: ${gathered.changes.length} changed files, from the ${gathered.via === 'patch' ? 'agent server\'s patch' : 'app server\'s exact texts'}`);
      const wanted = paths && new Set(paths);
      // Whether the last check ran on exactly these changes: said with what was applied.
      note = paths ? undefined : applyNote(this.checks.get(conversation.id), gathered.patch);
      return planFiles(gathered.changes.filter((c) => !wanted || wanted.has(c.path) || (c.oldPath !== undefined && wanted.has(c.oldPath))), gathered.contents, tree);
    });
    if (!plans) {
      void vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: this server line does not expose the agent\'s changes.'));
      return false;
    }
    const own = plans.flatMap((p) => p.decisions.filter((d): d is OwnDecision => d.kind === 'own'));
    const choices = own.length ? await this.chooseOwn(own) : new Map<string, OwnChoice>();
    if (!choices) return false;
    return this.write(conversation, folder, plans, choicesByFile(plans, choices), note);
  }

  private async write(
    conversation: ApplyConversation, folder: vscode.Uri, plans: readonly FilePlan[], choices: ReadonlyMap<string, OwnChoice>, note: string | undefined,
  ): Promise<boolean> {
    const tree = workspaceTree(folder);
    const keep = (entries: Parameters<ApplySnapshots['keep']>[0]['entries']) => this.snapshots.keep({ folder, title: conversation.title, entries });
    const git = gitRunner((await this.git.gitApi())?.git?.path);
    const labels = { local: vscode.l10n.t('Yours'), base: vscode.l10n.t('Base'), agent: vscode.l10n.t('Agent') };
    const outcome = await runApply(plans, choices, tree, keep, (decision) => threeWayMerge(git, decision, labels));
    for (const decision of [...outcome.notApplied, ...outcome.changedMeanwhile.map((path) => ({ path, reason: 'changed-meanwhile' as const }))]) {
      const reason = 'reason' in decision ? decision.reason : 'no-exact-content';
      this.logger.warn(`Apply of ${conversation.id}: ${decision.path} not applied: ${notAppliedReason(reason)}`);
    }
    for (const waiting of outcome.waiting) await this.merges.open(folder, waiting, conversation.title);
    void this.announce([applySummary(outcome), note].filter(Boolean).join(' '), outcome.snapshot.length > 0, outcome.notApplied.length + outcome.changedMeanwhile.length > 0);
    return outcome.snapshot.length > 0;
  }

  private async announce(summary: string, undoable: boolean, leftSome: boolean): Promise<void> {
    const undo = vscode.l10n.t('Undo');
    const details = vscode.l10n.t('Show Details');
    const picked = await vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: {0}', summary), ...(undoable ? [undo] : []), ...(leftSome ? [details] : []));
    if (picked === undo) await this.undo();
    if (picked === details) this.logger.show();
  }

  /**
   * Undo Apply: checked first without writing; files changed since the apply are restored only when the person
   * says so. Cancel writes nothing and the apply stays undoable; "Undo the Rest" keeps a record of the kept files,
   * so a later Undo Apply can still restore them.
   */
  async undo(): Promise<boolean> {
    try {
      const last = await this.snapshots.last();
      if (!last) {
        void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: there is no apply to undo.'));
        return false;
      }
      const tree = workspaceTree(last.folder);
      const check = await checkUndo(last.entries, tree);
      const choice = check.changedSince.length ? await this.confirmRestore(check.changedSince.map((e) => e.path), check.restorable.length > 0) : 'all';
      if (!choice) return false;
      const done = await undoApply(choice === 'all' ? last.entries : check.restorable, tree, choice === 'all');
      const left = new Set([...(choice === 'rest' ? check.changedSince.map((e) => e.path) : []), ...done.changedSince]);
      if (left.size) await this.snapshots.keep({ folder: last.folder, title: last.title, entries: last.entries.filter((e) => left.has(e.path)) });
      else await this.snapshots.forget();
      void vscode.window.showInformationMessage(undoneMessage(last.title, done.restored.length, left.size));
      return true;
    } catch (error) {
      await this.errors.show(error, { retry: () => this.undo() });
      return false;
    }
  }

  /**
   * 'all': restore the changed files too; 'rest': only the others; undefined: cancel (nothing is written). The
   * answer that keeps the person's edits is the first button, the one Enter picks; with nothing else to restore it
   * is Keep My Edits, which writes nothing.
   */
  private async confirmRestore(changed: readonly string[], othersToRestore: boolean): Promise<'all' | 'rest' | undefined> {
    const restore = vscode.l10n.t('Restore Them Too');
    const keep = othersToRestore ? vscode.l10n.t('Undo the Rest, Keep My Edits') : vscode.l10n.t('Keep My Edits');
    const question = changed.length === 1
      ? vscode.l10n.t('1 file was changed after the apply (merged or edited). Restore it to what it held before the apply too?')
      : vscode.l10n.t('{0} files were changed after the apply (merged or edited). Restore them to what they held before the apply too?', changed.length);
    const picked = await vscode.window.showWarningMessage(question, { modal: true, detail: changed.join('\n') }, keep, restore);
    if (picked === restore) return 'all';
    return picked === keep && othersToRestore ? 'rest' : undefined;
  }
}

/** What the undo did, in whole sentences; `kept`: files left as the person changed them, still undoable. */
function undoneMessage(title: string, restored: number, kept: number): string {
  const undone = restored === 1
    ? vscode.l10n.t('OpenHands: the apply of "{0}" was undone; 1 file restored.', title)
    : vscode.l10n.t('OpenHands: the apply of "{0}" was undone; {1} files restored.', title, restored);
  if (!kept) return undone;
  const keptText = kept === 1
    ? vscode.l10n.t('Your changes to 1 file were kept; Undo Apply can still restore it.')
    : vscode.l10n.t('Your changes to {0} files were kept; Undo Apply can still restore them.', kept);
  return `${undone} ${keptText}`;
}

/** The choice per changed file (the plan's key), from the choice per path. */
function choicesByFile(plans: readonly FilePlan[], byPath: ReadonlyMap<string, OwnChoice>): Map<string, OwnChoice> {
  const choices = new Map<string, OwnChoice>();
  for (const plan of plans) {
    const merge = plan.decisions.some((d) => byPath.get(d.path) === 'merge');
    if (merge) choices.set(plan.change.path, 'merge');
  }
  return choices;
}

/** Asks which of the files with changes of their own to merge; the others are skipped. */
export const chooseOwnInQuickPick: ChooseOwn = async (own) => {
  const items = own.map((decision) => ({
    label: decision.path,
    description: decision.mergeable ? vscode.l10n.t('merge in the merge editor') : vscode.l10n.t('cannot be merged here (binary or deleted on one side): skipped'),
    picked: decision.mergeable,
    decision,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true, ignoreFocusOut: true,
    title: vscode.l10n.t('OpenHands: files with changes of your own ({0})', own.length),
    placeHolder: vscode.l10n.t('Checked files open in the merge editor; the others are skipped. Your files are never overwritten.'),
  });
  if (!picked) return undefined;
  const merging = new Set(picked.filter((p) => p.decision.mergeable).map((p) => p.decision.path));
  return new Map(own.map((d) => [d.path, merging.has(d.path) ? 'merge' : 'skip']));
};
