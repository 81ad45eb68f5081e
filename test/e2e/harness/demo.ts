// npm run demo: the packaged extension (dist/openhands-conversations.vsix) installed into code-server, pointed at
// the V1 stand-in (OpenHands 1.11.0, the current line) whose agent runs end finished after a while, the first-run
// walkthrough open, all on 127.0.0.1, until Ctrl-C.
// usage: node out/test/e2e/harness/demo.js [--port <code-server port>]
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { VSIX_PATH } from './paths';
import { cleanupAll, installSignalHandlers, isStopping, onCleanup } from './processes';
import { DEMO_AGENT_RUN_MS, prepareDemoServer } from './demoServer';
import { startSession } from './session';
import { REAL_WORK_SCRIPT } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';

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
    serverLine: 'v1',
    walkthrough: true,
    ...(values.port ? { port: Number(values.port) } : {}),
  });
  const server = session.v1Server;
  prepareDemoServer(server);
  // An LLM whose script makes the stand-in's agent do real work in its workspace (files made, edited, deleted and
  // moved), for a person who gives its URL as the LLM base URL; without it, runs end as the timing above says.
  const llm = await startScriptedLlm({ script: REAL_WORK_SCRIPT, delayMs: 1500 });
  onCleanup(() => llm.close());
  console.log(`
  OpenHands Conversations demo
    VS Code (code-server): ${session.codeServer.workbenchUrl()}
    OpenHands stand-in:    ${server.url}  (answers as OpenHands 1.11.0 from PyPI, without a web UI; openhands.serverUrl points here)
    session API key:       ${DEMO_API_KEY}  (the walkthrough's "Set API Key", or F1 > "OpenHands: Set API Key")
    agent:                 a scripted run that ends "finished" ${DEMO_AGENT_RUN_MS / 1000} s after each message (any LLM model and key will do);
                           with the LLM base URL ${llm.baseUrl} (Configure LLM's second step, model openai/gpt-4o,
                           no key), the agent does real work in a git workspace instead: runs commands, makes,
                           edits, deletes and moves files, then finishes
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
