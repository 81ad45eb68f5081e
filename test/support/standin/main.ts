// Runs the contract server by hand: `npm run dev-server -- --port 3000 --key K --control`.
// usage: node out/test/support/standin/main.js [--port 3000] [--key K] [--state FILE] [--allow-set-conversation-id]
//        [--rate-limit] [--control] [--api v0|mixed|v1] [--auth session|bearer] [--web-ui]
//        (env: OPENHANDS_DEV_PORT, OPENHANDS_DEV_KEY)
// --api picks the release line it serves (routes.ts), default v1 (OpenHands 1.7+); --auth bearer takes the key
// as `Authorization: Bearer <key>` only, as OpenHands Cloud documents, and refuses X-Session-API-Key. --web-ui
// serves a page for any GET no route takes, as a server with its web UI does (by default none, as PyPI's server).
// With --api v1 or mixed, a conversation's agent is driven by the LLM base URL of the stored settings (v1Agent.ts:
// point it at the scripted LLM, test/support/scriptedLlm/main.js --real-work, for real work in a temporary git
// workspace); its conversation_url is served on a second port (agentServer.ts).
import { parseArgs } from 'node:util';
import { type AuthScheme, type ContractServerOptions, startContractServer } from './contractServer';
import { API_LINES, type ApiLine } from './routes';

const AUTH_SCHEMES: readonly AuthScheme[] = ['session', 'bearer'];

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`invalid --${name}: ${value} (one of ${allowed.join(', ')})`);
  return value as T;
}

export function optionsFromArgs(argv: string[], env: NodeJS.ProcessEnv): ContractServerOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      key: { type: 'string' },
      state: { type: 'string' },
      'allow-set-conversation-id': { type: 'boolean' },
      'rate-limit': { type: 'boolean' },
      control: { type: 'boolean' },
      api: { type: 'string' },
      auth: { type: 'string' },
      'web-ui': { type: 'boolean' },
    },
  });
  const port = Number(values.port ?? env.OPENHANDS_DEV_PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${values.port ?? env.OPENHANDS_DEV_PORT}`);
  return {
    host: '127.0.0.1',
    port,
    sessionApiKey: values.key ?? env.OPENHANDS_DEV_KEY,
    stateFile: values.state,
    allowSetConversationId: values['allow-set-conversation-id'] ?? false,
    rateLimit: values['rate-limit'] ?? false,
    controlApi: values.control ?? false,
    api: oneOf<ApiLine>('api', values.api, API_LINES, 'v1'),
    auth: oneOf<AuthScheme>('auth', values.auth, AUTH_SCHEMES, 'session'),
    webUi: values['web-ui'] ?? false,
  };
}

async function main(): Promise<void> {
  const options = optionsFromArgs(process.argv.slice(2), process.env);
  const server = await startContractServer(options);
  // Printed in full on purpose: this is a local test key the developer chose, needed to configure the client.
  console.log(`OpenHands contract server listening on ${server.url}`);
  const header = options.auth === 'bearer' ? `Authorization: Bearer ${options.sessionApiKey}` : `X-Session-API-Key: ${options.sessionApiKey}`;
  console.log(options.sessionApiKey ? header : 'no session API key required');
  console.log(`API line: ${options.api}`);
  const stop = (signal: string) => {
    console.log(`${signal}: stopping`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
