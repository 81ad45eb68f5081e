// npm run demo: the packaged extension (dist/openhands-conversations.vsix) installed into code-server, pointed at
// the V1 stand-in (OpenHands 1.11.0, the current line) with a scripted LLM as its LLM and one conversation whose
// agent did real work in its git workspace and finished (its transcript and changes open from the Conversations
// view), the first-run walkthrough open, all on 127.0.0.1, until Ctrl-C.
// usage: node out/test/e2e/harness/demo.js [--port <code-server port>]
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { VSIX_PATH } from './paths';
import { cleanupAll, installSignalHandlers, isStopping, onCleanup } from './processes';
import { DEMO_AGENT_RUN_MS, prepareDemoServer } from './demoServer';
import { startSession } from './session';
import { REAL_WORK_SCRIPT } from '../../support/scriptedLlm/script';
import { startScriptedRun } from './ui/transcriptSteps';

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
  // The stand-in's LLM is a scripted one that makes its agent do real work in its workspace (files made, edited,
  // deleted and moved), and one conversation has run it to the end, so the demo shows a finished run at once.
  const { id, llm } = await startScriptedRun(server, DEMO_API_KEY, 'Show what you can do in a git workspace', REAL_WORK_SCRIPT, 300);
  onCleanup(() => llm.close());
  await untilFinished(server.url, id);
  console.log(`
  OpenHands Conversations demo
    VS Code (code-server): ${session.codeServer.workbenchUrl()}
    OpenHands stand-in:    ${server.url}  (answers as OpenHands 1.11.0 from PyPI, without a web UI; openhands.serverUrl points here)
    session API key:       ${DEMO_API_KEY}  (the walkthrough's "Set API Key", or F1 > "OpenHands: Set API Key")
    agent:                 the server's LLM is a scripted one (${llm.baseUrl}, model openai/gpt-4o): each message makes
                           the agent do real work in a git workspace (runs commands, makes, edits, deletes and moves
                           files), then finish; another LLM set with Configure LLM ends runs "finished" after ${DEMO_AGENT_RUN_MS / 1000} s
    finished conversation: ${id}: after Set API Key, click it in Conversations for its transcript; its
                           row's Show Changes lists what the agent changed, with diffs and Apply Changes
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

/** Waits until the conversation's run has ended (the scripted run takes a few seconds), so the demo opens on it. */
async function untilFinished(serverUrl: string, id: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 120_000; await new Promise((resolve) => setTimeout(resolve, 500))) {
    const answer = await fetch(`${serverUrl}/api/v1/app-conversations?ids=${id}`, { headers: { 'X-Session-API-Key': DEMO_API_KEY } });
    const [conversation] = (await answer.json()) as { execution_status?: string }[];
    if (conversation?.execution_status === 'finished') return;
  }
  throw new Error(`the demo's conversation ${id} did not finish in 2 minutes`);
}

installSignalHandlers();
main().catch(async (error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanupAll();
  process.exit(1);
});
