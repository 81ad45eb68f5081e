// A UI scenario: one file in test/e2e/ui/ named <something>.scenario.ts whose default export is
// `scenario('what a person does', async ({ workbench, server, context }) => { ... })` (or an array of them).
// Each scenario gets a fresh browser profile, a freshly loaded workbench with the extension from source (or,
// marked `installed`, from the installed .vsix), and a reset contract server. Its last screenshot is saved as
// test-results/e2e/<slug>.png.
// A scenario made with scenarioOn(lines, ...) is about a server of each of those release lines, its `target`: a
// fresh stand-in of the line in `npm test`, the real server of the line in the real-server lane (main.ts --real).
import type { Page } from 'playwright-core';
import { E2E_LINES, type ContractServer, type E2eLine, type ServerLine } from './contract';
import type { E2eContext } from './context';
import type { ServerTarget } from './serverTarget';
import type { Workbench } from './workbench';

export interface ScenarioContext {
  workbench: Workbench;
  page: Page;
  /** The contract server of the scenario's line, in this process: its recorded requests, stored settings, faults. */
  server: ContractServer;
  /** Which API line `server` speaks; the extension's server URL points at it when the workbench loads. */
  line: E2eLine;
  context: E2eContext;
  /** The server of the scenario's line (scenarioOn); undefined for the others. */
  target: ServerTarget | undefined;
}

export interface UiScenario {
  name: string;
  /** Default 120 s: the page load and extension start are included. */
  timeoutMs?: number;
  /** The stand-in it runs against: the V0 one (default) or the V1 one. */
  line?: E2eLine;
  /**
   * Run once per line, against that line's server as `target`; absent: once, against the run's stand-in only. A
   * line no stand-in speaks (the agent server's) runs in the real-server lane only.
   */
  lines?: readonly ServerLine[];
  /**
   * Runs on the packaged extension, installed from dist/openhands-conversations.vsix by code-server's CLI
   * (main.js --vsix, npm run test:vsix), and only there; the other scenarios load it from source.
   */
  installed?: boolean;
  /**
   * Runs in its own code-server started with `--locale <locale>` on a copy of the extension that carries
   * pseudo-localized bundles (pseudoLocale.ts), after the other scenarios; the workbench waits for nothing of ours.
   */
  locale?: string;
  /** The stand-in serves a web UI, as the Docker image does; without, it answers as PyPI's server (none). */
  webUi?: boolean;
  /** A measurement for `npm run bench`: run only when a --grep names it, never in the test run. */
  bench?: boolean;
  /** VS Code's chat on, with the test-only language model (chat.ts): for scenarios that talk to @openhands. */
  chat?: boolean;
  /**
   * About a server that the extension itself starts ('the extension': Start a Local Agent Server; code-server gets uv
   * and its cache from .cache, localAgentServer.ts) or the scenario does (Agent Canvas, as a person runs it): who, as
   * its label in the real-server lane says. Runs there only, with no server started for it.
   */
  startsItsOwnServer?: string;
  /** What provision.sh installs for it (OPENHANDS_VERSION), in the real-server lane, when it is selected. */
  provision?: string;
  run(scenarioContext: ScenarioContext): Promise<void>;
}

export function scenario(
  name: string, run: UiScenario['run'],
  options: { timeoutMs?: number; line?: E2eLine; installed?: boolean; locale?: string; webUi?: boolean; chat?: boolean; bench?: boolean; startsItsOwnServer?: string; provision?: string } = {},
): UiScenario {
  return { name, run, ...options };
}

/** One scenario run against each API line's stand-in (a matrix), named with the line. */
export function onEachLine(name: string, run: UiScenario['run'], options: { timeoutMs?: number; webUi?: boolean } = {}): UiScenario[] {
  return E2E_LINES.map((line) => scenario(`${name} (${line})`, run, { ...options, line }));
}

/** A scenario about a server of each of `lines`, stand-in or real: it reaches the server only as a person does. */
export function scenarioOn(
  lines: readonly ServerLine[], name: string, run: (scenarioContext: ScenarioContext & { target: ServerTarget }) => Promise<void>,
  options: { timeoutMs?: number } = {},
): UiScenario {
  return {
    name, lines, ...options,
    run: (scenarioContext) => {
      const { target } = scenarioContext;
      if (!target) throw new Error(`${name}: the runner gave no server target`);
      return run({ ...scenarioContext, target });
    },
  };
}

/** File-name friendly form of a scenario name. */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
