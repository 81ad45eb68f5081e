// Which agent makes a V1 conversation's run: with an LLM in the stored settings (1.11.0: agent_settings.llm; 1.6.0:
// the V0 llm_* settings), the stand-in's agent (v1Agent.ts) in a temporary git workspace, from the moment the
// conversation is READY (a start) or at once (a follow-up); without one, the `/_test/agent` timing (AgentTiming).
// The workspaces go when the server closes, or when the process exits.
import { seedWork } from './seededWork';
import { type PyDict, parsePyJson } from './pyJson';
import { type ServerState } from './state';
import { type LlmEndpoint, runAgent } from './v1Agent';
import { type ConfirmationAnswer, unmatchedActions } from './v1Confirmation';
import { type AgentTiming, type V1ConversationRecord, agentRun } from './v1Conversations';
import { makeWorkspace, processFolder, removeWorkspace, terminalObservation } from './v1Workspace';

const live = new Set<string>();
process.once('exit', () => { for (const dir of live) removeWorkspace(dir); });

/** The model as litellm sends it to an OpenAI-compatible endpoint: without its provider prefix. */
const bareModel = (model: string): string => model.replace(/^[a-z_]+\//, '');

/** The LLM the stored settings name, if they give it a base URL. */
export function llmEndpoint(state: ServerState, mixed: boolean): LlmEndpoint | null {
  if (mixed) {
    const s = state.settings;
    if (!s || typeof s.llm_base_url !== 'string' || !s.llm_base_url) return null;
    return { baseUrl: s.llm_base_url, model: bareModel(String(s.llm_model ?? 'gpt-4o')), apiKey: typeof s.llm_api_key === 'string' ? s.llm_api_key : null, readsRisk: false };
  }
  if (state.v1Settings === null) return null;
  const llm = ((parsePyJson(state.v1Settings) as PyDict).get('agent_settings') as PyDict | undefined)?.get('llm') as PyDict | undefined;
  const baseUrl = llm?.get('base_url');
  if (typeof baseUrl !== 'string' || !baseUrl) return null;
  const key = llm?.get('api_key');
  return { baseUrl, model: bareModel(String(llm?.get('model') ?? 'gpt-4o')), apiKey: typeof key === 'string' ? key : null, readsRisk: true };
}

export class AgentRuns {
  private abort = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly workspaces = new Set<string>();
  private readonly running = new Set<V1ConversationRecord>();

  constructor(
    private readonly state: ServerState,
    private readonly mixed: boolean,
    private readonly timing: () => Required<AgentTiming>,
  ) {}

  /** Starts the run of the person's last message at `at` (a conversation's READY time, or now). */
  start(c: V1ConversationRecord, at: Date): void {
    const llm = llmEndpoint(this.state, this.mixed);
    if (!llm) {
      c.execution = agentRun(this.timing(), true, at);
      return;
    }
    c.execution = { status: 'running', endsAt: null, endsAs: 'running' };
    if (this.running.has(c)) return; // the run in progress reads the new message at its next step
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.run(c, llm);
    }, Math.max(0, at.getTime() - Date.now()));
    this.timers.add(timer);
  }

  private async run(c: V1ConversationRecord, llm: LlmEndpoint): Promise<void> {
    this.running.add(c);
    try {
      this.workspaceOf(c);
      await runAgent(c, llm, this.abort.signal, () => { c.execution = agentRun(this.timing(), true, new Date()); });
    } finally {
      this.running.delete(c);
    }
  }

  /**
   * The person's answer to the actions the agent waits on: accept runs the conversation again (its first step
   * carries them out; one running already: nothing), reject sets a waiting conversation idle and logs a
   * UserRejectObservation for each (the agent stays idle until the person writes again).
   */
  respond(c: V1ConversationRecord, answer: ConfirmationAnswer): void {
    if (answer.accept) {
      if (!this.running.has(c)) this.start(c, new Date());
      return;
    }
    if (c.execution.status === 'waiting_for_confirmation') {
      c.execution = { status: 'idle', endsAt: null, endsAs: 'idle' };
      c.updated = new Date();
      c.log.stateUpdate('execution_status', 'idle');
    }
    for (const action of unmatchedActions(c.log.events)) {
      c.log.add('environment', 'UserRejectObservation', {
        tool_name: action.tool_name, tool_call_id: action.tool_call_id, rejection_reason: answer.reason, rejection_source: 'user', action_id: action.id,
      });
    }
  }

  /** The conversation's workspace, made (`git init`, no commit) when it has none yet, as the real sandbox has one from its start. */
  workspaceOf(c: V1ConversationRecord): string {
    if (c.workspace === null) this.makeWorkspace(c);
    return c.workspace!;
  }

  /** Made in a sandbox folder of its own, removed whole with it. */
  private makeWorkspace(c: V1ConversationRecord): string {
    c.workspace = makeWorkspace(c.workingDir);
    const sandbox = processFolder(c.workspace, c.workingDir);
    this.workspaces.add(sandbox);
    live.add(sandbox);
    return c.workspace;
  }

  /** A finished run's workspace holding `changedFiles` changes (seededWork.ts), without running the agent. */
  seedWork(c: V1ConversationRecord, changedFiles: number): void {
    seedWork(this.makeWorkspace(c), changedFiles);
    // The terminal's observation names the workspace's absolute folder, as the agent's first command would.
    const command = 'git status --short';
    const call = { id: 'toolu_seeded', name: 'terminal', arguments: { command }, rawArguments: JSON.stringify({ command }) };
    const action = c.log.action(call, { command, is_input: false, timeout: null, reset: false, kind: 'TerminalAction' }, null, 'seeded', false);
    c.log.observation(action, terminalObservation(command, '', 0, false, c.workspace!, c.id));
  }

  /** Stops every run and removes the workspaces. */
  stop(): void {
    this.abort.abort();
    this.abort = new AbortController();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const dir of this.workspaces) { removeWorkspace(dir); live.delete(dir); }
    this.workspaces.clear();
  }
}
