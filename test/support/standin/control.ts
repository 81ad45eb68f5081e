// The /_test/* routes: the same test hooks as the ContractServer object, for tests that only have the URL
// (the VS Code end-to-end suites run the server in another process). No auth, not recorded, not rate limited.
import { type Reply } from './http';
import { dumpPyJson } from './pyJson';
import type { AgentTiming, ConversationStatusChange, Fault, RecordedRequest, StartTaskTiming } from './contractServer';
import type { ProviderTokenSeed } from './state';
import type { SeedOptions } from './v1ConversationRoutes';

export interface ControlTarget {
  readonly requests: RecordedRequest[];
  seedProviderTokens(tokens: Record<string, ProviderTokenSeed>): void;
  storedSettings(): Record<string, unknown> | null;
  setFault(fault: Fault | null): void;
  setStartTaskTiming(timing: StartTaskTiming): void;
  setAgentTiming(timing: AgentTiming): void;
  seedConversations(count: number, options?: SeedOptions): string[];
  setConversationStatus(id: string, change: ConversationStatusChange): boolean;
  reset(): void;
}

// dumpPyJson rather than JSON.stringify: stored settings may hold Python's unbounded ints as bigint.
const reply = (status: number, value: unknown): Reply => ({ status, body: dumpPyJson(value), contentType: 'application/json' });
const OK = reply(200, { ok: true });

function parse(raw: Buffer): unknown {
  return raw.length === 0 ? null : JSON.parse(raw.toString('utf8'));
}

const STATUS_ROUTE = /^\/_test\/conversations\/([^/]+)\/status$/;

export function handleControl(target: ControlTarget, method: string, path: string, raw: Buffer): Reply {
  try {
    const status = method === 'POST' ? STATUS_ROUTE.exec(path) : null;
    if (status) { // {"status","runtime_status"} on V0, {"sandbox_status","execution_status"} on V1
      const changed = target.setConversationStatus(decodeURIComponent(status[1]), (parse(raw) ?? {}) as ConversationStatusChange);
      return changed ? OK : reply(404, { error: `no conversation ${status[1]}` });
    }
    switch (`${method} ${path}`) {
      case 'GET /_test/requests':
        return reply(200, target.requests);
      case 'DELETE /_test/requests':
        target.requests.length = 0;
        return OK;
      case 'POST /_test/reset':
        target.reset();
        return OK;
      case 'POST /_test/provider-tokens':
        target.seedProviderTokens((parse(raw) ?? {}) as Record<string, ProviderTokenSeed>);
        return OK;
      case 'GET /_test/stored-settings':
        return reply(200, target.storedSettings());
      case 'POST /_test/start-tasks': // {"readyAfterMs": N} and/or {"fail": "detail"}; {} restores the default
        target.setStartTaskTiming((parse(raw) ?? {}) as StartTaskTiming);
        return OK;
      // {"runMs": N, "endsAs": "finished"}: how the V1 agent runs that follow end when no reachable LLM drives them
      // (settings without an LLM base URL, or one nobody answers at); {} runs until told
      case 'POST /_test/agent':
        target.setAgentTiming((parse(raw) ?? {}) as AgentTiming);
        return OK;
      // {"count": N, ...SeedOptions}: N conversations, one a second apart, newest last; V1: with the first messages
      // ("messages"), a log of "events" events in all, or the "constructedKinds" (fixtures of kinds no run makes)
      case 'POST /_test/conversations': {
        const { count, ...options } = (parse(raw) ?? {}) as SeedOptions & { count?: unknown };
        return reply(200, { ids: target.seedConversations(Number(count ?? 1), options) });
      }
      case 'POST /_test/fault':
        target.setFault(parse(raw) as Fault | null);
        return OK;
      default:
        return reply(404, { error: `no control route ${method} ${path}` });
    }
  } catch (e) {
    return reply(400, { error: e instanceof Error ? e.message : String(e) });
  }
}
