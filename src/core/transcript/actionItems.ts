// An agent's action as a transcript item, and the same item once its observation arrived: a command with its exit
// code and folded output, a file action with its local path and its edit's own diff, a tool call with its result.
import type { ActionEvent, ActionResult, ObservationEvent } from '../../api/model/events';
import type { ActionItem, ActionStatus, EditDiff, FileItem, FoldedText } from './items';
import { editDiff } from './lineDiff';
import { foldText, trimText } from './text';

/** Maps a sandbox path to the local workspace folder and to the working_dir (localPath.ts), the working_dir known. */
export type PathMapper = (sandboxPath: string) => Pick<FileItem, 'localPath' | 'relativePath'>;

type ThinkAction = Extract<ActionEvent['action'], { type: 'think' }>;
type ShownAction = Exclude<ActionEvent['action'], ThinkAction>;

/** The item of an action not yet observed: running. */
export function actionItem(event: ActionEvent & { action: ShownAction }, paths: PathMapper): ActionItem {
  const base = {
    id: event.id, timestamp: event.timestamp, actionId: event.id, tool: event.tool, status: 'running' as ActionStatus,
    ...(event.thought ? { thought: trimText(event.thought) } : {}),
    ...(event.summary ? { summary: event.summary } : {}),
    ...(event.securityRisk ? { securityRisk: event.securityRisk } : {}),
  };
  const action = event.action;
  switch (action.type) {
    case 'command': return { ...base, kind: 'command', command: action.command };
    case 'file': return { ...base, kind: 'file', command: action.command, path: action.path, ...paths(action.path) };
    case 'browse': return { ...base, kind: 'browse', detail: action.detail };
    case 'mcp': return { ...base, kind: 'mcp', tool: action.tool || event.tool, arguments: foldText(action.arguments) };
    case 'finish': return { ...base, kind: 'finish', message: trimText(action.message) };
    case 'other': return { ...base, kind: 'tool', tool: action.tool || event.tool, arguments: foldText(action.arguments) };
  }
}

/**
 * An observation's folded output and edit diff, made once per event: the tab builds its transcript again on each
 * change, and the follow keeps the same event objects, so a rebuild of thousands of events costs little.
 */
const workDone = new WeakMap<ObservationEvent, { readonly output?: FoldedText; readonly diff?: EditDiff }>();

function observationWork(observation: ObservationEvent): { readonly output?: FoldedText; readonly diff?: EditDiff } {
  let work = workDone.get(observation);
  if (!work) {
    const result = observation.result;
    const output = resultText(result);
    const edited = result.type === 'file' && result.oldContent !== result.newContent && result.command !== 'view';
    work = { ...(output ? { output: foldText(output) } : {}), ...(edited ? { diff: editDiff(result.oldContent, result.newContent) } : {}) };
    workDone.set(observation, work);
  }
  return work;
}

/** `item` with what its observation says. */
export function withObservation(item: ActionItem, observation: ObservationEvent, paths: PathMapper): ActionItem {
  const result = observation.result;
  const failed = observation.isError || (result.type === 'command' && result.exitCode !== null && result.exitCode !== 0);
  const observed = { ...item, status: (failed ? 'failed' : 'done') as ActionStatus, finishedAt: observation.timestamp };
  const work = observationWork(observation);
  const folded = work.output ? { output: work.output } : {};
  if (observed.kind === 'command' && result.type === 'command') {
    return { ...observed, ...folded, exitCode: result.exitCode, ...(result.workingDir ? { workingDir: result.workingDir } : {}) };
  }
  if (observed.kind === 'file' && result.type === 'file') {
    const path = result.path || observed.path;
    return {
      ...observed, ...folded, path, ...(path === observed.path ? {} : paths(path)),
      ...(work.diff ? { diff: work.diff, ...(result.oldContent === null ? { created: true } : {}) } : {}),
    };
  }
  return { ...observed, ...folded };
}

/** The text an observation shows. */
export function resultText(result: ActionResult): string {
  return result.type === 'text' ? result.text : result.output;
}
