// A conversation's work as the client reads it: events, the agent server, confirmation, the server's export and
// the changed files. Only the transcript, the changes and chat read it, so the build emits this module as a file
// of its own (dist/workApi.js) that createClient loads on the first such call: the event mappers, the websocket
// and the changes adapters stay out of what activation loads. Which operations a server offers is decided before
// the load (lazyWorkApi.ts, `offeredWork`); this module only picks each one's implementation for the server's lines.
import type { ConversationWorkApi, ServerApi } from './client';
import { EVENTS_MAX_RESPONSE_BYTES, Transport, type TransportOptions } from './http/transport';
import { downloadExport, v0ExportPath } from './trajectory';
import { V0EventsReader, confirmV0Action } from './v0/v0Events';
import { listV0Changes } from './v0/v0Changes';
import { appFileText, listAppChanges } from './v1/appChanges';
import { V1WorkApi } from './v1/v1WorkApi';
import { agentServerWork } from './agent/serverWork';

// Renaming and deleting conversations ride in this file too: loaded on their first call (lazyConversationAdmin.ts).
export { conversationAdmin } from './conversationAdmin';

export function workApi(transport: Transport, options: TransportOptions, api: ServerApi): ConversationWorkApi {
  if (api.conversations === 'agent') return agentServerWork(transport, options);
  return { ...conversationWork(transport, options, api), ...changesWork(transport, api) };
}

/** The changes list and file text through the route detect.ts found for the server's conversations. */
function changesWork(transport: Transport, api: ServerApi): Pick<ConversationWorkApi, 'listChanges' | 'agentFileText'> {
  const line = api.changes === undefined ? api.conversations : api.changes;
  return {
    listChanges: line === 'v0'
      ? (id, _baseRef, call) => listV0Changes(transport, id, call)
      : (id, baseRef, call) => listAppChanges(transport, id, baseRef, call),
    agentFileText: (id, path, call) => appFileText(transport, id, path, call),
  };
}

/** V0's events route, or V1's events, agent server and confirmation (1.x and the mixed line). */
function conversationWork(transport: Transport, options: TransportOptions, api: ServerApi): ConversationWorkApi {
  if (api.conversations !== 'v1') {
    const events = new Transport({ ...options, maxResponseBytes: EVENTS_MAX_RESPONSE_BYTES });
    return {
      events: (id) => new V0EventsReader(events, id),
      downloadTrajectory: (id, call) => downloadExport(transport, v0ExportPath(id), `trajectory_${id}.json`, call),
      confirmAction: (id, accept, _reason, call) => confirmV0Action(transport, id, accept, call),
    };
  }
  // The mixed line (1.0-1.6, V0 settings): its agent servers take the socket's key only in the upgrade's header.
  const work = new V1WorkApi(transport, options, api.settings === 'v0' ? 'header' : 'first-message');
  return {
    events: (id) => work.events(id),
    downloadTrajectory: (id, call) => work.downloadTrajectory(id, call),
    agentServer: (id, call) => work.agentServer(id, call),
    confirmAction: (id, accept, reason, call) => work.confirmAction(id, accept, reason, call),
  };
}
