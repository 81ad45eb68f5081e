// The work a V1 conversation did, as far as the client reads it here: its events (the app server's copy), its
// agent server where it may be reached from here, and the confirmation answer (which only the agent server
// takes), and the server's zip of the conversation.
import type { AgentReach, ConversationWorkApi, EventsReader } from '../client';
import { AgentServerUnreachableError } from '../agentServerErrors';
import { EVENTS_MAX_RESPONSE_BYTES, Transport, type CallOptions, type TransportOptions } from '../http/transport';
import { appServerEvents } from './appServerEvents';
import { downloadExport, v1ExportPath, type SavedExport } from '../trajectory';
import { findAgentServer } from './agentReach';
import { V1AgentServer } from './agentServerApi';
import type { SocketAuth } from './agentEventStream';

export class V1WorkApi implements ConversationWorkApi {
  /** The app server, for event pages: their whole-file edits outgrow the cap of other answers. */
  private readonly eventsTransport: Transport;

  constructor(private readonly app: Transport, private readonly options: TransportOptions, private readonly socketAuth: SocketAuth = 'first-message') {
    this.eventsTransport = new Transport({ ...options, maxResponseBytes: EVENTS_MAX_RESPONSE_BYTES });
  }

  events(id: string): EventsReader {
    return appServerEvents(this.eventsTransport, id);
  }

  downloadTrajectory(id: string, call?: CallOptions): Promise<SavedExport> {
    return downloadExport(this.app, v1ExportPath(id), `conversation_${id}.zip`, call);
  }

  async agentServer(id: string, call?: CallOptions): Promise<AgentReach> {
    return (await this.reachAgent(id, call)).reach;
  }

  async confirmAction(id: string, accept: boolean, reason: string | undefined, call?: CallOptions): Promise<void> {
    const { reach, agent } = await this.reachAgent(id, call);
    if (!agent) {
      const request = { method: 'POST', path: `/api/conversations/${id}/events/respond_to_confirmation`, baseUrl: this.app.baseUrl };
      throw new AgentServerUnreachableError(request, reach.reachable ? 'no-url' : reach.reason);
    }
    await agent.respondToConfirmation(accept, reason, call);
  }

  private async reachAgent(id: string, call?: CallOptions): Promise<{ reach: AgentReach; agent?: V1AgentServer }> {
    const place = await findAgentServer(this.app, id, this.options.runtimeHosts ?? [], call);
    if (!place.reachable) return { reach: place };
    const agent = new V1AgentServer(this.options, place.address, id, this.socketAuth);
    return { reach: { reachable: true, agent }, agent };
  }
}
