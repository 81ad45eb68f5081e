// What `npm run demo` makes of its V1 stand-in, so a newcomer's first conversation runs to its end: each agent run
// started by a message ends `finished` after `runMs` (the stand-in's agent is scripted: it does no work yet), and
// the server has a github token, so the workspace's repository (github) starts without a refusal.
import type { ContractServer } from './contract';

export const DEMO_AGENT_RUN_MS = 20_000;

export function prepareDemoServer(server: ContractServer, runMs = DEMO_AGENT_RUN_MS): void {
  server.setAgentTiming({ runMs, endsAs: 'finished' });
  server.seedProviderTokens({ github: { token: 'demo-github-token' } });
}
