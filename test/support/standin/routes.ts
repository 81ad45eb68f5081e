// Which routes the stand-in serves, by OpenHands release line:
//   v0     0.5x: V0 settings and conversations (openapi.json of 0.54.0)
//   mixed  1.0-1.6: V0 settings, V0 conversations and the V1 app-conversations (openapi.json of 1.6.0)
//   v1     1.7+: V1 settings and app-conversations only; the V0 paths answer 404 (openapi.json of 1.11.0)
import { getConversation, listConversations, stopConversation } from './conversationList';
import { deleteV0Conversation, deleteV1Conversation, renameV0Conversation, renameV1Conversation } from './conversationAdmin';
import { type ConversationRoutes } from './conversationRoutes';
import { type Body, type Reply, jsonReply } from './http';
import { type PyDict, dumpPyJson, parsePyJson } from './pyJson';
import { recordedText } from './recorded';
import { postProviderTokens } from './providerTokenRoutes';
import { getSettings, postSettings } from './settingsRoutes';
import { type ServerState } from './state';
import { searchV0Events } from './v0Events';
import { type V1ConversationActions } from './v1ConversationActions';
import { type V1ConversationRoutes, uuidHex } from './v1ConversationRoutes';
import { agentSchema, conversationSchema, getV1Settings, postV1Settings } from './v1SettingsRoutes';

export const API_LINES = ['v0', 'mixed', 'v1'] as const;
export type ApiLine = (typeof API_LINES)[number];

export interface Endpoint {
  body: boolean;
  /** `params`: the path's `{name}` segments, in order. */
  run: (body: Body, query: URLSearchParams, params: string[]) => Reply;
}

export interface Route {
  allow: string; // the Allow header of a 405: the methods of the first route registered for the path
  auth: boolean; // the /api routers depend on the session key; /alive, /health and /openapi.json do not
  methods: Record<string, Endpoint>;
}

const OPENAPI: Record<ApiLine, string> = { v0: 'openapi-0.54.0.json', mixed: 'openapi-1.6.0.json', v1: 'openapi-1.11.0.json' };

const get = (run: Endpoint['run']): Route => ({ allow: 'GET', auth: true, methods: { GET: { body: false, run } } });
const post = (run: Endpoint['run']): Route => ({ allow: 'POST', auth: true, methods: { POST: { body: false, run } } });

export interface RouteParts {
  state: ServerState;
  conversations: ConversationRoutes;
  v1Conversations: V1ConversationRoutes;
  v1Actions: V1ConversationActions;
}

function v0Routes({ state, conversations, v1Conversations }: RouteParts, line: 'v0' | 'mixed'): Record<string, Route> {
  return {
    '/api/settings': {
      allow: 'GET',
      auth: true,
      methods: {
        GET: { body: false, run: () => getSettings(state, line) },
        POST: { body: true, run: (body) => postSettings(state, body, line) },
      },
    },
    '/api/conversations': {
      allow: 'POST',
      auth: true,
      methods: {
        POST: { body: true, run: (body) => conversations.create(body) },
        GET: { body: false, run: (_body, query) => listConversations(state, query) },
      },
    },
    '/api/conversations/{conversation_id}': {
      allow: 'GET',
      auth: true,
      methods: {
        GET: { body: false, run: (_body, _query, [id]) => getConversation(state, id) },
        PATCH: { body: true, run: (body, _query, [id]) => renameV0Conversation(state, id, body) },
        // 1.6.0's V0 route deletes a V1 conversation too (there is no V1 delete before 1.7).
        DELETE: { body: false, run: (_body, _query, [id]) => deleteV0Conversation(state, id, line === 'mixed' ? v1Conversations : undefined) },
      },
    },
    '/api/conversations/{conversation_id}/stop': post((_body, _query, [id]) => stopConversation(state, id)),
    '/api/conversations/{conversation_id}/events': get((_body, query, [id]) => searchV0Events(state, id, query)),
    '/api/add-git-providers': { allow: 'POST', auth: true, methods: { POST: { body: true, run: (body) => postProviderTokens(state, body, line) } } },
  };
}

const v1SettingsRoutes = ({ state }: RouteParts): Record<string, Route> => ({
  '/api/v1/settings': {
    allow: 'GET',
    auth: true,
    methods: {
      GET: { body: false, run: () => getV1Settings(state) },
      POST: { body: true, run: (body) => postV1Settings(state, body) },
    },
  },
  '/api/v1/settings/agent-schema': get(agentSchema),
  '/api/v1/settings/conversation-schema': get(conversationSchema),
  '/api/v1/secrets/git-providers': { allow: 'POST', auth: true, methods: { POST: { body: true, run: (body) => postProviderTokens(state, body, 'v1') } } },
});

function v1ConversationRoutes({ v1Conversations: c, v1Actions: actions }: RouteParts, api: ApiLine): Record<string, Route> {
  return {
    // 1.11.0 only: 1.6.0 takes no follow-up through the app server.
    ...(api === 'v1' ? {
      '/api/v1/app-conversations/{conversation_id}/send-message': {
        allow: 'POST', auth: true, methods: { POST: { body: true, run: (body, _query, [id]) => actions.sendMessage(id, body) } },
      },
    } : {}),
    '/api/v1/sandboxes/{sandbox_id}/pause': post((_body, _query, [id]) => actions.pause(id)),
    '/api/v1/sandboxes/{sandbox_id}/resume': post((_body, _query, [id]) => actions.resume(id)),
    '/api/v1/app-conversations': {
      allow: 'GET',
      auth: true,
      methods: {
        GET: { body: false, run: (_body, query) => c.batch(query) },
        POST: { body: true, run: (body) => c.start(body) },
      },
    },
    '/api/v1/app-conversations/search': get((_body, query) => c.search(query)),
    '/api/v1/conversation/{conversation_id}/events/search': get((_body, query, [id]) => c.events(id, query)),
    '/api/v1/conversation/{conversation_id}/events/count': get((_body, query, [id]) => c.eventCount(id, query)),
    '/api/v1/conversation/{conversation_id}/events': get((_body, query, [id]) => c.eventBatch(id, query)),
    '/api/v1/app-conversations/{conversation_id}/download': get((_body, _query, [id]) => c.download(id)),
    ...(api === 'v1' ? {
      '/api/v1/app-conversations/{conversation_id}/git/changes': get((_body, query, [id]) => c.gitChanges(id, query)),
      '/api/v1/app-conversations/{conversation_id}/git/diff': get((_body, query, [id]) => c.gitDiff(id, query)),
    } : {}),
    '/api/v1/app-conversations/{conversation_id}/file': get((_body, query, [id]) => c.fileText(id, query)),
    '/api/v1/app-conversations/count': get((_body, query) => c.count(query)),
    '/api/v1/app-conversations/{conversation_id}': {
      allow: 'PATCH',
      auth: true,
      methods: {
        PATCH: { body: true, run: (body, _query, [id]) => renameV1Conversation(c, uuidHex(id), body) },
        ...(api === 'v1' ? { DELETE: { body: false, run: (_body: Body, _query: URLSearchParams, [id]: string[]) => deleteV1Conversation(c, uuidHex(id)) } } : {}),
      },
    },
    '/api/v1/app-conversations/start-tasks': get((_body, query) => c.startTasks(query)),
    '/api/v1/app-conversations/start-tasks/search': get((_body, query) => c.searchStartTasks(query)),
  };
}

/** The route for a path: an exact one first, then one with `{name}` segments (Starlette's path parameters). */
export function matchRoute(routes: Record<string, Route>, path: string): { route: Route; params: string[] } | undefined {
  if (Object.hasOwn(routes, path)) return { route: routes[path], params: [] };
  const segments = path.split('/');
  for (const [pattern, route] of Object.entries(routes)) {
    const parts = pattern.split('/');
    if (!pattern.includes('{') || parts.length !== segments.length) continue;
    const params: string[] = [];
    if (parts.every((part, i) => (part.startsWith('{') ? (segments[i] !== '' && params.push(decodeURIComponent(segments[i])) > 0) : part === segments[i]))) {
      return { route, params };
    }
  }
  return undefined;
}

/**
 * The recorded openapi.json of the line, less the paths and operations the stand-in does not serve: a client that
 * decides by openapi.json what a server offers is not misled (the real document lists far more than is modelled).
 */
export function servedOpenapi(api: ApiLine, routes: Record<string, Route>): string {
  const spec = parsePyJson(recordedText(OPENAPI[api])) as PyDict;
  const paths = spec.get('paths') as PyDict;
  const shape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
  const served = new Map(Object.entries(routes).map(([path, route]) => [shape(path), route]));
  for (const [path, item] of [...paths]) {
    const route = served.get(shape(path));
    if (route) for (const method of [...(item as PyDict).keys()]) if (!route.methods[method.toUpperCase()]) (item as PyDict).delete(method);
    if (!route || (item as PyDict).size === 0) paths.delete(path);
  }
  return dumpPyJson(spec);
}

export function buildRoutes(api: ApiLine, parts: RouteParts): Record<string, Route> {
  const open = (run: Endpoint['run']): Route => ({ allow: 'GET', auth: false, methods: { GET: { body: false, run } } });
  const routes: Record<string, Route> = {
    ...(api === 'v1' ? {} : v0Routes(parts, api)),
    ...(api === 'v1' ? v1SettingsRoutes(parts) : {}),
    ...(api === 'v0' ? {} : v1ConversationRoutes(parts, api)),
    // server/routes/health.py (app_server/status in 1.7+), and FastAPI's own schema route
    '/alive': open(() => jsonReply(200, { status: 'ok' })),
    '/health': open(() => jsonReply(200, 'OK')),
  };
  let openapi: string | undefined;
  routes['/openapi.json'] = open(() => ({ status: 200, body: (openapi ??= servedOpenapi(api, routes)), contentType: 'application/json' }));
  return routes;
}
