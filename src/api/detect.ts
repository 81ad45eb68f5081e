// Which API a server speaks, found once per connection. The server's /openapi.json (no key needed) lists its
// operations: judged by operation, not by version, since 1.0-1.6 mix V0 settings with V1 conversations. Where
// that answer is missing or not JSON (a web UI answering any unknown GET with HTML), the settings routes are
// asked directly.
import type { ApiLine, ServerApi } from './client';
import { isSettingsNotFound } from './http/answers';
import { UnsupportedServerError, isRecord } from './http/errors';
import type { CallOptions, HttpAnswer, Transport } from './http/transport';

const ROUTES: Record<'settings' | 'conversations', Record<ApiLine, string>> = {
  settings: { v1: '/api/v1/settings', v0: '/api/settings' },
  conversations: { v1: '/api/v1/app-conversations', v0: '/api/conversations' },
};

export async function detectServerApi(transport: Transport, call?: CallOptions): Promise<ServerApi> {
  const spec = await transport.send('GET', '/openapi.json', undefined, call);
  if (spec.status === 200 && spec.isJson && isRecord(spec.body) && isRecord(spec.body.paths)) {
    return fromPaths(spec, Object.keys(spec.body.paths), versionOf(spec.body));
  }
  for (const line of ['v1', 'v0'] as const) {
    if (routeExists(await transport.send('GET', ROUTES.settings[line], undefined, call))) {
      return { version: undefined, settings: line, conversations: line };
    }
  }
  throw new UnsupportedServerError(spec.request, undefined);
}

/** Each operation on the newest API the server lists for it; V1 wins where a server has both. */
function fromPaths(answer: HttpAnswer, paths: readonly string[], version: string | undefined): ServerApi {
  const line = (operation: keyof typeof ROUTES): ApiLine | undefined =>
    (['v1', 'v0'] as const).find((candidate) => paths.includes(ROUTES[operation][candidate]));
  const settings = line('settings');
  const conversations = line('conversations');
  if (!settings || !conversations) throw new UnsupportedServerError(answer.request, version);
  return { version, settings, conversations };
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
