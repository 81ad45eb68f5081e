// A V1 conversation's agent server (its sandbox), reached at the address and with the key its AppConversation
// gives (agentReach.ts): its own events search (GET /api/conversations/{id}/events/search: no webhook lag; pages
// by the next event's id) and websocket (agentEventStream.ts), the confirmation answer (POST
// …/events/respond_to_confirmation, which the app server does not proxy in 1.11.0), the changes, patch and
// file bytes (agentChanges.ts), and an upload and a shell command (agentUpload.ts, agentBash.ts) for handing a
// folder over. Its transports are its own: the conversation's key only, redirects followed only
// within the agent server's origin, short timeouts for events and answers (a sandbox paused meanwhile leaves
// requests hanging), the server's own for a patch or a file.
import type { AgentServerApi, EventStreamHandlers, EventsReader } from '../client';
import type { ConversationEvent } from '../model/events';
import { agentEventStream, type SocketAuth } from './agentEventStream';
import { agentSessionStream } from './agentSessionStream';
import { readAnswer } from '../http/answers';
import { sessionCredential } from '../http/credential';
import { EVENTS_MAX_RESPONSE_BYTES, Transport, type CallOptions, type TransportOptions } from '../http/transport';
import { ConversationScopedTransport } from '../http/scopedTransport';
import type { AgentAddress } from './agentReach';
import { EventsSearchReader, naiveTimeBefore } from './eventsSearch';
import { SuccessAnswer } from './schemas';
import { agentChangesApi } from './agentChanges';
import { uploadFile } from './agentUpload';
import { runCommand } from './agentBash';
import type { CommandOptions, CommandResult, UploadProgress } from '../model/agentCommands';

/** A local agent server answers in milliseconds; a paused one never does. */
export const AGENT_TIMEOUT_MS = 4000;

export class V1AgentServer implements AgentServerApi {
  readonly events: EventsReader;
  readonly changes: AgentServerApi['changes'];
  readonly patch: AgentServerApi['patch'];
  readonly fileBytes: AgentServerApi['fileBytes'];
  readonly defaultBaseIsEmptyTree: NonNullable<AgentServerApi['defaultBaseIsEmptyTree']>;
  private readonly transport: Transport;
  /** For answers that may be large or slow: the server's own timeout and size cap. */
  private readonly slowTransport: Transport;
  private readonly conversationPath: string;
  private readonly workingDir: (call?: CallOptions) => Promise<string>;
  private readonly workspacePath: (call?: CallOptions) => Promise<string>;

  /**
   * `scopedRoutes`: an agent server spoken to directly (the agent line): it takes its file, git and shell routes
   * under the conversation's path, with absolute paths inside its workspace (a sandbox's, 1.x, host-wide), and its
   * events are followed over its session socket (agentSessionStream.ts: resumed by seq, the words as written).
   */
  constructor(options: TransportOptions, address: AgentAddress, conversationId: string, socketAuth: SocketAuth = 'first-message', private readonly scopedRoutes = false) {
    // Another server: whether it answers says nothing about the configured one.
    const agent = { ...options, baseUrl: address.baseUrl, getCredential: async () => sessionCredential(address.key), reached: undefined };
    this.transport = new Transport({ ...agent, timeoutMs: AGENT_TIMEOUT_MS, readRetries: 1, maxResponseBytes: EVENTS_MAX_RESPONSE_BYTES });
    this.conversationPath = address.conversationPath ?? `/api/conversations/${encodeURIComponent(conversationId)}`;
    // A patch or a file may be large and slow: the server's own timeout and size cap, not the events' short ones.
    this.slowTransport = scopedRoutes ? new ConversationScopedTransport(agent, this.conversationPath) : new Transport(agent);
    ({ changes: this.changes, patch: this.patch, fileBytes: this.fileBytes, defaultBaseIsEmptyTree: this.defaultBaseIsEmptyTree, workingDir: this.workingDir, workspacePath: this.workspacePath } = agentChangesApi(this.slowTransport, this.conversationPath));
    const socketId = this.conversationPath.split('/').pop() ?? conversationId;
    const reader = new EventsSearchReader({
      source: 'agent-server',
      transport: this.transport,
      path: `${this.conversationPath}/events/search`,
      // Its copy has no lag: from the newest event held on (page_id is inclusive; an id it does not hold, such
      // as an event only the app server keeps, falls back to its start, which the time bound then trims).
      sinceQuery: (newest) => {
        const from = naiveTimeBefore(newest.timestamp, 0);
        return { page_id: newest.id, ...(from === undefined ? {} : { timestamp__gte: from }) };
      },
    });
    const eventsSocket = (newest: ConversationEvent | undefined, handlers: EventStreamHandlers) =>
      agentEventStream(address, socketId, newest, handlers, { auth: socketAuth, signal: options.signal });
    this.events = Object.assign(reader, {
      stream: !scopedRoutes ? eventsSocket : (newest: ConversationEvent | undefined, handlers: EventStreamHandlers) => agentSessionStream(address, socketId, newest, handlers, {
        signal: options.signal, catchUp: (from) => reader.since(from), fallback: () => eventsSocket(newest, handlers),
      }),
    });
  }

  /** 1.6.0's and 1.11.0's agent servers both take an upload (file_router.py): offered on every V1 line. */
  uploadFile(localPath: string, remotePath: string, onSent?: UploadProgress, call?: CallOptions): Promise<void> {
    return uploadFile(this.slowTransport, localPath, remotePath, onSent, call);
  }

  /**
   * Where a hand-over's bundle lies until its unpack. A sandbox's host-wide routes take any absolute path: /tmp, which
   * a process and a Docker sandbox both have. Conversation-scoped routes (the agent line) take paths inside the
   * workspace only (422 elsewhere, runtime_router.py): its `.git` folder, which the server makes in every workspace
   * (event_service.py `_ensure_workspace_is_git_repo`) and whose files git never lists as changes.
   */
  async uploadFolder(call?: CallOptions): Promise<string> {
    return this.scopedRoutes ? `${(await this.workspacePath(call)).replace(/\/+$/, '')}/.git` : '/tmp';
  }

  /**
   * Both run a command (bash_router.py): offered on every V1 line. Without a `cwd` it runs in the conversation's
   * workspace, as the server states it: the agent server's own folder is that only where no other conversation
   * shares its sandbox (openhands-agent-server.md §9).
   */
  async runCommand(command: string, options: CommandOptions, call?: CallOptions): Promise<CommandResult> {
    const cwd = options.cwd ?? await this.workingDir(call);
    return runCommand(this.slowTransport, command, { ...options, cwd }, call);
  }

  /** Accepts or rejects the action the agent waits on in confirmation mode. */
  async respondToConfirmation(accept: boolean, reason: string | undefined, call?: CallOptions): Promise<void> {
    const body = { accept, ...(reason ? { reason } : {}) };
    readAnswer(await this.transport.send('POST', `${this.conversationPath}/events/respond_to_confirmation`, body, call), SuccessAnswer());
  }
}
