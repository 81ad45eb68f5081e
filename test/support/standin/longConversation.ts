// A long conversation for the transcript's paging and its bench (POST /_test/conversations {"events": 5000}): after
// the person's message, rounds of what a real run makes (an agent message; a terminal command and its output; a
// file edit with the file before and after), in the shapes the stand-in's agent makes them, then a finish. Made,
// not run: no workspace, nothing carried out; timestamps 1 ms apart from the conversation's creation.
import { pyJsonDumps, type EventLog, type ToolCall } from './v1AgentEvents';
import { editorResult, terminalObservation } from './v1Workspace';

const WORKSPACE = '/workspace/project';

function call(log: EventLog, name: string, args: Record<string, unknown>, action: Record<string, unknown>, at: Date) {
  const toolCall: ToolCall = { id: `call_${log.events.length}`, name, arguments: args, rawArguments: pyJsonDumps(args) };
  return log.action(toolCall, action, null, `chatcmpl-long-${log.events.length}`, true, at);
}

/** One round, five events: an agent message, a command and its output, an edit and its result. */
function round(log: EventLog, i: number, conversationHex: string, at: () => Date): void {
  log.message('agent', `Step ${i}: checking the tests, then updating notes.md.`, at());
  const command = `echo step ${i} && ls`;
  const run = call(log, 'terminal', { command, security_risk: 'LOW' }, { command, is_input: false, timeout: null, reset: false, kind: 'TerminalAction' }, at());
  log.observation(run, terminalObservation(command, `step ${i}\nnotes.md\nsrc`, 0, false, WORKSPACE, conversationHex), at());
  const path = `${WORKSPACE}/notes.md`;
  const [before, after] = [`# Notes\n\nstep ${i - 1}\n`, `# Notes\n\nstep ${i}\n`];
  const args = { command: 'str_replace', path, old_str: `step ${i - 1}`, new_str: `step ${i}`, security_risk: 'LOW' };
  const edit = call(log, 'file_editor', args, {
    command: 'str_replace', path, file_text: null, old_str: args.old_str, new_str: args.new_str, insert_line: null, view_range: null, kind: 'FileEditorAction',
  }, at());
  log.observation(edit, editorResult('str_replace', path, `The file ${path} has been edited.`, true, before, after), at());
}

/** Adds events until the log holds `count`, ending with a finish and its observation (the last two). */
export function fillLongConversation(log: EventLog, count: number, conversationHex: string, from: Date): void {
  let tick = from.getTime();
  const at = () => new Date(++tick);
  for (let i = 1; log.events.length + 5 <= count - 2; i++) round(log, i, conversationHex, at);
  while (log.events.length < count - 2) log.message('agent', `Still working (${log.events.length}).`, at());
  const message = 'All steps done.';
  const finish = call(log, 'finish', { message }, { message, kind: 'FinishAction' }, at());
  log.observation(finish, { content: [{ cache_prompt: false, type: 'text', text: message }], is_error: false, kind: 'FinishObservation' }, at());
}
