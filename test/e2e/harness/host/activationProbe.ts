// The extension-host entry of the activation bench (harness/activationBench.ts), not a suite: in a freshly
// started extension host it waits for the extension's activation and prints how long activate() took, in wall time
// and in the host's CPU time, and how long the first settings load's start took right after it.
import { testingApi } from './support';

export async function run(): Promise<void> {
  const { activation } = await testingApi();
  console.log(`activationMs=${activation.ms.toFixed(2)} cpuMs=${activation.cpuMs.toFixed(2)} firstLoadMs=${activation.firstLoadMs.toFixed(2)}`);
  console.log('1 passed, 0 failed');
}
