// The contract server (a stand-in for the OpenHands server) as the end-to-end runs start it.
import { startContractServer, type ContractServer } from '../standin/contractServer';

export type { ContractServer };

/** On a free loopback port, requiring `sessionApiKey`, with the /_test control routes host suites use. */
export function startE2eContractServer(sessionApiKey: string): Promise<ContractServer> {
  return startContractServer({ api: 'v0', host: '127.0.0.1', port: 0, sessionApiKey, controlApi: true });
}
