// The contract server (a stand-in for the OpenHands server) as the end-to-end runs start it.
import { startContractServer, type ContractServer } from '../../support/standin/contractServer';

export type { ContractServer };

/** The API lines the suites run against as a matrix: 0.5x (V0) and a current 1.x (V1 only). */
export type E2eLine = 'v0' | 'v1';
export const E2E_LINES: readonly E2eLine[] = ['v0', 'v1'];

/**
 * Every server line a scenario can be about: the stand-in's lines, and the OpenHands Agent Server's. The stand-in
 * serves only where a real server cannot, and a real agent server runs here: the agent line has no stand-in, so its
 * scenarios run in the real-server lane only (`npm run test:openhands`), and `npm test` says so.
 */
export type ServerLine = E2eLine | 'agent';

/** Whether the stand-in speaks `line` (the others' scenarios run in the real-server lane only). */
export function hasStandIn(line: ServerLine): line is E2eLine {
  return (E2E_LINES as readonly ServerLine[]).includes(line);
}

/** Each line's routes of the settings and of a conversation's start. */
export const LINE_PATHS: Record<E2eLine, { readonly settingsPath: string; readonly startPath: string }> = {
  v0: { settingsPath: '/api/settings', startPath: '/api/conversations' },
  v1: { settingsPath: '/api/v1/settings', startPath: '/api/v1/app-conversations' },
};

/** How the Settings view names each line's stand-in, which serves the real server's openapi.json. */
export const STAND_IN_API: Record<E2eLine, string> = { v0: 'OpenHands 0.54.0, V0 API', v1: 'OpenHands 1.11.0, V1 API' };

/** On a free loopback port, requiring `sessionApiKey`, with the /_test control routes host suites use. */
export function startE2eContractServer(sessionApiKey: string, api: E2eLine = 'v0'): Promise<ContractServer> {
  return startContractServer({ api, host: '127.0.0.1', port: 0, sessionApiKey, controlApi: true });
}
