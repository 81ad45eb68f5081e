// Runs every UI scenario file (out/test/e2e/ui/*.scenario.js) against the workbench, one fresh
// browser context each, and prints one line per scenario plus the "N passed, N failed" line.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { newPage } from './browser';
import type { CodeServer } from './codeServer';
import type { ContractServer } from './contract';
import type { E2eContext } from './context';
import { UI_SCENARIOS_DIR } from './paths';
import { isStopping } from './processes';
import { countsLine, seconds, type Counts } from './report';
import { slug, type UiScenario } from './scenario';
import { Workbench } from './workbench';

export interface UiRunOptions {
  browser: Browser;
  codeServer: CodeServer;
  extensionPath: string;
  server: ContractServer;
  context: E2eContext;
  resultsDir: string;
  /** Only scenarios whose name matches. */
  grep?: RegExp;
  /** The extension is installed from the .vsix: run the `installed` scenarios, without a development path. */
  installed?: boolean;
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

async function runOne(scenario: UiScenario, options: UiRunOptions): Promise<void> {
  const { context: browserContext, page } = await newPage(options.browser);
  const workbench = new Workbench(page, path.join(options.resultsDir, slug(scenario.name)));
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  let timer: NodeJS.Timeout | undefined;
  const timeoutMs = scenario.timeoutMs ?? 120_000;
  try {
    await options.server.reset();
    const steps = (async () => {
      const payload = [['extensionDevelopmentPath', options.codeServer.remoteUri(options.extensionPath)]] as const;
      await workbench.open(options.codeServer.workbenchUrl(options.installed ? undefined : payload));
      await scenario.run({ workbench, page, server: options.server, context: options.context });
    })();
    await Promise.race([
      steps,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    if (pageErrors.length > 0) {
      (error as Error).message += `\n    page errors:\n      ${pageErrors.slice(0, 5).join('\n      ')}`;
    }
    throw error;
  } finally {
    clearTimeout(timer);
    await workbench.screenshot().catch((error) => {
      if (!isStopping()) console.error(`    screenshot failed: ${String(error)}`);
    });
    await browserContext.close();
  }
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

/**
 * A failed scenario is run once more in a fresh browser context against a reset server: browser timing on a
 * busy 2-core machine now and then defeats a step that holds. One that fails twice fails the run; one that
 * passes on its second attempt is listed as flaky, its first failure kept in the log and a screenshot.
 */
const ATTEMPTS = 2;

export async function runUiScenarios(options: UiRunOptions): Promise<Counts> {
  const scenarios = loadScenarios()
    .filter((s) => Boolean(s.installed) === Boolean(options.installed))
    .filter((s) => !options.grep || options.grep.test(s.name));
  const counts: Counts = { passed: 0, failed: 0 };
  const flaky: string[] = [];
  console.log(`UI scenarios (${scenarios.length})`);
  for (const scenario of scenarios) {
    const shot = path.relative(process.cwd(), path.join(options.resultsDir, `${slug(scenario.name)}.png`));
    for (let attempt = 1; attempt <= ATTEMPTS && !isStopping(); attempt++) {
      const started = Date.now();
      try {
        await runOne(scenario, options);
        counts.passed++;
        if (attempt > 1) flaky.push(scenario.name);
        console.log(`  ✔ ${scenario.name} (${seconds(started)})${attempt > 1 ? ` on attempt ${attempt}` : ''}`);
        break;
      } catch (error) {
        if (isStopping()) break; // interrupted: not a failure of the scenario
        if (attempt < ATTEMPTS) {
          const kept = shot.replace(/\.png$/, `.attempt-${attempt}.png`);
          if (fs.existsSync(shot)) fs.renameSync(shot, kept);
          console.log(`  ↻ ${scenario.name} (${seconds(started)}) failed on attempt ${attempt}, running it again\n    ${shortStack(error)}\n    screenshot: ${kept}`);
          continue;
        }
        counts.failed++;
        console.log(`  ✖ ${scenario.name} (${seconds(started)})\n    ${shortStack(error)}\n    screenshot: ${shot}`);
      }
    }
    if (isStopping()) break;
  }
  if (flaky.length > 0) console.log(`flaky (passed on a second attempt): ${flaky.length}\n  ${flaky.join('\n  ')}`);
  console.log(countsLine(counts));
  return counts;
}
