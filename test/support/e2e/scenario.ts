// A UI scenario: one file in test/e2e/ui/ named <something>.scenario.ts whose default export is
// `scenario('what a person does', async ({ workbench, server, context }) => { ... })` (or an array of them).
// Each scenario gets a fresh browser profile, a freshly loaded workbench with the extension from source,
// and a reset contract server. Its last screenshot is saved as test-results/e2e/<slug>.png.
import type { Page } from 'playwright-core';
import { E2E_LINES, type ContractServer, type E2eLine } from './contract';
import type { E2eContext } from './context';
import type { Workbench } from './workbench';

export interface ScenarioContext {
  workbench: Workbench;
  page: Page;
  /** The contract server of the scenario's line, in this process: its recorded requests, stored settings, faults. */
  server: ContractServer;
  /** Which API line `server` speaks; the extension's server URL points at it when the workbench loads. */
  line: E2eLine;
  context: E2eContext;
}

export interface UiScenario {
  name: string;
  /** Default 120 s: the page load and extension start are included. */
  timeoutMs?: number;
  /** The stand-in it runs against: the V0 one (default) or the V1 one. */
  line?: E2eLine;
  run(scenarioContext: ScenarioContext): Promise<void>;
}

export function scenario(name: string, run: UiScenario['run'], options: { timeoutMs?: number; line?: E2eLine } = {}): UiScenario {
  return { name, run, ...options };
}

/** One scenario run against each API line's stand-in (a matrix), named with the line. */
export function onEachLine(name: string, run: UiScenario['run'], options: { timeoutMs?: number } = {}): UiScenario[] {
  return E2E_LINES.map((line) => scenario(`${name} (${line})`, run, { ...options, line }));
}

/** File-name friendly form of a scenario name. */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
