// node out/test/e2e/harness/main.js --activation-bench N: loads the workbench N times, each load a fresh
// extension host with the extension from source, and collects the time its activate() took (the extension's
// testing.activation, also logged as "Activated in X ms (Y ms of CPU)"): the wall time, held to the target, and the
// host process's CPU time meanwhile, which says whether the host was busy or waiting for a core; and the start of the
// first settings load, which activation leaves to the host's next turn (src/vscode/platform/afterActivation.ts),
// printed beside activate() and added to it, so that the deferred work is counted too. Prints the values and their
// medians.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runHostProbe, type ProbeRunOptions } from './hostRunner';
import { OUT_HOST_SUPPORT_DIR } from './paths';
import { isStopping } from './processes';
import type { Counts } from './report';
import type { ActivationTime } from '../../../src/testingApi';

export const ACTIVATION_TARGET_MS = 20;
const PROBE_ENTRY = path.join(OUT_HOST_SUPPORT_DIR, 'activationProbe.js');
const ACTIVATION_LINE = /^activationMs=(\d+(?:\.\d+)?) cpuMs=(\d+(?:\.\d+)?) firstLoadMs=(\d+(?:\.\d+)?)$/;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function runActivationBench(options: ProbeRunOptions & { readonly loads: number }): Promise<Counts> {
  fs.mkdirSync(options.resultsDir, { recursive: true });
  const values: ActivationTime[] = [];
  let failed = 0;
  for (let load = 1; load <= options.loads && !isStopping(); load++) {
    let value: ActivationTime | undefined;
    const counts = await runHostProbe(options, {
      entry: PROBE_ENTRY,
      logName: `activation-${load}.log`,
      onLine: (line) => {
        const match = ACTIVATION_LINE.exec(line.trim());
        if (match) value = { ms: Number(match[1]), cpuMs: Number(match[2]), firstLoadMs: Number(match[3]) };
      },
    });
    if (value === undefined || counts.failed > 0) failed++;
    else values.push(value);
  }
  if (values.length > 0) {
    const mid = median(values.map((v) => v.ms));
    const cpu = median(values.map((v) => v.cpuMs));
    const firstLoad = median(values.map((v) => v.firstLoadMs));
    const both = median(values.map((v) => v.ms + v.firstLoadMs));
    console.log(`activation (ms, ${values.length} fresh extension hosts, wall/CPU/first load's start): ` +
      values.map((v) => `${v.ms.toFixed(1)}/${v.cpuMs.toFixed(1)}/${v.firstLoadMs.toFixed(1)}`).join(', '));
    console.log(`activation median: ${mid.toFixed(1)} ms (target <= ${ACTIVATION_TARGET_MS} ms: ${mid <= ACTIVATION_TARGET_MS ? 'met' : 'MISSED'}); ` +
      `the host's CPU time meanwhile, median ${cpu.toFixed(1)} ms`);
    console.log(`the first settings load's start, right after activate(): median ${firstLoad.toFixed(1)} ms; ` +
      `activate() and it together, median ${both.toFixed(1)} ms`);
  }
  if (failed > 0) console.error(`activation bench: ${failed} load(s) reported no activation time (logs: ${options.resultsDir})`);
  return { passed: values.length, failed };
}
