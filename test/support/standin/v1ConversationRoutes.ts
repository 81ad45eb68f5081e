// /api/v1/app-conversations of OpenHands 1.11.0 (app_conversation/app_conversation_router.py): start (a start
// task), the start tasks by id, the conversations by id, search and count; the sandbox and message routes that
// act on these conversations are in v1ConversationActions.ts.
import { type Body, type Reply, detailReply, jsonReply, validateBody, validationReply } from './http';
import { type PyDict, parsePyJson } from './pyJson';
import { pyRepr } from './pyText';
import { type ServerState } from './state';
import { DEFAULT_READY_AFTER_MS, type StartTask, type StartTaskTiming, newId, taskJson, token, viewTask } from './startTasks';
import { type AgentTiming, type V1ConversationRecord, agentRun, conversationJson, searchPage, withTitle } from './v1Conversations';
import { appFileText, appGitChanges, appGitDiff } from './agentWorkspaceRoutes';
import { EventLog } from './v1AgentEvents';
import { appendConstructedKinds } from './constructedKinds';
import { fillLongConversation } from './longConversation';
import { AgentRuns } from './v1AgentRuns';
import { type ConfirmationAnswer, confirmationPolicy } from './v1Confirmation';
import { batchEvents, countEvents, limitProblem, messageText, searchEvents } from './v1Events';
import { conversationZip } from './conversationZip';
import { type StartRequest, startRequestModel } from './v1StartRequest';
import { groupsConversations } from './v1Models';

const HEX32 = /^[0-9a-f]{32}$/;
export const dashedUuid = (hex: string): string => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
const MIXED_MISSING_REQUEST_FIELDS = new Set(['agent_profile_id', 'secrets']);

/** Python's UUID(text) reduced to its 32 hex digits, or null. */
export function uuidHex(text: string): string | null {
  const hex = text.replace(/^urn:/, '').replace(/^uuid:/, '').replace(/^\{|\}$/g, '').replace(/-/g, '').toLowerCase();
  return HEX32.test(hex) ? hex : null;
}

/** pydantic's uuid_parsing message for a query value that is not a UUID (1.6.0's older pydantic-core words it otherwise). */
export function uuidProblem(text: string, mixed: boolean): string {
  const prefix = mixed && text.startsWith('urn:uuid:') ? 9 : 0;
  const bad = [...text].findIndex((c, i) => i >= prefix && !/[0-9a-fA-F-]/.test(c));
  if (bad >= 0 && mixed) return `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${text[bad]}\` at ${bad + 1}`;
  if (bad >= 0) return `invalid character: found \`${text[bad]}\` at ${bad}`;
  return `invalid length: expected length 32 for simple format, found ${text.length}`;
}

/** What seeded conversations hold beyond their count. */
export interface SeedOptions {
  readonly messages?: readonly string[];
  readonly repository?: string | null;
  readonly branch?: string | null;
  /** A workspace with this many uncommitted changes on a base commit (seededWork.ts), as a finished run leaves it. */
  readonly changedFiles?: number;
  /** Each conversation's log filled up to this many events (longConversation.ts), for paging and the bench. */
  readonly events?: number;
  /** Each conversation's log ends with the constructed events of the kinds no scripted run makes (constructedKinds.ts). */
  readonly constructedKinds?: boolean;
  /** The i-th one's title, as a rename leaves it (else the server's placeholder). */
  readonly titles?: readonly string[];
  /** What each one's LLM calls cost (its metrics); none spent otherwise. */
  readonly cost?: V1ConversationRecord['cost'];
}

const missingIds = (): Reply => validationReply([{ type: 'missing', loc: ['query', 'ids'], msg: 'Field required', input: null }]);

export class V1ConversationRoutes {
  private readonly tasks = new Map<string, StartTask>();
  private timing: Required<StartTaskTiming> = { readyAfterMs: DEFAULT_READY_AFTER_MS, fail: null };
  private agent: Required<AgentTiming> = { runMs: null, endsAs: 'finished' };
  private readonly runs: AgentRuns;
  /** The agent server's base URL (agentServer.ts), once it listens. */
  agentServerUrl = 'http://localhost:38000';

  /** `mixed`: 1.6.0, whose start request and conversation have fewer fields, and whose start needs V0 settings. */
  constructor(
    private readonly state: ServerState,
    private readonly mixed = false,
  ) {
    this.runs = new AgentRuns(state, mixed, () => this.agent);
  }

  setTiming(timing: StartTaskTiming): void {
    this.timing = { readyAfterMs: timing.readyAfterMs ?? DEFAULT_READY_AFTER_MS, fail: timing.fail ?? null };
  }

  setAgentTiming(timing: AgentTiming): void {
    this.agent = { runMs: timing.runMs ?? null, endsAs: timing.endsAs ?? 'finished' };
  }

  /** The agent's run of the conversation's last message, starting at `at` (v1AgentRuns.ts). */
  startRun(conversation: V1ConversationRecord, at: Date): void {
    this.runs.start(conversation, at);
  }

  /** Stops the agents' runs and removes their workspaces. */
  close(): void {
    this.runs.stop();
  }

  /** The conversation's workspace folder, made on first use (the agent server's upload and commands need it). */
  workspaceOf(conversation: V1ConversationRecord): string {
    return this.runs.workspaceOf(conversation);
  }

  /** The person's answer to the actions the conversation's agent waits on (v1Confirmation.ts). */
  respondToConfirmation(conversation: V1ConversationRecord, answer: ConfirmationAnswer): void {
    this.runs.respond(conversation, answer);
  }

  /** Every READY conversation (the agent server looks them up by key). */
  all(): V1ConversationRecord[] {
    return this.conversations();
  }

  reset(): void {
    this.runs.stop();
    this.tasks.clear();
    this.setTiming({});
    this.setAgentTiming({});
  }

  /**
   * `count` READY conversations, one a second apart, the last created now (for paging): idle, without a message,
   * or, given `messages`, the i-th one started with messages[i] (its agent then waiting for the person), on
   * `repository` and `branch` when given; `constructedKinds`, `events`: what their logs hold (SeedOptions).
   */
  seed(count: number, { messages = [], repository = null, branch = null, changedFiles, events, constructedKinds, titles = [], cost }: SeedOptions = {}): string[] {
    const now = Date.now();
    return Array.from({ length: count }, (_, i) => {
      const task: StartTask = {
        id: newId(), created: new Date(now - (count - 1 - i) * 1000), readyAfterMs: 0, failure: null, request: new Map(),
        sandboxId: token(22), agentServerUrl: this.agentServerUrl, conversation: null,
      };
      task.conversation = this.conversationFor(task, { sandbox_id: null, selected_repository: repository, selected_branch: branch, git_provider: null, title: null, llm_model: null, initial_message: null });
      if (messages[i]) task.conversation.log.message('user', messages[i], task.created);
      if (titles[i]) task.conversation.title = titles[i];
      if (cost) task.conversation.cost = cost;
      if (changedFiles !== undefined) this.runs.seedWork(task.conversation, changedFiles);
      if (constructedKinds) appendConstructedKinds(task.conversation.log, task.created);
      if (events) fillLongConversation(task.conversation.log, events, task.conversation.id, task.created);
      this.tasks.set(task.id, task);
      return task.conversation.id;
    });
  }

  /** PATCH /api/v1/app-conversations/{id} (conversationAdmin.ts): the title, when given, then the conversation. */
  rename(hexId: string, title: string | undefined): Record<string, unknown> | undefined {
    const found = this.find(hexId);
    if (!found) return undefined;
    if (title !== undefined) found.title = title;
    return conversationJson(found, this.mixed);
  }

  /** DELETE /api/v1/app-conversations/{id}: the conversation and its start task are gone. */
  delete(hexId: string): boolean {
    const task = [...this.tasks.values()].find((t) => t.conversation?.id === hexId);
    return task ? this.tasks.delete(task.id) : false;
  }

  /** A READY conversation by its id (32 hex digits or a dashed UUID). */
  find(id: string): V1ConversationRecord | undefined {
    const hex = uuidHex(id);
    return hex === null ? undefined : this.conversations().find((c) => c.id === hex);
  }

  /** The READY conversations in a sandbox. */
  inSandbox(sandboxId: string): V1ConversationRecord[] {
    return this.conversations().filter((c) => c.sandboxId === sandboxId);
  }

  start(body: Body): Reply {
    const result = validateBody<StartRequest & Record<string, unknown>>(startRequestModel, body);
    if ('reply' in result) return result.reply;
    const request = result.value;
    const created = new Date();
    const task: StartTask = {
      id: newId(),
      created,
      readyAfterMs: this.timing.readyAfterMs,
      failure: this.failureOf(request),
      request: new Map(Object.entries(request).filter(([key]) => !(this.mixed && MIXED_MISSING_REQUEST_FIELDS.has(key)))),
      sandboxId: request.sandbox_id ?? token(22),
      agentServerUrl: this.agentServerUrl,
      conversation: null,
    };
    if (task.failure === null) task.conversation = this.conversationFor(task, request);
    if (task.conversation && request.initial_message?.content.length) this.startRun(task.conversation, task.conversation.created);
    this.tasks.set(task.id, task);
    return jsonReply(200, taskJson(task, false));
  }

  /**
   * A repository start needs a provider token (the named provider's, or any when none is named); without one the
   * real task ends in ERROR with detail "", the cause only in the server log.
   */
  private failureOf(request: StartRequest): string | null {
    if (this.timing.fail !== null) return this.timing.fail;
    if (this.mixed && !this.state.settings) return ''; // 1.6.0: `assert settings is not None`
    if (!request.selected_repository) return null;
    const tokens = this.state.providerTokens ?? {};
    const provider = request.git_provider as keyof typeof tokens | null;
    return (provider ? tokens[provider] : Object.keys(tokens).length > 0) ? null : '';
  }

  private conversationFor(task: StartTask, request: StartRequest): V1ConversationRecord {
    const ready = new Date(task.created.getTime() + task.readyAfterMs);
    const log = new EventLog();
    log.systemPrompt('You are OpenHands agent, a helpful AI assistant that can interact with a computer to solve tasks.', ready);
    if (request.initial_message?.content.length) log.message('user', messageText(request.initial_message.content), ready);
    const id = newId();
    return {
      id,
      sandboxId: task.sandboxId,
      selectedRepository: request.selected_repository,
      selectedBranch: request.selected_branch,
      gitProvider: request.git_provider,
      llmModel: request.llm_model ?? this.settingsModel(),
      agentServerUrl: task.agentServerUrl,
      sessionApiKey: token(43),
      created: ready,
      sandboxStatus: 'RUNNING',
      // An initial message makes the agent run at once (start() sets how: startRun).
      execution: agentRun(this.agent, false, ready),
      updated: ready,
      log,
      workspace: null,
      cwd: null,
      workingDir: groupsConversations(this.state.v1Settings) ? `./${id}` : '.',
      confirmation: confirmationPolicy(this.state.v1Settings, this.state.settings, this.mixed),
    };
  }

  /** The LLM model of the stored settings (1.6.0: the V0 ones), or the model's default. */
  private settingsModel(): string | null {
    if (this.mixed) return (this.state.settings?.llm_model as string | null | undefined) ?? null;
    if (this.state.v1Settings === null) return 'gpt-5.5';
    const settings = parsePyJson(this.state.v1Settings) as PyDict;
    const llm = (settings.get('agent_settings') as PyDict | undefined)?.get('llm') as PyDict | undefined;
    const model = llm?.get('model');
    return typeof model === 'string' ? model : 'gpt-5.5';
  }

  /** Conversations of the tasks that are READY by now. */
  private conversations(now = new Date()): V1ConversationRecord[] {
    return [...this.tasks.values()].filter((t) => t.conversation && viewTask(t, now).status === 'READY').map((t) => t.conversation!);
  }

  startTasks(query: URLSearchParams): Reply {
    const ids = query.getAll('ids');
    if (ids.length === 0) return missingIds();
    const bad = ids.map((id, i) => [id, i] as const).filter(([id]) => uuidHex(id) === null);
    if (bad.length) {
      return validationReply(bad.map(([id, i]) => {
        const error = uuidProblem(id, this.mixed);
        return { type: 'uuid_parsing', loc: ['query', 'ids', i], msg: `Input should be a valid UUID, ${error}`, input: id, ctx: { error } };
      }));
    }
    if (ids.length > 100) return detailReply(400, `Cannot request more than 100 start tasks at once, got ${ids.length}`);
    const now = new Date();
    return jsonReply(200, ids.map((id) => {
      const task = this.tasks.get(uuidHex(id)!);
      return task ? taskJson(task, true, now) : null;
    }));
  }

  batch(query: URLSearchParams): Reply {
    const ids = query.getAll('ids');
    if (ids.length === 0) return missingIds();
    if (ids.length >= 100) return detailReply(400, 'Too many ids requested. Maximum is 99.');
    const invalid = ids.filter((id) => uuidHex(id) === null);
    if (invalid.length) return detailReply(400, `Invalid UUID format for ids: [${invalid.map(pyRepr).join(', ')}]`);
    const byId = new Map(this.conversations().map((c) => [c.id, c]));
    return jsonReply(200, ids.map((id) => {
      const found = byId.get(uuidHex(id)!);
      return found ? conversationJson(found, this.mixed) : null;
    }));
  }

  search(query: URLSearchParams): Reply {
    const problem = limitProblem(query.get('limit'));
    if (problem) return problem;
    return jsonReply(200, searchPage(this.conversations(), query.get('page_id'), Number(query.get('limit') ?? 100), this.mixed, query.get('title__contains')));
  }

  /** GET /api/v1/app-conversations/start-tasks/search: the starts newest first (CREATED_AT oldest first), each with its request. */
  searchStartTasks(query: URLSearchParams): Reply {
    const problem = limitProblem(query.get('limit'));
    if (problem) return problem;
    const limit = Number(query.get('limit') ?? 100);
    const offset = Number(query.get('page_id') ?? 0);
    const all = [...this.tasks.values()].sort((a, b) => b.created.getTime() - a.created.getTime());
    if (query.get('sort_order') === 'CREATED_AT') all.reverse();
    const now = new Date();
    const next = offset + limit < all.length ? String(offset + limit) : null;
    return jsonReply(200, { items: all.slice(offset, offset + limit).map((task) => taskJson(task, true, now)), next_page_id: next });
  }

  /** GET /api/v1/conversation/{id}/events/search (v1Events.ts). */
  events(id: string, query: URLSearchParams): Reply {
    return searchEvents(this.find(id), uuidHex(id) !== null, query, this.mixed);
  }

  /** GET /api/v1/conversation/{id}/events/count (v1Events.ts). */
  eventCount(id: string, query: URLSearchParams): Reply {
    return countEvents(this.find(id), uuidHex(id) !== null, query, this.mixed);
  }

  /** GET /api/v1/conversation/{id}/events?id=… (v1Events.ts). */
  eventBatch(id: string, query: URLSearchParams): Reply {
    return batchEvents(this.find(id), uuidHex(id) !== null, query);
  }

  /** GET /api/v1/app-conversations/{id}/download (conversationZip.ts); a path id that is no UUID is FastAPI's 422. */
  download(id: string): Reply {
    const hex = uuidHex(id);
    if (hex !== null) return conversationZip(this.find(hex), hex, this.mixed);
    const error = uuidProblem(id, this.mixed);
    return validationReply([{ type: 'uuid_parsing', loc: ['path', 'conversation_id'], msg: `Input should be a valid UUID, ${error}`, input: id, ctx: { error } }]);
  }

  /** GET /api/v1/app-conversations/{id}/git/changes (1.11.0): the agent server's list (agentWorkspaceRoutes.ts). */
  gitChanges(id: string, query: URLSearchParams): Reply {
    const hex = uuidHex(id);
    return appGitChanges(hex === null ? undefined : this.find(hex), hex === null ? id : dashedUuid(hex), query);
  }

  /** GET /api/v1/app-conversations/{id}/git/diff (1.11.0). */
  gitDiff(id: string, query: URLSearchParams): Reply {
    const hex = uuidHex(id);
    return appGitDiff(hex === null ? undefined : this.find(hex), hex === null ? id : dashedUuid(hex), query);
  }

  /** GET /api/v1/app-conversations/{id}/file (1.6.0, 1.11.0). */
  fileText(id: string, query: URLSearchParams): Reply {
    const hex = uuidHex(id);
    return appFileText(hex === null ? undefined : this.find(hex), query);
  }

  count(query: URLSearchParams): Reply {
    return jsonReply(200, withTitle(this.conversations(), query.get('title__contains')).length);
  }
}
