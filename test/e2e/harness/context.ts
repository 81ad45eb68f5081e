// What a run tells its suites: written by the harness as JSON in the run folder, its path passed to
// code-server (and so to every extension host) in an environment variable. Host suites read it with
// readE2eContext(); UI scenarios get the same object. Node built-ins only: host suites load this file too.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';

export const CONTEXT_ENV = 'OPENHANDS_E2E_CONTEXT';

export interface E2eContext {
  /** Base URL of the contract server (also the extension's openhands.serverUrl). */
  contractUrl: string;
  /** Base URL of the run's V1 stand-in (OpenHands 1.11.0's API), for the suites run against both lines. */
  v1ContractUrl: string;
  /** The session API key the contract server requires. */
  sessionApiKey: string;
  workspaceFolder: string;
  remoteUrl: string;
  branch: string;
  /** code-server's --user-data-dir (User/ and Machine/ settings live there). */
  userDataDir: string;
  runFolder: string;
  /**
   * This run's secret marker (`e2e-secret-<random>`): every key a suite sets comes from secretFor(name), so the
   * scan after the run (secretScan.ts) finds any of them that reached a log, a settings or state file, or output.
   */
  secretMarker: string;
  /** A listener at another origin (elsewhere.ts) that must receive nothing, and the file it records into. */
  elsewhereUrl: string;
  elsewhereRecord: string;
}

export function newSecretMarker(): string {
  return `e2e-secret-${randomBytes(6).toString('hex')}`;
}

/** A key for this run named `name`: `<marker>-<name>`. Host suites leave `marker` out (read from the context). */
export function secretFor(name: string, marker: string = readE2eContext().secretMarker): string {
  return `${marker}-${name}`;
}

export function writeE2eContext(file: string, context: E2eContext): void {
  fs.writeFileSync(file, `${JSON.stringify(context, null, 2)}\n`);
}

export function readE2eContext(): E2eContext {
  const file = process.env[CONTEXT_ENV];
  if (!file) throw new Error(`${CONTEXT_ENV} is not set: run the suites with npm run test:e2e`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as E2eContext;
}
