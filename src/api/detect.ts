// Which API a server speaks, found once per connection. The server's /openapi.json (no key needed) lists its
// operations: judged by operation, not by version, since 1.0-1.6 mix V0 settings with V1 conversations. Where
// that answer is missing or not JSON (a web UI answering any unknown GET with HTML), the settings routes are
// asked directly. An OpenHands Agent Server is told by its `/server_info` (agent/detectAgent.ts). Whether it
// serves the web UI is asked beside it, from `GET /`.
import type { AppServerLine, ServerApi } from './client';
import { agentServerApi, listsAgentServer } from './agent/detectAgent';
import { isSettingsNotFound } from './http/answers';
import { BadResponseError, RedirectError } from './http/transportErrors';
import { UnsupportedServerError } from './detectErrors';
import { isRecord } from './guards';
import type { CallOptions, HttpAnswer, Transport } from './http/transport';

const ROUTES: Record<'settings' | 'conversations', Record<AppServerLine, string>> = {
  settings: { v1: '/api/v1/settings', v0: '/api/settings' },
  conversations: { v1: '/api/v1/app-conversations', v0: '/api/conversations' },
};

const SEND_MESSAGE = '/api/v1/app-conversations/{conversation_id}/send-message';
const CHANGES: Record<AppServerLine, string> = {
  v1: '/api/v1/app-conversations/{conversation_id}/git/changes', v0: '/api/conversations/{conversation_id}/git/changes',
};
const FILE_TEXT = '/api/v1/app-conversations/{conversation_id}/file';
/** Where a client stores a git provider token: V0's route (0.5x, and 1.0-1.6 beside V1 conversations), V1's (1.7+). */
export const PROVIDER_TOKEN_ROUTES: Record<AppServerLine, string> = { v1: '/api/v1/secrets/git-providers', v0: '/api/add-git-providers' };

export async function detectServerApi(transport: Transport, call?: CallOptions): Promise<ServerApi> {
  const [api, webUi] = await Promise.all([apiOf(transport, call), servesWebUi(transport, call)]);
  // An agent server has no conversation pages to open (Agent Canvas's page at its URL keeps its own).
  return { ...api, webUi: webUi && api.product !== 'agent-server' };
}

async function apiOf(transport: Transport, call?: CallOptions): Promise<ServerApi> {
  const spec = await openApi(transport, call);
  if (spec?.status === 200 && spec.isJson && isRecord(spec.body) && isRecord(spec.body.paths)) {
    const paths = Object.keys(spec.body.paths);
    if (listsAgentServer(paths)) return await agentServerApi(transport, call) ?? fromPaths(spec, paths, versionOf(spec.body));
    return fromPaths(spec, paths, versionOf(spec.body));
  }
  const agent = await agentServerApi(transport, call);
  if (agent) return agent;
  if (routeExists(await transport.send('GET', ROUTES.settings.v1, undefined, call))) return throughout('v1');
  const v0 = await transport.send('GET', ROUTES.settings.v0, undefined, call);
  if (routeExists(v0)) return throughout('v0');
  throw new UnsupportedServerError(v0.request, undefined);
}

function throughout(line: AppServerLine): ServerApi {
  return { version: undefined, settings: line, conversations: line };
}

/**
 * Whether `GET /` answers the web UI's page. Without it (SERVE_FRONTEND=false, as PyPI's openhands-ai runs) the
 * server answers 404 `{"detail":"Not Found"}`, and so would every conversation page the browser were sent to.
 * A redirect elsewhere (a sign-in page) counts as a web UI; any other failure as none, and the API decides.
 */
async function servesWebUi(transport: Transport, call?: CallOptions): Promise<boolean> {
  try {
    const page = await transport.send('GET', '/', undefined, call);
    return page.status === 200 && !page.isJson && typeof page.body === 'string' && /<html[\s>]/i.test(page.body);
  } catch (error) {
    return error instanceof RedirectError;
  }
}

/** The server's openapi.json, or undefined when it is too large to read (the settings routes decide then). */
async function openApi(transport: Transport, call?: CallOptions): Promise<HttpAnswer | undefined> {
  try {
    return await transport.send('GET', '/openapi.json', undefined, call);
  } catch (error) {
    if (error instanceof BadResponseError) return undefined;
    throw error;
  }
}

/** Each operation on the newest API the server lists for it; V1 wins where a server has both. */
function fromPaths(answer: HttpAnswer, paths: readonly string[], version: string | undefined): ServerApi {
  const line = (operation: keyof typeof ROUTES): AppServerLine | undefined =>
    (['v1', 'v0'] as const).find((candidate) => paths.includes(ROUTES[operation][candidate]));
  const settings = line('settings');
  const conversations = line('conversations');
  if (!settings || !conversations) throw new UnsupportedServerError(answer.request, version);
  const providerTokens = (['v1', 'v0'] as const).find((candidate) => paths.includes(PROVIDER_TOKEN_ROUTES[candidate])) ?? null;
  // V0's changes route reads V0 conversations only (1.6.0's says so: V1's are the agent server's).
  const changes = paths.includes(CHANGES[conversations]) ? conversations : null;
  return {
    version, settings, conversations, sendsMessages: conversations === 'v1' && paths.includes(SEND_MESSAGE), providerTokens,
    changes, fileText: conversations === 'v1' && paths.includes(FILE_TEXT),
  };
}

/** A JSON answer of the route itself: its settings, its "no settings yet", or a refused key. */
function routeExists(answer: HttpAnswer): boolean {
  if (!answer.isJson) return false;
  return answer.status === 200 || answer.status === 401 || answer.status === 403 || isSettingsNotFound(answer);
}

function versionOf(spec: Record<string, unknown>): string | undefined {
  const info = spec.info;
  return isRecord(info) && typeof info.version === 'string' ? info.version : undefined;
}
