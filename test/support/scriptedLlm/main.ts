// The scripted LLM by hand: `node out/test/support/scriptedLlm/main.js [--port 0] [--delay-ms 2000] [--message M]
// [--real-work]` (--real-work: script.ts's REAL_WORK_SCRIPT, files made, edited, deleted and moved in the workspace).
// Prints `scripted LLM listening on <base URL>` (give it as the LLM base URL, model `openai/gpt-4o`, any key) and
// one line per request; stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { REAL_WORK_SCRIPT } from './script';
import { startScriptedLlm } from './scriptedLlm';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'delay-ms': { type: 'string' }, message: { type: 'string' }, 'real-work': { type: 'boolean' } } });
  const llm = await startScriptedLlm({ port: Number(values.port ?? 0), delayMs: Number(values['delay-ms'] ?? 0), finishMessage: values.message,
    ...(values['real-work'] ? { script: REAL_WORK_SCRIPT } : {}) });
  console.log(`scripted LLM listening on ${llm.baseUrl}`);
  let shown = 0;
  const report = setInterval(() => {
    for (; shown < llm.requests.length; shown++) console.log(JSON.stringify(llm.requests[shown]));
  }, 200);
  const stop = () => { clearInterval(report); void llm.close().then(() => process.exit(0)); };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
