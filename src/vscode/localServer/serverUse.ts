// This window's use of the local agent server, which VS Code's exit counts (the design: core/localServer/exitPlan.ts).
// The window is a user once its server URL is the running local server's (right after activation, on a server
// switch) or Start has connected it; then the exit's question is prepared (ServerExit.prepare), and a server the
// last exit kept running is said once.
import type { ServerLayout } from '../../core/localServer/serverEnv';
import { localServerUrl } from '../../core/localServer/serverEntry';
import { processAlive, readState } from '../../core/localServer/stateFile';
import { markUser } from '../../core/localServer/windowUsers';
import type { ServerSession } from '../connection/serverSession';
import { Disposable } from '../platform/lifecycle';
import type { ServerExit } from './serverExit';

export class ServerUse extends Disposable {
  private usedIt = false;
  /** The local server's URL, once its state file was read: the connection error offers to start it there. */
  knownUrl: string | undefined;

  constructor(private readonly layout: ServerLayout, private readonly session: ServerSession, private readonly exit: Pick<ServerExit, 'prepare' | 'sayKept'>) {
    super();
    this.register(session.onDidChangeServer(() => void this.check()));
  }

  /** Whether this window has used the server: only such a window acts on it at exit. */
  get used(): boolean { return this.usedIt; }

  /** Marks this window a user when its server URL is the running local server's. */
  async check(): Promise<void> {
    const state = await readState(this.layout.stateFile);
    if (state) this.knownUrl = localServerUrl(state.port);
    if (!state?.pid || !processAlive(state.pid) || this.session.serverUrl !== localServerUrl(state.port)) return;
    await this.join();
  }

  /** Marks this window a user of the running server (Start calls it once connected). */
  async join(): Promise<void> {
    await markUser(this.layout.users);
    this.usedIt = true;
    const state = await readState(this.layout.stateFile);
    if (!state) return;
    this.knownUrl = localServerUrl(state.port);
    if (state.keptAtExit && state.pid) void this.exit.sayKept({ ...state, pid: state.pid });
    await this.exit.prepare(this.knownUrl);
  }
}
