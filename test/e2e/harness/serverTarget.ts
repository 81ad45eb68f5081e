// The OpenHands server a scenario is about, whichever it is: one scenario, run against the stand-in of a release
// line in `npm test` and against the real server of that line in `npm run test:openhands` (the real-server lane,
// main.ts --real). A scenario sees only what a person sees of it: its URL, its key, how the extension names it.
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { until } from '../../support/until';
import { startContractServer } from '../../support/standin/contractServer';
import { hasStandIn, STAND_IN_API, type E2eLine, type ServerLine } from './contract';
import { assignment, script } from './openhandsScripts';
import { onCleanup } from './processes';


export interface ServerTarget {
  /** "stand-in 0.54.0", "real 1.11.0": in the scenario's name in the report. */
  readonly name: string;
  readonly real: boolean;
  readonly line: ServerLine;
  readonly url: string;
  readonly sessionApiKey: string;
  /** How the Settings view names the server once it read its openapi.json. */
  readonly apiLabel: string;
  /** Makes it as new for the next scenario: no settings, no tokens, no conversations. */
  fresh(): Promise<void>;
  /**
   * The real server only: killed with SIGKILL (a crash, the machine's power gone), then `again()` starts it on the
   * same port with the same state folder (and the same key), with `env` (NAME=VALUE) added when given.
   */
  readonly crash?: () => Promise<{ again(env?: readonly string[]): Promise<void> }>;
  close(): Promise<void>;
}

/** The agent server's release: 1.58.2, or the one `ui-lane.sh --agent-version=V` asks for (1.49.1: Agent Canvas 1.20.0's pin). */
const AGENT_VERSION = process.env.OPENHANDS_AGENT_VERSION || '1.58.2';
const VERSIONS: Record<ServerLine, string> = { v0: '0.54.0', v1: '1.11.0', agent: `agent server ${AGENT_VERSION}` };
/** How the extension names each line's real server (the stand-in serves the real 0.54.0's and 1.11.0's openapi.json). */
const REAL_API: Record<ServerLine, string> = { ...STAND_IN_API, agent: `OpenHands Agent Server ${AGENT_VERSION}` };
/** Each line's start script in scripts/openhands; each prints OPENHANDS_URL and OPENHANDS_DIR, stop.sh ends it. */
const START_SCRIPTS: Record<ServerLine, string> = { v0: 'start.sh', v1: 'start-v1.sh', agent: 'start-agent.sh' };

/** "0.54.0", "agent server 1.58.2": the server of a line, stand-in or real. */
export function lineName(line: ServerLine): string {
  return VERSIONS[line];
}

/** "stand-in 0.54.0", "real 1.11.0", "real agent server 1.58.2". */
export function targetName(real: boolean, line: ServerLine): string {
  return `${real ? 'real' : 'stand-in'} ${lineName(line)}`;
}

/** The stand-in of `line` on a free loopback port, requiring `sessionApiKey`. */
export async function startStandInTarget(line: E2eLine, sessionApiKey: string): Promise<ServerTarget> {
  const server = await startContractServer({ api: line, host: '127.0.0.1', port: 0, sessionApiKey });
  return {
    name: targetName(false, line), real: false, line, url: server.url, sessionApiKey, apiLabel: STAND_IN_API[line],
    fresh: async () => server.reset(),
    close: () => server.close(),
  };
}

/** SIGKILL to the process group of the server whose state folder is `dir` (start scripts run it under setsid), and waits until it is gone. */
async function killGroup(dir: string): Promise<void> {
  const pid = Number((await readFile(path.join(dir, 'pid'), 'utf8')).trim());
  process.kill(-pid, 'SIGKILL');
  await until(`the server ${pid} to be gone`, () => { try { process.kill(pid, 0); return undefined; } catch { return true; } }, 10_000);
}

export interface RealServerStart {
  readonly target: ServerTarget;
  /** Seconds from the start script's launch to the server's first answer on /alive, each start. */
  readonly startSeconds: number[];
}

/**
 * The real server of `line` from .cache/openhands (scripts/openhands/start.sh for 0.54.0, start-v1.sh for 1.11.0
 * with RUNTIME=process, start-agent.sh for the agent server 1.58.2), on 127.0.0.1, a fresh state folder (file store,
 * OH_PERSISTENCE_DIR) each start; stopped with stop.sh at the end of the run, also on Ctrl-C. fresh() restarts it
 * on the same port once a scenario used it.
 */
export async function startRealTarget(line: ServerLine, sessionApiKey: string): Promise<RealServerStart> {
  const startScript = START_SCRIPTS[line];
  const startSeconds: number[] = [];
  let dir = '';
  let url = '';
  const launch = async (port?: string, same: { dir: string; env: readonly string[] } = { dir: '', env: [] }) => {
    const began = Date.now();
    const version = line === 'agent' ? ['--version', AGENT_VERSION] : [];
    const kept = [...(same.dir ? ['--dir', same.dir] : []), ...same.env.flatMap((variable) => ['--env', variable])];
    const printed = await script(startScript, ['--key', sessionApiKey, ...version, ...(port ? ['--port', port] : []), ...kept], { secret: sessionApiKey });
    startSeconds.push((Date.now() - began) / 1000);
    dir = assignment(printed, 'OPENHANDS_DIR');
    url = assignment(printed, 'OPENHANDS_URL');
  };
  const stop = async () => {
    if (!dir) return;
    const stopping = dir;
    dir = '';
    await script('stop.sh', [stopping]).catch((error: unknown) => console.error(`  ${String(error)}`));
  };
  await launch();
  onCleanup(stop);
  let used = false;
  const target: ServerTarget = {
    name: targetName(true, line), real: true, line, sessionApiKey, apiLabel: REAL_API[line],
    get url() { return url; },
    fresh: async () => {
      if (used) {
        await stop();
        await launch(new URL(url).port);
      }
      used = true;
    },
    crash: async () => {
      const port = new URL(url).port;
      const kept = dir;
      await killGroup(kept);
      return { again: (env: readonly string[] = []) => launch(port, { dir: kept, env }) };
    },
    close: stop,
  };
  return { target, startSeconds };
}

/** The real servers of `lines` (those the selected scenarios are about), started side by side. */
export async function startRealTargets(lines: readonly ServerLine[], keyFor: (line: ServerLine) => string): Promise<Map<ServerLine, RealServerStart>> {
  const started = await Promise.all(lines.map(async (line) => [line, await startRealTarget(line, keyFor(line))] as const));
  return new Map(started);
}

/** Where the scenarios made with scenarioOn get their server for one run of a scenario. */
export interface TargetSource {
  readonly real: boolean;
  acquire(line: ServerLine): Promise<{ target: ServerTarget; release(): Promise<void> }>;
}

/** npm test: a new stand-in of the line for every scenario, closed after it. */
export function standInTargets(sessionApiKey: string): TargetSource {
  return {
    real: false,
    acquire: async (line) => {
      if (!hasStandIn(line)) throw new Error(`no stand-in speaks the ${line} line: its scenarios run in the real-server lane only`);
      const target = await startStandInTarget(line, sessionApiKey);
      return { target, release: () => target.close() };
    },
  };
}

/** The real-server lane: the line's real server, started once, fresh for every scenario. */
export function realTargets(started: ReadonlyMap<ServerLine, RealServerStart>): TargetSource {
  return {
    real: true,
    acquire: async (line) => {
      const target = started.get(line)?.target;
      if (!target) throw new Error(`no real server of the ${line} line was started`);
      await target.fresh();
      return { target, release: async () => undefined };
    },
  };
}
