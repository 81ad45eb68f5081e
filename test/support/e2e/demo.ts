// npm run demo: the packaged extension (dist/openhands-conversations.vsix) installed into code-server,
// pointed at the contract server, both on 127.0.0.1, until Ctrl-C.
// usage: node out/test/support/e2e/demo.js [--port <code-server port>]
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { VSIX_PATH } from './paths';
import { cleanupAll, installSignalHandlers, isStopping } from './processes';
import { startSession } from './session';

const DEMO_API_KEY = 'demo-session-key';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' } } });
  if (!fs.existsSync(VSIX_PATH)) throw new Error(`${VSIX_PATH} is missing: npm run package`);
  const session = await startSession({
    kind: 'demo',
    // Without the smoke-test driver the workbench shows notification toasts as a person sees them.
    smokeTestDriver: false,
    sessionApiKey: DEMO_API_KEY,
    vsix: VSIX_PATH,
    ...(values.port ? { port: Number(values.port) } : {}),
  });
  console.log(`
  OpenHands Conversations demo
    VS Code (code-server): ${session.codeServer.workbenchUrl()}
    contract server:       ${session.server.url}  (openhands.serverUrl points here)
    session API key:       ${DEMO_API_KEY}  (F1 > "OpenHands: Set API Key")
    workspace:             ${session.context.workspaceFolder}  (git, origin ${session.context.remoteUrl}, branch ${session.context.branch})
    code-server log:       ${session.codeServer.logFile}

  Both listen on 127.0.0.1 only (from another machine: ssh -L ${session.codeServer.port}:127.0.0.1:${session.codeServer.port}).
  Ctrl-C stops everything.
`);
  const exit = await session.codeServer.process.exited;
  if (isStopping()) return; // Ctrl-C: the cleanup stopped it
  session.keepRunFolder();
  throw new Error(`code-server stopped by itself (${exit}); see ${session.codeServer.logFile}`);
}

installSignalHandlers();
main().catch(async (error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanupAll();
  process.exit(1);
});
