// npm run test:e2e: provisions the tools, starts the contract server and code-server, runs the extension-host
// suites (test/e2e/host) and the UI scenarios (test/e2e/ui; those marked with a locale last, in a second code-server
// started with --locale on a pseudo-localized copy of the extension: pseudoLocale.ts), prints
// "e2e: N passed, N failed", stops everything.
// usage: node out/test/e2e/harness/main.js [--only host|ui] [--grep <regexp>] [--keep]
//        node out/test/e2e/harness/main.js --real [--grep <regexp>] [--keep]
//            the real-server lane: only the scenarios about a server line (scenarioOn), each against the real
//            OpenHands server of its line (0.54.0, 1.11.0, agent server 1.58.2 from .cache/openhands, started once
//            each, only those the selected scenarios are about), and those that start their own (the extension's
//            local agent server, Agent Canvas: provisioned first when selected), screenshots
//            in test-results/e2e-real/; run by npm run test:openhands (scripts/openhands/ui-lane.sh)
//        node out/test/e2e/harness/main.js --vsix   (dist/openhands-conversations.vsix installed by code-server's
//                                                   CLI; only the scenarios marked `installed`)
//        node out/test/e2e/harness/main.js --activation-bench N   (N fresh extension hosts; activate() time, median)
//        node out/test/e2e/harness/main.js --overhead-bench   (the client's overhead over a bare fetch, in an extension host)
//        node out/test/e2e/harness/main.js --provision-only   (installs the tools into .cache and stops: `npm test` runs
//                                                   it once before its host and UI runs, which then run side by side)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { runActivationBench } from './activationBench';
import { runOverheadBench } from './overheadBench';
import { launchBrowser } from './browser';
import { newSecretMarker, secretFor } from './context';
import { runHostSuites, type ProbeRunOptions } from './hostRunner';
import { sampleMemory } from './memory';
import { provision } from './provision';
import { startLocaleRun } from './pseudoLocale';
import { HOST_SUITES_ENTRY, REPO_ROOT, RESULTS_DIR, VSIX_PATH } from './paths';
import { cleanupAll, installSignalHandlers, isStopping, onCleanup } from './processes';
import { add, countsLine, seconds, type Counts } from './report';
import { startSession, type Session } from './session';
import { readElsewhereRecord } from './elsewhere';
import { captureOutput, scanForSecrets } from './secretScan';
import type { ServerLine } from './contract';
import { localAgentServerEnv } from './localAgentServer';
import { realTargets, standInTargets, startRealTargets, type RealServerStart } from './serverTarget';
import { script } from './openhandsScripts';
import { runUiScenarios, selectedLocales, selectedProvisions, selectedRealLines, type UiRunOptions } from './uiRunner';

const output = captureOutput(); // what the suites print here is scanned for keys too

function options() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      grep: { type: 'string' },
      keep: { type: 'boolean', default: false },
      real: { type: 'boolean', default: false },
      vsix: { type: 'boolean', default: false },
      'activation-bench': { type: 'string' },
      'overhead-bench': { type: 'boolean', default: false },
      'provision-only': { type: 'boolean', default: false },
    },
  });
  const loads = values['activation-bench'] === undefined ? undefined : Number(values['activation-bench']);
  if (loads !== undefined && !(Number.isInteger(loads) && loads > 0)) throw new Error('--activation-bench takes a number of loads');
  if (values.only !== undefined && values.only !== 'host' && values.only !== 'ui') {
    throw new Error('--only takes host or ui');
  }
  if (values.real && values.only === 'host') throw new Error('--real runs UI scenarios only');
  if (values.real && values.vsix) throw new Error('--real and --vsix are separate runs');
  const only = values.real || values.vsix ? 'ui' : values.only;
  return { only, vsix: values.vsix, provisionOnly: values['provision-only'], grep: values.grep ? new RegExp(values.grep, 'i') : undefined, keep: values.keep, real: values.real, loads, overhead: values['overhead-bench'] };
}

/** The code-server log always, VS Code's own logs (extension host, output channels) when something failed. */
function saveLogs(session: Session, failed: boolean, resultsDir: string): void {
  fs.copyFileSync(session.codeServer.logFile, path.join(resultsDir, 'code-server.log'));
  const vscodeLogs = path.join(session.runFolder.userDataDir, 'logs');
  if (failed && fs.existsSync(vscodeLogs)) fs.cpSync(vscodeLogs, path.join(resultsDir, 'vscode-logs'), { recursive: true });
}

/** The secret hygiene scan (secretScan.ts) over the run folder, test-results/ and this run's output. */
function scanRun(session: Session, resultsDir: string): boolean {
  const marker = session.context.secretMarker;
  // The one file that holds the keys on purpose (how the suites learn them): excluded, and a check that the
  // scan finds what is there.
  const contextFile = path.join(session.runFolder.root, 'e2e-context.json');
  const control = scanForSecrets({ marker, roots: [contextFile] }).hits;
  if (!control.some((hit) => hit.key === "secretFor('session')")) {
    console.error(`secret scan: broken, it does not find the session key in ${contextFile}`);
    return false;
  }
  // The record of the listener at another origin: scanned for keys like the rest, and it must hold no request.
  const elsewhere = session.context.elsewhereRecord;
  const { hits, filesScanned, keys } = scanForSecrets({
    marker,
    roots: [elsewhere, session.runFolder.root, resultsDir],
    exclude: [contextFile],
    outputs: { 'the run\'s stdout and stderr': output.text() },
  });
  console.log(`secret scan: ${filesScanned} files, ${keys} keys (the run's marker ${session.context.secretMarker}-*, ${keys - 1} literals), ${hits.length} hits`);
  for (const hit of hits) console.error(`  secret found: ${hit.key} in ${path.relative(process.cwd(), hit.file)}`);
  const reached = readElsewhereRecord(elsewhere);
  console.log(`other origin (${session.context.elsewhereUrl}): ${reached.length} requests received`);
  for (const request of reached) console.error(`  reached the other origin: ${request.method} ${request.path}`);
  return hits.length === 0 && reached.length === 0;
}

/** A bench's own session and results folder (test-results/<name>); no suite runs. */
async function benchSession(name: string, bench: (context: ProbeRunOptions) => Promise<Counts>): Promise<Counts> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: npm run build');
  const session = await startSession({ kind: 'e2e', smokeTestDriver: true, sessionApiKey: secretFor('session', newSecretMarker()) });
  const browser = await launchBrowser(session.tools.chromium, session.runFolder);
  onCleanup(() => browser.close());
  const resultsDir = path.join(path.dirname(RESULTS_DIR), name);
  fs.rmSync(resultsDir, { recursive: true, force: true });
  const counts = await bench({ browser, codeServer: session.codeServer, resultsDir });
  if (counts.failed > 0) session.keepRunFolder();
  return counts;
}

/**
 * The real servers the lane's selected scenarios are about (a --grep starts only theirs), started beside
 * code-server; how long each took to answer is printed.
 */
async function realServers(secretMarker: string, grep: RegExp | undefined): Promise<Map<ServerLine, RealServerStart>> {
  const started = await startRealTargets(selectedRealLines(grep), (line) => secretFor(`real-${line}`, secretMarker));
  for (const { target, startSeconds } of started.values()) {
    console.log(`${target.name} on ${target.url}, answering ${startSeconds[0]?.toFixed(1)} s after its start script began`);
  }
  return started;
}

/**
 * What the lane's selected scenarios need installed besides the servers ui-lane.sh provisions (Agent Canvas: an npm
 * install of ~600 packages, about 2 min the first time, under the Node 24 the session has just provisioned), each
 * only when a selected scenario needs it; provision.sh does nothing when it is there already.
 */
async function provisionSelected(grep: RegExp | undefined): Promise<void> {
  for (const version of selectedProvisions(grep)) {
    const began = Date.now();
    await script('provision.sh', [], { env: { OPENHANDS_VERSION: version } });
    console.log(`${version} provisioned (${seconds(began)})`);
  }
}

function reportRealStarts(started: ReadonlyMap<ServerLine, RealServerStart> | undefined): void {
  for (const { target, startSeconds } of started?.values() ?? []) {
    console.log(`${target.name}: ${startSeconds.length} start(s), ${startSeconds.map((s) => `${s.toFixed(1)} s`).join(', ')} each to its first answer`);
  }
}

async function main(): Promise<Counts> {
  const args = options();
  const { loads } = args;
  if (loads !== undefined) return benchSession('activation-bench', (context) => runActivationBench({ ...context, loads }));
  if (args.overhead) return benchSession('overhead-bench', runOverheadBench);
  if (args.provisionOnly) {
    await provision();
    return { passed: 1, failed: 0 };
  }
  // The extension hosts inherit code-server's environment, which is built from this one.
  if (args.grep) process.env.E2E_GREP = args.grep.source;
  const startedAt = Date.now();
  const memory = sampleMemory();
  // The real-server, installed-package and host-only runs keep their own folders, so they do not wipe the development
  // run's screenshots (`npm test` runs the host suites beside the UI scenarios).
  const resultsDir = args.real ? `${RESULTS_DIR}-real` : args.vsix ? `${RESULTS_DIR}-vsix` : args.only === 'host' ? `${RESULTS_DIR}-host` : RESULTS_DIR;
  fs.rmSync(resultsDir, { recursive: true, force: true });
  fs.mkdirSync(resultsDir, { recursive: true });
  if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: npm run build');
  if (args.vsix && !fs.existsSync(VSIX_PATH)) throw new Error(`${VSIX_PATH} is missing: npm run package`);

  const secretMarker = newSecretMarker();
  const real = args.real ? realServers(secretMarker, args.grep) : undefined;
  real?.catch(() => undefined); // awaited below; a failure there is reported once, as the run's
  const session = await startSession({
    kind: 'e2e',
    // The installed package needs no payload, so its run shows toasts as a person sees them (the driver hides them).
    smokeTestDriver: !args.vsix,
    sessionApiKey: secretFor('session', secretMarker),
    secretMarker,
    ...(args.vsix ? { vsix: VSIX_PATH } : {}),
    ...(args.real ? { env: localAgentServerEnv() } : {}),
  });
  const ready = seconds(startedAt);
  console.log(`code-server on ${session.codeServer.url}, contract servers on ${session.server.url} (V0) and ${session.v1Server.url} (V1) (ready after ${ready})`);
  const realStarted = await real;
  if (real) console.log(`real servers and code-server ready after ${seconds(startedAt)}`);
  if (args.real) await provisionSelected(args.grep);
  const browser = await launchBrowser(session.tools.chromium, session.runFolder);
  onCleanup(() => browser.close());

  let total: Counts = { passed: 0, failed: 0 };
  if (args.only !== 'ui') {
    console.log('Extension-host suites');
    const counts = await runHostSuites({
      browser,
      codeServer: session.codeServer,
      extensionPath: REPO_ROOT,
      testsEntry: HOST_SUITES_ENTRY,
      resultsDir,
    });
    total = add(total, counts);
  }
  if (args.only !== 'host') {
    const uiOptions: UiRunOptions = {
      browser,
      codeServer: session.codeServer,
      extensionPath: REPO_ROOT,
      servers: { v0: session.server, v1: session.v1Server },
      context: session.context,
      resultsDir,
      targets: realStarted ? realTargets(realStarted) : standInTargets(session.context.sessionApiKey),
      installed: args.vsix,
      ...(args.grep ? { grep: args.grep } : {}),
    };
    total = add(total, await runUiScenarios(uiOptions));
    for (const locale of selectedLocales(uiOptions)) {
      if (isStopping()) break;
      const localeRun = await startLocaleRun(session, locale);
      console.log(`code-server with --locale ${locale} on ${localeRun.codeServer.url}, the extension's pseudo-localized copy from ${path.relative(process.cwd(), localeRun.extensionPath)}`);
      total = add(total, await runUiScenarios({ ...uiOptions, ...localeRun, locale }));
      fs.copyFileSync(localeRun.codeServer.logFile, path.join(resultsDir, `code-server-${locale}.log`));
    }
  }
  if (isStopping()) throw new Error('interrupted');
  if (total.passed + total.failed === 0) {
    console.error('no test ran');
    total.failed = 1;
  }
  if (!scanRun(session, resultsDir)) total.failed++;
  saveLogs(session, total.failed > 0, resultsDir);
  if (total.failed > 0 || args.keep) session.keepRunFolder();
  memory.stop();
  reportRealStarts(realStarted);
  console.log(`e2e took ${seconds(startedAt)}; peak memory (summed RSS of the harness, code-server, extension hosts, chromium): ${memory.peakMiB()} MiB`);
  console.log(`screenshots and logs: ${path.relative(process.cwd(), resultsDir)}/`);
  return total;
}

const benchName = process.argv.includes('--activation-bench') ? 'activation bench' : process.argv.includes('--overhead-bench') ? 'overhead bench' : undefined;
const realLane = process.argv.includes('--real');
const provisionOnly = process.argv.includes('--provision-only');
installSignalHandlers();
let result: Counts = { passed: 0, failed: 1 }; // what a run that broke before counting reports
main()
  .then((total) => (result = total))
  .catch((error: unknown) => {
    console.error(`e2e run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  })
  .finally(async () => {
    await cleanupAll();
    console.log(countsLine(result, benchName ?? (realLane ? 'e2e against real servers' : provisionOnly ? 'provision' : 'e2e'))); // last, after the cleanup's own messages
    process.exit(result.failed > 0 ? 1 : 0);
  });
