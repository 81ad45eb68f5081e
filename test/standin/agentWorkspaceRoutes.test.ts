// The stand-in's agent-server git/changes prints paths as the real one does (git without -z: C-quoted where a
// name holds a control, quote, backslash or non-ASCII byte), and the extension's reading gives the names back.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gitChanges } from '../support/standin/agentWorkspaceRoutes';
import { makeWorkspace, removeWorkspace } from '../support/standin/v1Workspace';
import type { V1ConversationRecord } from '../support/standin/v1Conversations';
import { GitChangeList, fileChanges } from '../../src/api/v1/gitChanges';

describe('the stand-in\'s git/changes', () => {
  it('C-quotes the paths real git quotes, exactly as git ls-files prints them', () => {
    const workspace = makeWorkspace();
    try {
      for (const name of ['café.txt', 'tab\tq"uote.txt', 'plain.txt']) writeFileSync(join(workspace, name), 'x');
      const printed = execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: workspace, encoding: 'utf8' }).trim().split('\n');
      const reply = gitChanges({ workspace, workingDir: '.' } as V1ConversationRecord, new URLSearchParams({ path: '.' }));
      const listed = GitChangeList.parse(JSON.parse(reply.body));
      assert.deepEqual(listed.map((c) => c.path).sort(), [...printed].sort());
      assert.deepEqual(fileChanges(listed).map((c) => c.path).sort(), ['café.txt', 'plain.txt', 'tab\tq"uote.txt']);
    } finally {
      removeWorkspace(workspace);
    }
  });
});
