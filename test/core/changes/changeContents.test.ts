// exactSides on hand-made changes: a file over 5 MB is listed, not diffed; an agent file that no longer matches the
// patch is refused, never shown as if it were the base.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentServerApi } from '../../../src/api/client';
import { exactSides } from '../../../src/core/changes/changeContents';
import type { LoadedChanges } from '../../../src/core/changes/changeLoader';
import { parsePatch } from '../../../src/core/changes/patchParser';

const PATCH = 'diff --git a/big.txt b/big.txt\n--- a/big.txt\n+++ b/big.txt\n@@ -1 +1 @@\n-old\n+new\n';

function changesWith(agentBytes: Uint8Array): LoadedChanges {
  const parsed = parsePatch(Buffer.from(PATCH));
  const agent = { fileBytes: async () => agentBytes } as unknown as AgentServerApi;
  return {
    conversationId: 'c', base: { ref: 'HEAD', reason: 'head' }, files: parsed.files, refused: [], malformed: [],
    patch: { bytes: Buffer.from(PATCH), files: new Map(parsed.files.map((f) => [f.path, f])), agent },
  };
}

describe('exactSides', () => {
  it('gives the base undone from the agent\'s bytes', async () => {
    assert.deepEqual(await exactSides(changesWith(Buffer.from('new\n')), 'big.txt'), { kind: 'text', base: 'old\n', agent: 'new\n', encoding: 'utf8' });
  });

  it('lists a file over 5 MB without diffing it', async () => {
    const huge = Buffer.concat([Buffer.from('new\n'), Buffer.alloc(5 * 1024 * 1024, 'x')]);
    assert.match(JSON.stringify(await exactSides(changesWith(huge), 'big.txt')), /larger than 5 MB/);
  });

  it('refuses an agent file that no longer matches the patch (LF where the patch had CRLF, or edited since)', async () => {
    assert.match(JSON.stringify(await exactSides(changesWith(Buffer.from('new\r\n')), 'big.txt')), /changed in the agent's workspace/);
  });
});
