// Whether a server is an OpenHands Agent Server spoken to directly (PyPI openhands-agent-server; what Agent Canvas
// and the SDK run). It has no `/api/v1/…` route, and it answers `GET /api/conversations` too (with `?ids=`),
// which is why its routes alone read as V0's. Its `/server_info` answers without a key with `version`,
// `sdk_version` and `capabilities`: that is what tells it. An older Agent Canvas's ingress forwards `/server_info`
// and `/api` but not `/openapi.json` (1.20.0's forwards it), so where no document lists the routes `/server_info` is
// asked directly.
import type { ServerApi } from '../client';
import { isRecord } from '../guards';
import type { CallOptions, Transport } from '../http/transport';

/** Whether the routes an openapi.json lists are an agent server's: its `/server_info`, no V1 route. */
export function listsAgentServer(paths: readonly string[]): boolean {
  return paths.includes('/server_info') && !paths.some((path) => path.startsWith('/api/v1/'));
}

/** The agent line for a server whose `/server_info` names an agent server; undefined for any other answer. */
export async function agentServerApi(transport: Transport, call?: CallOptions): Promise<ServerApi | undefined> {
  const info = await transport.send('GET', '/server_info', undefined, call);
  const body = info.body;
  if (info.status !== 200 || !info.isJson || !isRecord(body)) return undefined;
  if (typeof body.sdk_version !== 'string' || !Array.isArray(body.capabilities)) return undefined;
  return {
    version: typeof body.version === 'string' ? body.version : undefined,
    product: 'agent-server',
    settings: 'agent',
    conversations: 'agent',
    sendsMessages: true,
    providerTokens: null,
    changes: null,
    fileText: false,
  };
}
