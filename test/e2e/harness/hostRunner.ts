// Runs the mocha suites of test/e2e/host inside code-server's real (Node) extension host.
// The workbench reads `extensionDevelopmentPath` and `extensionTestsPath` from the `payload` URL parameter
// (honoured only with --vscode-option enable-smoke-test-driver), runs the tests entry's run() in the
// extension host, then calls window.codeAutomationExit(code); the host's console goes to window.codeAutomationLog.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import type { Browser } from 'playwright-core';
import { newPage } from './browser';
import type { CodeServer } from './codeServer';
import { REPO_ROOT } from './paths';
import type { Counts } from './report';

export interface HostRunOptions {
  browser: Browser;
  codeServer: CodeServer;
  extensionPath: string;
  testsEntry: string;
  resultsDir: string;
  /**
   * How long the host may stay silent before the run is given up (default 120 s: four of mocha's 30 s test
   * timeouts). Silence, not the whole run's time: a busy machine makes every test slower (CI's host suites took
   * over 300 s at a load average of 10), but a test that hangs still ends the run.
   */
  silenceMs?: number;
  /** Called with every line the extension host logs (the results file gets them all the same). */
  onLine?: (line: string) => void;
  /** Print nothing of the host's console to the terminal. */
  quiet?: boolean;
  /** Default host-suites.log in resultsDir. */
  logName?: string;
}

const COUNTS_LINE = /^(\d+) passed, (\d+) failed/;

/**
 * The workbench's own console arrives through codeAutomationLog too. These messages are expected here
 * (offline, no GitHub, gallery on a dead port); they still go to the log file, not to the terminal.
 */
const WORKBENCH_NOISE = [
  /^(Resolving|Resolved) connection token/,
  /^Creating a socket/,
  /^\[(reconnection-grace-time|Service Worker|AgentHost:remote|AccountPolicyGate)\]/,
  /^Updating additional builtin extensions cache/,
  /^Timed out waiting for authentication provider/,
  /ECONNREFUSED 127\.0\.0\.1:9\b/,
];

export async function runHostSuites(options: HostRunOptions): Promise<Counts> {
  const { browser, codeServer } = options;
  const html = await (await fetch(`${codeServer.url}/`)).text();
  if (!/enableSmokeTestDriver(&quot;|"):true/.test(html)) {
    throw new Error('code-server runs without --vscode-option enable-smoke-test-driver: host suites cannot start');
  }
  const { context, page } = await newPage(browser);
  const logFile = path.join(options.resultsDir, options.logName ?? 'host-suites.log');
  fs.writeFileSync(logFile, '');
  let counts: Counts | undefined;
  let exited = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    let finish!: (code: number) => void;
    const finished = new Promise<number>((resolve) => (finish = resolve));
    const silenceMs = options.silenceMs ?? 120_000;
    let giveUp!: () => void;
    const silent = new Promise<'silent'>((resolve) => (giveUp = () => resolve('silent')));
    timer = setTimeout(giveUp, silenceMs);
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
      clearTimeout(timer);
      timer = setTimeout(giveUp, silenceMs);
      if (exited) return; // "Canceled" noise while the extension host shuts down
      const line = format(...(Array.isArray(args) ? args : [args]));
      fs.appendFileSync(logFile, `${line}\n`);
      const match = COUNTS_LINE.exec(line.trim());
      if (match) counts = { passed: Number(match[1]), failed: Number(match[2]) };
      options.onLine?.(line);
      if (options.quiet || WORKBENCH_NOISE.some((noise) => noise.test(line))) return;
      (type === 'error' || type === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => {
      exited = true;
      finish(code);
    });
    codeServer.forgetUnsavedFiles();
    await page.goto(
      codeServer.workbenchUrl([
        ['extensionDevelopmentPath', codeServer.remoteUri(options.extensionPath)],
        ['extensionTestsPath', codeServer.remoteUri(options.testsEntry)],
      ]),
    );
    const code = await Promise.race([finished, silent]);
    if (code !== 0) {
      const shot = path.join(options.resultsDir, 'host-suites-failure.png');
      await page.screenshot({ path: shot }).catch(() => undefined);
      console.error(
        code === 'silent'
          ? `host suites: nothing logged for ${silenceMs / 1000} s (screenshot: ${shot}, log: ${logFile})`
          : `host suites: extension host exited with ${code} (screenshot: ${shot}, log: ${logFile})`,
      );
      // A run that broke before mocha reported (a load error, a timeout) still counts as a failure.
      if (!counts || counts.failed === 0) counts = { passed: counts?.passed ?? 0, failed: 1 };
    }
  } finally {
    clearTimeout(timer);
    await context.close();
  }
  return counts ?? { passed: 0, failed: 1 };
}

/** Where a bench's probe runs: the workbench, and the folder its log goes to. */
export interface ProbeRunOptions {
  readonly browser: Browser;
  readonly codeServer: CodeServer;
  readonly resultsDir: string;
}

/**
 * A bench's probe (an extension-host entry that prints figures, not a suite: host/activationProbe.ts,
 * host/overheadProbe.ts) run once beside the extension from source, its console kept out of the terminal and each of
 * its lines given to `onLine`.
 */
export function runHostProbe(options: ProbeRunOptions, probe: { entry: string; logName: string; onLine: (line: string) => void }): Promise<Counts> {
  return runHostSuites({
    ...options, extensionPath: REPO_ROOT, testsEntry: probe.entry, logName: probe.logName, quiet: true, onLine: probe.onLine,
  });
}
