// How long gathering a file's repository context takes (git API lookup, remote parsing, provider choice,
// pre-flight warnings): the median of 100 runs of ConversationTargets.resolve, which every Start Conversation
// and Send File as Message waits for before the input opens. Target: 50 ms at most.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { serverWith, token } from '../../harness/host/conversationSupport';
import { e2eContext, testingApi } from '../../harness/host/support';

const RUNS = 100;
const TARGET_MS = 50;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

describe('repository context time', () => {
  it(`median of ${RUNS} runs for a file is at most ${TARGET_MS} ms`, async function () {
    this.timeout(120_000);
    await serverWith({ github: token('github') });
    const { targets } = await testingApi();
    const file = vscode.Uri.file(path.join(e2eContext().workspaceFolder, 'src', 'widget.ts'));
    const first = await targets.resolve(file); // loads the git API once, as the first command of a session does
    assert.equal(first.repository, 'octo/widgets', 'the context measured is not the workspace repository');
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const target = await targets.resolve(file);
      times.push(performance.now() - started);
      assert.equal(target.repository, 'octo/widgets');
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = (sorted[RUNS / 2 - 1]! + sorted[RUNS / 2]!) / 2;
    console.log(
      `      repository context for a file: median ${median.toFixed(2)} ms, p90 ${percentile(sorted, 90).toFixed(2)} ms, ` +
        `max ${sorted.at(-1)!.toFixed(2)} ms over ${RUNS} runs (target <= ${TARGET_MS} ms)`,
    );
    assert.ok(median <= TARGET_MS, `median ${median.toFixed(2)} ms is over ${TARGET_MS} ms`);
  });
});
