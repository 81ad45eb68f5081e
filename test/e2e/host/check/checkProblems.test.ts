// The problems a check's task matchers find, in the real VS Code: the check runs as a pseudoterminal task
// (CustomExecution) with the picked task's matchers, which VS Code applies to its output; a relative path lands on
// the workspace file, an absolute path in the copy is mapped to the workspace file in the check's own collection,
// and the next check clears it. Both are handed back as file, line, message for Send Failures to Agent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CheckProblems } from '../../../../src/vscode/check/checkProblems';
import { runInTerminal } from '../../../../src/vscode/check/checkTerminal';

describe('Check Changes: problem matchers', () => {
  it('files what $tsc matched on the workspace files, the copy\'s paths mapped, and clears them at the next check', async function () {
    this.timeout(60_000);
    const folder = vscode.workspace.workspaceFolders![0]!;
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'check-problems-'));
    fs.mkdirSync(path.join(copy, 'src'));
    fs.writeFileSync(path.join(copy, 'src', 'widget.ts'), 'a\nb\nc\nd\n');
    const problems = new CheckProblems();
    try {
      const task = { name: 'Check: matcher test', scope: folder, matchers: ['$tsc'] };
      const printed = `echo "src/widget.ts(3,5): error TS2322: relative one."; echo "$PWD/src/widget.ts(4,1): error TS1005: absolute one."; exit 2`;
      const first = await problems.during(copy, folder.uri, () => runInTerminal(task, { commandLine: printed, cwd: copy, timeoutMs: 30_000 }));
      assert.deepEqual([first.result.end, first.result.exitCode], ['failed', 2]);
      assert.deepEqual(first.problems.map((p) => `${p.path}:${p.line}: ${p.message}`).sort(),
        ['src/widget.ts:3: relative one.', 'src/widget.ts:4: absolute one.']);
      const file = vscode.Uri.joinPath(folder.uri, 'src', 'widget.ts');
      const shown = () => vscode.languages.getDiagnostics(file).map((d) => `${d.range.start.line + 1}: ${d.message}`).sort();
      assert.deepEqual(shown(), ['3: relative one.', '4: absolute one.']);
      const second = await problems.during(copy, folder.uri, () => runInTerminal(task, { commandLine: 'echo fine', cwd: copy, timeoutMs: 30_000 }));
      assert.deepEqual([second.result.end, second.problems], ['passed', []]);
      assert.deepEqual(shown(), [], 'the next check cleared the mapped problems, and the task system its own');
    } finally {
      problems.dispose();
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
