// What VS Code's exit does to the local agent server. The design:
// - The server is shared by every window of this VS Code. A window that has used it (started it, found it, or
//   connected to its URL) leaves a file named by its extension host's pid in the users folder (windowUsers.ts).
// - When a window goes (deactivate), it removes its file. If another window that used the server still lives, nothing
//   happens: the server is stopped by the last of them, not by one of several.
// - The last one cannot tell a Reload Window (a new extension host comes back within seconds) from VS Code's exit,
//   and its extension host ends soon after deactivate. So it leaves a small detached process (the reaper, below) that
//   waits a grace period, then looks again: a window that came back (a reload, a new window) has written its file,
//   and the server stays; else the reaper acts on the plan the last window made while it could still ask the server.
// - The plan: stop, unless a conversation is running, or the window could not tell (the server did not answer in
//   time, or the window had no client of it): then the server is kept. The question is asked through a client made
//   while the window used the server (ServerExit.prepare): VS Code disposes the extension's subscriptions (the server
//   session, whose requests it cancels) as it calls deactivate, and the secret storage that holds the key and the log
//   channel are closed by then; asked through the session, every exit kept the server (seen in code-server). At exit nothing may ask a modal, so the
//   reaper marks the state file (keptAtExit) and the next window that uses the server says it was kept running,
//   with Stop the Local Agent Server (serverUse.ts). Work in flight is never ended by closing a window.
import type { CommandLine } from './runner';
import type { ServerLayout } from './serverEnv';

/** Past a Reload Window's return on a loaded machine (the new host writes its file right after activation). */
export const EXIT_GRACE_MS = 45_000;
/** How long the last window asks the server whether a conversation runs: VS Code gives deactivate 5 s in all. */
export const EXIT_QUESTION_MS = 4_000;
const STOP_GRACE_MS = 10_000;

export type ExitPlan =
  /** Another window still uses it, or it does not run: nothing to do. */
  | 'none'
  | 'stop'
  /** A conversation runs, or none could be asked: kept, and said at the next start. */
  | 'keep';

export interface ExitFacts {
  /** The server's process group lives. */
  readonly serverRunning: boolean;
  /** Other live extension hosts that have used it. */
  readonly otherUsers: number;
  /** Conversations running on it; undefined when the server could not be asked. */
  readonly runningConversations: number | undefined;
  /** Why it could not be asked, for the log. */
  readonly unasked?: string;
}

export function planAtExit(facts: ExitFacts): ExitPlan {
  if (!facts.serverRunning || facts.otherUsers > 0) return 'none';
  return facts.runningConversations === 0 ? 'stop' : 'keep';
}

/** Why the plan, in the reaper's words in the server's log. */
export function planReason(facts: ExitFacts): string {
  if (facts.runningConversations === undefined) return `it could not be asked whether a conversation runs: ${facts.unasked ?? 'not known'}`;
  return facts.runningConversations === 0 ? 'no conversation runs on it' : `${facts.runningConversations} conversation(s) run on it`;
}

// The reaper: plain JavaScript run by `node -e` (the extension host's own executable as Node), detached from the
// extension host so that it outlives it. Its arguments: the state file, the users folder, the grace in ms, the
// server's pid it was made for, the plan, the stop's grace, why the window made that plan. It acts only if no user
// file of a live process is there after the grace, and only on the server it was made for (a server started
// meanwhile has another pid). What it finds and does goes to the server's log, a channel of the extension's log.
const REAPER_SOURCE = `
const fs = require('node:fs');
const [stateFile, usersDir, grace, forPid, plan, stopGrace, why] = process.argv.slice(1);
const alive = (pid, group) => { try { process.kill(group ? -pid : pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const say = (what) => console.log('[VS Code exit] ' + what);
say('the last window that used it went: ' + plan + ' (' + why + '), unless a window uses it again within ' + grace + ' ms');
const write = (state) => { fs.writeFileSync(stateFile + '.reaper', JSON.stringify(state)); fs.renameSync(stateFile + '.reaper', stateFile); };
setTimeout(() => {
  let users = [];
  try { users = fs.readdirSync(usersDir); } catch {}
  if (users.some((name) => /^\\d+$/.test(name) && alive(Number(name), false))) return say('a window uses it again: it stays');
  let state;
  try { state = JSON.parse(fs.readFileSync(stateFile, 'utf8')); } catch { return; }
  const pid = Number(forPid);
  if (state.pid !== pid || !alive(pid, true)) return say('the server it was left for has ended');
  if (plan === 'keep') { write({ ...state, keptAtExit: true }); return say(why + ': it stays'); }
  write({ port: state.port, release: state.release });
  say('no window uses it: stopping it');
  try { process.kill(-pid, 'SIGTERM'); } catch { return; }
  const until = Date.now() + Number(stopGrace);
  const timer = setInterval(() => {
    if (!alive(pid, true)) { clearInterval(timer); return; }
    if (Date.now() < until) return;
    clearInterval(timer);
    try { process.kill(-pid, 'SIGKILL'); } catch {}
  }, 200);
}, Number(grace));
`;

/**
 * The reaper's command line for the server `pid` and `plan` ('stop' or 'keep'), `why` the window made it (for the
 * log). `nodeExecutable` is the extension host's executable; `ELECTRON_RUN_AS_NODE` (in reaperEnvironment) makes
 * VS Code's own binary run as Node.
 */
export function reaperCommand(nodeExecutable: string, layout: ServerLayout, pid: number, plan: Exclude<ExitPlan, 'none'>, why: string, graceMs = EXIT_GRACE_MS): CommandLine {
  return { command: nodeExecutable, args: ['-e', REAPER_SOURCE, layout.stateFile, layout.users, String(graceMs), String(pid), plan, String(STOP_GRACE_MS), why] };
}

export function reaperEnvironment(base: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return { PATH: base.PATH ?? '', ELECTRON_RUN_AS_NODE: '1' };
}
