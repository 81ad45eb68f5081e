// The client as the product builds it, for tests that make one for a known line without detecting it: the
// adapters connectClient loads from loadedLines.js for a V1 or agent server are given at once.
import { createClient as createProductClient, V0_SERVER, type ClientOptions } from '../../src/api/createClient';
import type { OpenHandsClient, ServerApi } from '../../src/api/client';
import { loadedLines } from '../../src/api/loadedLines';

export function createClient(options: ClientOptions, api: ServerApi = V0_SERVER): OpenHandsClient {
  return createProductClient(options, api, loadedLines);
}
