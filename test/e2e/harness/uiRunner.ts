// Runs every UI scenario file (out/test/e2e/ui/*.scenario.js) against the workbench, one fresh
// browser context each, and prints one line per scenario plus the "N passed, N failed" line. A scenario about
// server lines runs once per line, against the target its TargetSource gives (serverTarget.ts); the real-server
// lane runs only those.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { newPage } from './browser';
import { failureDump } from './failureDump';
import { chatExtensions, enableChat } from './chat';
import type { CodeServer } from './codeServer';
import { hasStandIn, type ContractServer, type E2eLine, type ServerLine } from './contract';
import type { E2eContext } from './context';
import { UI_SCENARIOS_DIR } from './paths';
import { isStopping } from './processes';
import { countsLine, seconds, type Counts } from './report';
import { slug, type UiScenario } from './scenario';
import { lineName, targetName, type TargetSource } from './serverTarget';
import { Workbench } from './workbench';

export interface UiRunOptions {
  browser: Browser;
  codeServer: CodeServer;
  extensionPath: string;
  /** The stand-in of each API line; a scenario gets its line's, the extension pointed at it. */
  servers: Record<E2eLine, ContractServer>;
  context: E2eContext;
  resultsDir: string;
  /** Where scenarios about a server line (scenarioOn) get it; the real lane runs only those. */
  targets: TargetSource;
  /** Only scenarios whose name matches. */
  grep?: RegExp;
  /** The extension is installed from the .vsix: run the `installed` scenarios, without a development path. */
  installed?: boolean;
  /** Run the scenarios of this locale (codeServer started with it, pseudoLocale.ts); absent: those without one. */
  locale?: string;
}

/** One run of a scenario: against the target of `line` when it names lines. */
interface ScenarioRun {
  scenario: UiScenario;
  line?: ServerLine;
  /** The scenario's name, with its target's ("… (real 0.54.0)") when it has one. */
  label: string;
  /** About a line no stand-in speaks (or a server the extension starts), in a stand-in run: listed as the real-server lane's, not run. */
  realLaneOnly?: boolean;
}

function plannedRuns(scenarios: readonly UiScenario[], targets: Pick<TargetSource, 'real'>): ScenarioRun[] {
  return scenarios.flatMap((scenario): ScenarioRun[] => {
    if (scenario.startsItsOwnServer) {
      return [targets.real ? { scenario, label: `${scenario.name} (real, started by ${scenario.startsItsOwnServer})` } : { scenario, label: scenario.name, realLaneOnly: true }];
    }
    if (!scenario.lines) return targets.real ? [] : [{ scenario, label: scenario.name }];
    return scenario.lines.map((line) => targets.real || hasStandIn(line)
      ? { scenario, line, label: `${scenario.name} (${targetName(targets.real, line)})` }
      : { scenario, line, label: `${scenario.name} (${lineName(line)})`, realLaneOnly: true });
  });
}

function isScenario(value: unknown): value is UiScenario {
  return typeof value === 'object' && value !== null && 'name' in value && 'run' in value;
}

export function loadScenarios(dir: string = UI_SCENARIOS_DIR): UiScenario[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.scenario.js'))
    .sort()
    .flatMap((file) => {
      const exported: unknown = require(path.join(dir, file)).default;
      const scenarios = Array.isArray(exported) ? exported : [exported];
      if (!scenarios.every(isScenario)) throw new Error(`${file}: the default export must be scenario(...) or an array of them`);
      return scenarios;
    });
}

async function runOne(planned: ScenarioRun, options: UiRunOptions): Promise<void> {
  const { scenario } = planned;
  const { context: browserContext, page } = await newPage(options.browser);
  const workbench = new Workbench(page, path.join(options.resultsDir, slug(planned.label)));
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  let timer: NodeJS.Timeout | undefined;
  const timeoutMs = scenario.timeoutMs ?? 120_000;
  const line = scenario.line ?? 'v0';
  const server = options.servers[line];
  const restoreServerUrl = pointAt(options.context, server);
  const restoreChat = scenario.chat ? enableChat(options.context.userDataDir) : () => undefined;
  const acquired = planned.line ? await options.targets.acquire(planned.line) : undefined;
  try {
    for (const each of Object.values(options.servers)) each.reset();
    if (scenario.webUi) server.setWebUi(true);
    const steps = (async () => {
      const extensions = scenario.chat ? chatExtensions(options.context.runFolder, options.extensionPath) : options.extensionPath;
      const payload = [['extensionDevelopmentPath', options.codeServer.remoteUri(extensions)]] as const;
      // Under a locale our activity-bar item has a translated title: the scenario waits for it itself.
      options.codeServer.forgetUnsavedFiles();
      await workbench.open(options.codeServer.workbenchUrl(options.installed ? undefined : payload), { waitForExtension: !scenario.locale });
      await scenario.run({ workbench, page, server, line, context: options.context, target: acquired?.target });
    })();
    await Promise.race([
      steps,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    if (error instanceof Error && !isStopping()) Object.assign(error, { failureDump: await failureDump(page, options.context.userDataDir) });
    if (pageErrors.length > 0) {
      (error as Error).message += `\n    page errors:\n      ${pageErrors.slice(0, 5).join('\n      ')}`;
    }
    throw error;
  } finally {
    restoreServerUrl();
    restoreChat();
    clearTimeout(timer);
    await workbench.screenshot().catch((error) => {
      if (!isStopping()) console.error(`    screenshot failed: ${String(error)}`);
    });
    await browserContext.close();
    await acquired?.release();
  }
}

/**
 * Points the extension's server URL (machine settings, as the harness wrote them) at `server` for a scenario on
 * another line than the run's V0 stand-in; returns what puts the file back as it was, whatever the scenario did to
 * it: Change Server URL writes it, as it does for a person, and a URL left there (a scenarioOn target, closed after
 * its scenario) would be the next scenarios' server.
 */
function pointAt(context: E2eContext, server: ContractServer): () => void {
  const file = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(file, 'utf8');
  if (server.url !== context.contractUrl) {
    fs.writeFileSync(file, JSON.stringify({ ...(JSON.parse(original) as object), 'openhands.serverUrl': server.url }, null, 2));
  }
  return () => fs.writeFileSync(file, original);
}

/** The message and the first frames outside node's internals: enough to find the failing step. */
function shortStack(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const lines = (error.stack ?? error.message).split('\n');
  const firstFrame = lines.findIndex((line) => /^\s+at /.test(line));
  if (firstFrame < 0) return lines.join('\n    ');
  const frames = lines.slice(firstFrame).filter((line) => !line.includes('node:internal')).slice(0, 4);
  return [...lines.slice(0, firstFrame), ...frames].join('\n    ');
}

function selectedRuns(options: { targets: Pick<TargetSource, 'real'>; installed?: boolean; grep?: RegExp }): ScenarioRun[] {
  return plannedRuns(loadScenarios(), options.targets)
    .filter((r) => Boolean(r.scenario.installed) === Boolean(options.installed))
    .filter((r) => (options.grep ? options.grep.test(r.label) : !r.scenario.bench));
}

/** The lines whose real servers the real-server lane's selected scenarios are about: only those are started. */
export function selectedRealLines(grep: RegExp | undefined): ServerLine[] {
  return [...new Set(selectedRuns({ targets: { real: true }, ...(grep ? { grep } : {}) }).flatMap((r) => (r.line ? [r.line] : [])))];
}

/** What provision.sh installs for the real-server lane's selected scenarios (their `provision`). */
export function selectedProvisions(grep: RegExp | undefined): string[] {
  return [...new Set(selectedRuns({ targets: { real: true }, ...(grep ? { grep } : {}) }).flatMap((r) => (r.scenario.provision ? [r.scenario.provision] : [])))];
}

/** The locales of the scenarios this run selects: each gets its own code-server, after the others. */
export function selectedLocales(options: Pick<UiRunOptions, 'targets' | 'installed' | 'grep'>): string[] {
  return [...new Set(selectedRuns(options).flatMap((r) => (r.scenario.locale ? [r.scenario.locale] : [])))];
}

// A scenario runs once: one that fails only on a busy machine is a defect to find, not a run to repeat.
export async function runUiScenarios(options: UiRunOptions): Promise<Counts> {
  const selected = selectedRuns(options).filter((r) => r.scenario.locale === options.locale);
  const runs = selected.filter((r) => !r.realLaneOnly);
  const counts: Counts = { passed: 0, failed: 0 };
  const where = options.targets.real ? ' against real OpenHands servers' : options.locale ? ` under --locale ${options.locale}` : '';
  console.log(`UI scenarios${where} (${runs.length})`);
  for (const { label } of selected.filter((r) => r.realLaneOnly)) {
    console.log(`  - ${label}: no stand-in speaks this line; it runs in the real-server lane (npm run test:openhands)`);
  }
  for (const planned of runs) {
    if (isStopping()) break;
    const name = planned.label;
    const shot = path.relative(process.cwd(), path.join(options.resultsDir, `${slug(name)}.png`));
    const started = Date.now();
    try {
      await runOne(planned, options);
      counts.passed++;
      console.log(`  ✔ ${name} (${seconds(started)})`);
    } catch (error) {
      if (isStopping()) break; // interrupted: not a failure of the scenario
      counts.failed++;
      console.log(`  ✖ ${name} (${seconds(started)})\n    ${shortStack(error)}\n    screenshot: ${shot}`);
      const dump = (error as { failureDump?: string }).failureDump;
      if (dump) console.log(`    ${dump.split('\n').join('\n    ')}`);
    }
  }
  console.log(countsLine(counts));
  return counts;
}
