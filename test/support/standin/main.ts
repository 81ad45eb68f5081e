// Runs the contract server by hand: `npm run dev-server -- --port 3000 --key K --control`.
// usage: node out/test/support/standin/main.js [--port 3000] [--key K] [--state FILE] [--allow-set-conversation-id]
//        [--rate-limit] [--control]          (env: OPENHANDS_DEV_PORT, OPENHANDS_DEV_KEY)
import { parseArgs } from 'node:util';
import { type ContractServerOptions, startContractServer } from './contractServer';

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
  };
}

async function main(): Promise<void> {
  const options = optionsFromArgs(process.argv.slice(2), process.env);
  const server = await startContractServer(options);
  // Printed in full on purpose: this is a local test key the developer chose, needed to configure the client.
  console.log(`OpenHands contract server listening on ${server.url}`);
  console.log(options.sessionApiKey ? `X-Session-API-Key: ${options.sessionApiKey}` : 'no session API key required');
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
