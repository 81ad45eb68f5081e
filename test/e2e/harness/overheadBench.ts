// node out/test/e2e/harness/main.js --overhead-bench: the client's overhead over a bare fetch where the extension
// runs, in a real extension host (host/overheadProbe.ts) with the fetch the extension uses there; the same rows as
// npm run bench's, which measures it under the machine's Node with undici's fetch.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runHostProbe, type ProbeRunOptions } from './hostRunner';
import { OUT_HOST_SUPPORT_DIR } from './paths';
import type { Counts } from './report';
import { OVERHEAD_BUDGET, overheadRows, type Overhead } from '../../../bench/clientOverhead';
import { print } from '../../../bench/rows';

const PROBE_ENTRY = path.join(OUT_HOST_SUPPORT_DIR, 'overheadProbe.js');
const OVERHEAD_LINE = /^overhead=(\{.*\})$/;

type ProbeLine = Overhead & { readonly vscode: string; readonly node: string };

export async function runOverheadBench(options: ProbeRunOptions): Promise<Counts> {
  fs.mkdirSync(options.resultsDir, { recursive: true });
  let measured: ProbeLine | undefined;
  const counts = await runHostProbe(options, {
    entry: PROBE_ENTRY,
    logName: 'overhead.log',
    onLine: (line) => {
      const match = OVERHEAD_LINE.exec(line.trim());
      if (match) measured = JSON.parse(match[1]!) as ProbeLine;
    },
  });
  if (!measured || counts.failed > 0) {
    console.error(`overhead bench: the extension host reported no figures (log: ${options.resultsDir})`);
    return { passed: 0, failed: 1 };
  }
  const where = `VS Code ${measured.vscode}'s extension host, Node ${measured.node}, its global fetch`;
  print(overheadRows(measured, where));
  const ratio = measured.client / measured.bare;
  console.log(`client overhead in the extension host: ${ratio.toFixed(3)} (budget <= ${OVERHEAD_BUDGET.toFixed(2)}: ${ratio <= OVERHEAD_BUDGET ? 'met' : 'MISSED'})`);
  return counts;
}
