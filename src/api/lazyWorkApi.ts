// The client's work operations before their module is loaded: which ones a server offers is known from its lines
// at once (callers test `client.agentServer` before they call it), while the code behind them (workApi.ts, its
// own file in the build) is loaded on the first call, once per client.
import type { ConversationWorkApi, EventsReader, ServerApi } from './client';
import type { CallOptions } from './http/transport';
import type { ConversationEvent, EventWindow } from './model/events';
import { loadOnce } from './loadOnce';

type WorkOperation = keyof ConversationWorkApi;

/** What a server's lines offer of a conversation's work (detect.ts found the routes). */
export function offeredWork(api: ServerApi): ReadonlySet<WorkOperation> {
  // The agent line's work is on the server itself, its agent server: changes and files through it, no app-server copy.
  if (api.conversations === 'agent') return new Set<WorkOperation>(['agentServer', 'confirmAction', 'goOnAfterReject']);
  const changes = api.changes === undefined ? api.conversations : api.changes;
  const offered: WorkOperation[] = ['events', 'downloadTrajectory', 'confirmAction'];
  if (api.conversations === 'v1') offered.push('agentServer');
  if (changes !== null) offered.push('listChanges');
  if (api.fileText ?? api.conversations === 'v1') offered.push('agentFileText');
  return new Set(offered);
}

/** The operations `api` offers, each loading `load` on its first call (a failed load is tried again by the next). */
export function lazyWorkApi(api: ServerApi, load: () => Promise<ConversationWorkApi>): ConversationWorkApi {
  const work = loadOnce(load);
  const all: Required<ConversationWorkApi> = {
    events: (id) => new LazyEventsReader(async () => (await work()).events!(id)),
    agentServer: async (id, call) => (await work()).agentServer!(id, call),
    confirmAction: async (id, accept, reason, call) => (await work()).confirmAction!(id, accept, reason, call),
    goOnAfterReject: async (id, call) => (await work()).goOnAfterReject!(id, call),
    downloadTrajectory: async (id, call) => (await work()).downloadTrajectory!(id, call),
    listChanges: async (id, baseRef, call) => (await work()).listChanges!(id, baseRef, call),
    agentFileText: async (id, path, call) => (await work()).agentFileText!(id, path, call),
  };
  const offered = offeredWork(api);
  return Object.fromEntries(Object.entries(all).filter(([name]) => offered.has(name as WorkOperation)));
}

/** An app server's events reader (never pushed: only an agent server streams); the readers hold no state. */
class LazyEventsReader implements EventsReader {
  readonly source = 'app-server' as const;

  constructor(private readonly reader: () => Promise<EventsReader>) {}

  async latest(limit: number, call?: CallOptions): Promise<EventWindow> {
    return (await this.reader()).latest(limit, call);
  }

  async older(cursor: string, limit: number, call?: CallOptions): Promise<EventWindow> {
    return (await this.reader()).older(cursor, limit, call);
  }

  async since(newest: ConversationEvent | undefined, call?: CallOptions): Promise<readonly ConversationEvent[]> {
    return (await this.reader()).since(newest, call);
  }
}
