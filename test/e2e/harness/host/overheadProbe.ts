// The extension-host entry of the overhead bench (harness/overheadBench.ts), not a suite: in a real extension host,
// the client's overhead over a bare fetch of the same request, both with the fetch the extension passes its client
// there (VS Code's global fetch, src/vscode/connection/serverSession.ts), on the host's own Node.
import * as vscode from 'vscode';
import { clientOverhead } from '../../../../bench/clientOverhead';

export async function run(): Promise<void> {
  const overhead = await clientOverhead((input, init) => globalThis.fetch(input, init));
  console.log(`overhead=${JSON.stringify({ ...overhead, vscode: vscode.version, node: process.version })}`);
  console.log('1 passed, 0 failed');
}
