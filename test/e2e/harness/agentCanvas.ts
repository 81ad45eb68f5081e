// Agent Canvas as a person runs it (`npx @openhands/agent-canvas --backend-only`), for the real-server lane's scenario
// about it: scripts/openhands/start-canvas.sh starts the launcher from .cache/openhands/canvas-<version> (provision.sh),
// with the HOME given, where Canvas itself writes its key file; stop.sh ends the launcher and everything it started.
// Stopped at the end of the run too (also on Ctrl-C), if the scenario did not.
import * as fs from 'node:fs';
import { assignment, script } from './openhandsScripts';
import { onCleanup } from './processes';

/** The Canvas release the scenario runs, and what provision.sh calls its install. */
export const CANVAS_VERSION = '1.20.0';
export const CANVAS_PROVISION = `canvas-${CANVAS_VERSION}`;

export interface AgentCanvas {
  /** Its ingress, the URL a person gives the extension. */
  readonly url: string;
  /** The agent server's release, as its /server_info names it. */
  readonly serverVersion: string;
  /** The launcher's pid, which leads its process group. */
  readonly pid: number;
  /** Seconds from the start script's spawn to the ingress answering /ready with the key file written. */
  readonly startSeconds: number;
  /**
   * The processes of this Canvas ("pid command" each): the launcher and all it started, which leave its process group
   * (it spawns each service detached) but carry the OPENHANDS_STATE_DIR start-canvas.sh gave it.
   */
  processes(): string[];
  /** Ends the launcher and what it started, and removes its state folder (not the key files under HOME). */
  stop(): Promise<void>;
}

/** The live processes whose environment holds `variable` (NAME=VALUE). */
function marked(variable: string): string[] {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    try {
      if (!fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(variable)) return [];
      return [`${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`];
    } catch {
      return []; // ended meanwhile, or not ours to read
    }
  });
}

export async function startAgentCanvas(home: string): Promise<AgentCanvas> {
  const began = Date.now();
  const printed = await script('start-canvas.sh', ['--home', home, '--version', CANVAS_VERSION]);
  const startSeconds = (Date.now() - began) / 1000;
  const dir = assignment(printed, 'OPENHANDS_DIR');
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= script('stop.sh', [dir]).then(() => undefined));
  onCleanup(() => stop().catch((error: unknown) => console.error(`  ${String(error)}`)));
  return {
    url: assignment(printed, 'OPENHANDS_URL'), serverVersion: assignment(printed, 'OPENHANDS_SERVER_VERSION'),
    pid: Number(assignment(printed, 'OPENHANDS_PID')), startSeconds, stop,
    processes: () => marked(`OPENHANDS_STATE_DIR=${dir}`),
  };
}
