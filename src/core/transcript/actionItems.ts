// An agent's action as a transcript item, and the same item once its observation arrived: a command with its exit
// code and folded output, a file action with its local path and its edit's own diff, a tool call with its result.
import type { ActionEvent, ActionResult, ObservationEvent } from '../../api/model/events';
import type { ActionItem, ActionStatus } from './items';
import { editDiff } from './lineDiff';
import { foldText, trimText } from './text';

/** Maps a sandbox path to the local workspace folder (localPath.ts), with the working_dir already known. */
export type LocalPathMapper = (sandboxPath: string) => string | null;

type ThinkAction = Extract<ActionEvent['action'], { type: 'think' }>;
type ShownAction = Exclude<ActionEvent['action'], ThinkAction>;

/** The item of an action not yet observed: running. */
export function actionItem(event: ActionEvent & { action: ShownAction }, localPath: LocalPathMapper): ActionItem {
  const base = {
    id: event.id, timestamp: event.timestamp, actionId: event.id, tool: event.tool, status: 'running' as ActionStatus,
    ...(event.thought ? { thought: trimText(event.thought) } : {}),
    ...(event.summary ? { summary: event.summary } : {}),
    ...(event.securityRisk ? { securityRisk: event.securityRisk } : {}),
  };
  const action = event.action;
  switch (action.type) {
    case 'command': return { ...base, kind: 'command', command: action.command };
    case 'file': return { ...base, kind: 'file', command: action.command, path: action.path, localPath: localPath(action.path) };
    case 'browse': return { ...base, kind: 'browse', detail: action.detail };
    case 'mcp': return { ...base, kind: 'mcp', tool: action.tool || event.tool, arguments: foldText(action.arguments) };
    case 'finish': return { ...base, kind: 'finish', message: trimText(action.message) };
    case 'other': return { ...base, kind: 'tool', tool: action.tool || event.tool, arguments: foldText(action.arguments) };
  }
}

/** `item` with what its observation says. */
export function withObservation(item: ActionItem, observation: ObservationEvent, localPath: LocalPathMapper): ActionItem {
  const result = observation.result;
  const failed = observation.isError || (result.type === 'command' && result.exitCode !== null && result.exitCode !== 0);
  const observed = { ...item, status: (failed ? 'failed' : 'done') as ActionStatus, finishedAt: observation.timestamp };
  const output = resultText(result);
  const folded = output ? { output: foldText(output) } : {};
  if (observed.kind === 'command' && result.type === 'command') {
    return { ...observed, ...folded, exitCode: result.exitCode, ...(result.workingDir ? { workingDir: result.workingDir } : {}) };
  }
  if (observed.kind === 'file' && result.type === 'file') {
    const path = result.path || observed.path;
    const edited = result.oldContent !== result.newContent && observed.command !== 'view';
    return {
      ...observed, ...folded, path, localPath: path === observed.path ? observed.localPath : localPath(path),
      ...(edited ? { diff: editDiff(result.oldContent, result.newContent) } : {}),
      ...(edited && result.oldContent === null ? { created: true } : {}),
    };
  }
  return { ...observed, ...folded };
}

/** The text an observation shows. */
export function resultText(result: ActionResult): string {
  return result.type === 'text' ? result.text : result.output;
}
