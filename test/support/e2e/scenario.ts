// A UI scenario: one file in test/e2e/ui/ named <something>.scenario.ts whose default export is
// `scenario('what a person does', async ({ workbench, server, context }) => { ... })` (or an array of them).
// Each scenario gets a fresh browser profile, a freshly loaded workbench with the extension from source (or,
// marked `installed`, from the installed .vsix), and a reset contract server. Its last screenshot is saved as test-results/e2e/<slug>.png.
import type { Page } from 'playwright-core';
import type { ContractServer } from './contract';
import type { E2eContext } from './context';
import type { Workbench } from './workbench';

export interface ScenarioContext {
  workbench: Workbench;
  page: Page;
  /** The contract server, in this process: its recorded requests, stored settings, faults. */
  server: ContractServer;
  context: E2eContext;
}

export interface UiScenario {
  name: string;
  /** Default 120 s: the page load and extension start are included. */
  timeoutMs?: number;
  /**
   * Runs on the packaged extension, installed from dist/openhands-conversations.vsix by code-server's CLI
   * (main.js --vsix, npm run test:vsix), and only there; the other scenarios load it from source.
   */
  installed?: boolean;
  run(scenarioContext: ScenarioContext): Promise<void>;
}

export function scenario(name: string, run: UiScenario['run'], options: { timeoutMs?: number; installed?: boolean } = {}): UiScenario {
  return { name, run, ...options };
}

/** File-name friendly form of a scenario name. */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
