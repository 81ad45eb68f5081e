// What package.json declares so that a cloned repository cannot steer the extension: VS Code enforces these
// scopes, so the test checks that they are declared.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
};

describe('package.json', () => {
  it("declares openhands.serverUrl machine-scoped: a workspace's settings.json cannot point the key elsewhere", () => {
    assert.equal(manifest.contributes.configuration.properties['openhands.serverUrl']?.scope, 'machine');
  });

  it('reads conversation instructions and git host mappings only from user settings in an untrusted workspace', () => {
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.sort(), ['openhands.conversationInstructions', 'openhands.gitHosts']);
  });
});

describe('README.md', () => {
  it('links nothing by a relative path: the packaged README has no repository to resolve it against (vsce refuses)', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const relative = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]).filter((target) => !/^(https?:|mailto:|#)/.test(target));
    assert.deepEqual(relative, []);
  });
});
