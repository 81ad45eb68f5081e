// The write step of an apply, as one undoable step: every path it will write (or hand to the merge editor) is
// read again and recorded before anything is written, the record is stored (`keep`), then each file is written
// only if it still holds what the plan saw (a file the person changed meanwhile is left and listed). A file the
// person changed too, when they chose to merge it, is merged three ways first: a merge without conflicts is
// written as any other file (both sides' changes in it); one with conflicts is left as it is and waits for the
// merge editor, which starts from that merge. Undo puts
// back what the record holds: checked first without writing, so a file changed since the apply is restored only
// when the person says so, and nothing is written when they cancel.
import type { ExactContent } from '../../api/model/changes';
import { localContent, type FilePlan, type LocalFile, type PathDecision, type WorkingTree } from './applyPlan';
import { sameContent } from './contentCompare';
import type { MergeResult } from './threeWayMerge';

type OwnDecision = Extract<PathDecision, { kind: 'own' }>;

/** The three-way merge of a file both sides changed (git merge-file's). */
export type Merger = (decision: OwnDecision) => Promise<MergeResult>;

/** A file with conflicts, left as it is for the merge editor; `start`: the merge with its conflict blocks. */
export interface WaitingMerge {
  readonly decision: OwnDecision;
  readonly start: Uint8Array;
}

/** The person's choice for a file with changes of its own. */
export type OwnChoice = 'merge' | 'skip';

/** One path the apply touched: what it held before, and what the apply left (`merge`: the merge editor's). */
export interface SnapshotEntry {
  readonly path: string;
  readonly before: ExactContent;
  readonly after: ExactContent | 'merge';
}

export interface ApplyOutcome {
  /** Files whose every path now holds the agent's version, at least one written by this apply. */
  readonly updated: readonly string[];
  readonly alreadyThere: readonly string[];
  /** Paths written as a three-way merge without conflicts: the person's changes and the agent's. */
  readonly merged: readonly string[];
  /** Paths with conflicts, not written: they wait in the merge editor. */
  readonly waiting: readonly WaitingMerge[];
  readonly skipped: readonly string[];
  readonly notApplied: readonly PathDecision[];
  /** Paths the person changed between the plan and the write: left as they are. */
  readonly changedMeanwhile: readonly string[];
  readonly snapshot: readonly SnapshotEntry[];
}

type Step = {
  readonly decision: PathDecision; readonly expected: ExactContent; readonly after: ExactContent | 'merge';
  /** How the step came from a merge: written clean, or waiting with this start. */
  readonly merge?: 'clean' | Uint8Array;
};

/** Runs the plan with the person's choices (by file path; a file left out is skipped). */
export async function runApply(
  plans: readonly FilePlan[], choices: ReadonlyMap<string, OwnChoice>, tree: WorkingTree, keep: (snapshot: readonly SnapshotEntry[]) => Promise<void>,
  merge: Merger,
): Promise<ApplyOutcome> {
  const steps: Step[] = [];
  for (const plan of plans) steps.push(...await stepsOf(plan, choices.get(plan.change.path) ?? 'skip', merge));
  const changedMeanwhile: string[] = [];
  const current: Step[] = [];
  for (const step of steps) {
    if (holds(await tree.read(step.decision.path), step.expected)) current.push(step);
    else changedMeanwhile.push(step.decision.path);
  }
  const snapshot = current.map((s): SnapshotEntry => ({ path: s.decision.path, before: s.expected, after: s.after }));
  await keep(snapshot);
  const written = await writeSteps(current, tree, changedMeanwhile);
  const kept = snapshot.filter((entry) => written.has(entry.path));
  if (kept.length !== snapshot.length) await keep(kept);
  return summarize(plans, written, changedMeanwhile, kept);
}

/** The path holds exactly `expected` (a symlink or folder there never does). */
function holds(local: LocalFile, expected: ExactContent): boolean {
  return local.kind !== 'refused' && sameContent(localContent(local), expected);
}

async function stepsOf(plan: FilePlan, choice: OwnChoice, merge: Merger): Promise<Step[]> {
  const steps: Step[] = [];
  for (const decision of plan.decisions) {
    if (decision.kind === 'take') steps.push({ decision, expected: decision.previous, after: decision.next });
    if (decision.kind !== 'own' || !decision.mergeable || choice !== 'merge') continue;
    const { merged, conflicts } = await merge(decision);
    steps.push(conflicts === 0
      ? { decision, expected: decision.local, after: merged, merge: 'clean' }
      : { decision, expected: decision.local, after: 'merge', merge: merged });
  }
  return steps;
}

/**
 * Writes each step whose file still holds what was recorded (compare, then write); the paths done: written, or
 * still as recorded for the merge editor.
 */
async function writeSteps(steps: readonly Step[], tree: WorkingTree, changedMeanwhile: string[]): Promise<Map<string, Step>> {
  const done = new Map<string, Step>();
  for (const step of steps) {
    const { decision, expected, after } = step;
    if (!holds(await tree.read(decision.path), expected)) {
      changedMeanwhile.push(decision.path);
      continue;
    }
    if (after === null) await tree.remove(decision.path);
    else if (after !== 'merge') await tree.write(decision.path, after);
    done.set(decision.path, step);
  }
  return done;
}

function summarize(
  plans: readonly FilePlan[], written: ReadonlyMap<string, Step>, changedMeanwhile: readonly string[], snapshot: readonly SnapshotEntry[],
): ApplyOutcome {
  const outcome = {
    updated: [] as string[], alreadyThere: [] as string[], merged: [] as string[], waiting: [] as WaitingMerge[], skipped: [] as string[],
    notApplied: [] as PathDecision[],
  };
  for (const plan of plans) {
    const { decisions, change } = plan;
    const own = decisions.filter((d): d is OwnDecision => d.kind === 'own');
    const merging = own.flatMap((decision) => {
      const merge = written.get(decision.path)?.merge;
      return merge === undefined ? [] : [{ decision, merge }];
    });
    outcome.notApplied.push(...decisions.filter((d) => d.kind === 'unavailable'));
    for (const { decision, merge } of merging) {
      if (merge === 'clean') outcome.merged.push(decision.path);
      else outcome.waiting.push({ decision, start: merge });
    }
    if (own.length > merging.length) outcome.skipped.push(change.path);
    const whole = decisions.every((d) => d.kind === 'same' || (d.kind === 'take' && written.has(d.path)));
    if (whole && decisions.some((d) => d.kind === 'take')) outcome.updated.push(change.path);
    else if (decisions.every((d) => d.kind === 'same')) outcome.alreadyThere.push(change.path);
  }
  return { ...outcome, changedMeanwhile, snapshot };
}

export interface UndoCheck {
  /** Entries whose path still holds what the apply left: restored without asking. */
  readonly restorable: readonly SnapshotEntry[];
  /** Entries whose path was changed since the apply (edited, or merged in the merge editor): the person's own work. */
  readonly changedSince: readonly SnapshotEntry[];
}

/** What an undo would do, read and not written: the person is asked about `changedSince` before anything changes. */
export async function checkUndo(snapshot: readonly SnapshotEntry[], tree: WorkingTree): Promise<UndoCheck> {
  const restorable: SnapshotEntry[] = [];
  const changedSince: SnapshotEntry[] = [];
  for (const entry of snapshot) {
    const local = await tree.read(entry.path);
    if (holds(local, entry.before)) continue;
    if (local.kind !== 'refused' && entry.after !== 'merge' && holds(local, entry.after)) restorable.push(entry);
    else changedSince.push(entry);
  }
  return { restorable, changedSince };
}

export interface UndoOutcome {
  readonly restored: readonly string[];
  /** Paths changed since the apply (edited, or merged in the merge editor): left unless `force`. */
  readonly changedSince: readonly string[];
}

/**
 * Puts back what the entries recorded (the ones the person chose, after `checkUndo`). A path that still holds what
 * the apply wrote is restored; one changed since (also between the check and now) is left unless `force`; a symlink
 * or folder there is always left.
 */
export async function undoApply(entries: readonly SnapshotEntry[], tree: WorkingTree, force: boolean): Promise<UndoOutcome> {
  const restored: string[] = [];
  const changedSince: string[] = [];
  for (const entry of entries) {
    const local = await tree.read(entry.path);
    if (holds(local, entry.before)) continue;
    if (local.kind === 'refused' || (!force && (entry.after === 'merge' || !holds(local, entry.after)))) {
      changedSince.push(entry.path);
      continue;
    }
    if (entry.before === null) await tree.remove(entry.path);
    else await tree.write(entry.path, entry.before);
    restored.push(entry.path);
  }
  return { restored, changedSince };
}
