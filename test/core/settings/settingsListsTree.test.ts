// The Settings view's LLM Profiles and Secrets groups: built from the client's lists where it offers them, the active
// profile marked (and offered no Activate), a secret by its name only, a line that says a list is empty, and a list that
// fails to read left out with the rest shown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LlmProfilesApi, ServerSecretsApi } from '../../../src/api/client';
import { readSettingsLists, settingsListGroups } from '../../../src/core/settings/settingsListsTree';
import { profileNameProblem, secretNameProblem } from '../../../src/core/settings/listNames';

const PROFILES = {
  profiles: [
    { name: 'fast', model: 'openai/gpt-4o-mini', baseUrl: null, apiKeySet: true },
    { name: 'local', model: 'ollama/qwen', baseUrl: 'http://127.0.0.1:11434', apiKeySet: false },
  ],
  active: 'fast',
};

describe('settingsListGroups', () => {
  it('a group per list the server keeps, none for one it does not', () => {
    assert.deepEqual(settingsListGroups({}).map((g) => g.id), []);
    assert.deepEqual(settingsListGroups({ secrets: [] }).map((g) => g.id), ['group:secrets']);
    assert.deepEqual(settingsListGroups({ profiles: PROFILES, secrets: [] }).map((g) => g.id), ['group:profiles', 'group:secrets']);
  });

  it('profiles: model as description, the active one marked and without the token Activate shows on', () => {
    const [group] = settingsListGroups({ profiles: PROFILES });
    assert.equal(group?.contextValue, 'group profiles');
    assert.deepEqual(group?.children?.map((p) => [p.label, p.description, p.contextValue, p.profile]), [
      ['fast', 'openai/gpt-4o-mini · active', 'profile activeProfile', 'fast'],
      ['local', 'ollama/qwen', 'profile', 'local'],
    ]);
    assert.match(group?.children?.[1]?.tooltip ?? '', /http:\/\/127\.0\.0\.1:11434\nno key/);
  });

  it('secrets: by name and description only; empty lists say so and carry their group\'s token (Save / Add)', () => {
    const [profiles, secrets] = settingsListGroups({ profiles: { profiles: [], active: null }, secrets: [{ name: 'NPM_TOKEN', description: null }, { name: 'GH', description: 'deploy' }] });
    assert.deepEqual(profiles?.children?.map((n) => [n.label, n.contextValue]), [['No LLM profiles', 'group profiles']]);
    assert.deepEqual(secrets?.children?.map((n) => [n.label, n.description, n.contextValue, n.serverSecret]), [['NPM_TOKEN', 'set', 'serverSecret', 'NPM_TOKEN'], ['GH', 'deploy', 'serverSecret', 'GH']]);
    const [, none] = settingsListGroups({ profiles: PROFILES, secrets: [] });
    assert.deepEqual(none?.children?.map((n) => [n.label, n.contextValue]), [['No secrets', 'group serverSecrets']]);
  });
});

describe('readSettingsLists', () => {
  const profiles = { list: async () => PROFILES } as unknown as LlmProfilesApi;
  const failing = { list: async () => { throw new Error('HTTP 500'); } } as unknown as ServerSecretsApi;

  it('reads what the client offers; a list that fails is left out and said, the other shown', async () => {
    const warned: string[] = [];
    const groups = await readSettingsLists({ llmProfiles: profiles, serverSecrets: failing }, (line) => warned.push(line));
    assert.deepEqual(groups.map((g) => g.id), ['group:profiles']);
    assert.deepEqual(warned, ['Reading the server\'s secrets failed: HTTP 500']);
    assert.deepEqual(await readSettingsLists({}, () => assert.fail()), []);
  });
});

describe('list names', () => {
  it('a profile name as the server takes it, and not one the list has', () => {
    assert.equal(profileNameProblem('gpt-4o.fast_1'), undefined);
    for (const bad of ['', '-x', '.x', 'a b', 'a/b', 'x'.repeat(65)]) assert.ok(profileNameProblem(bad), bad);
    assert.ok(profileNameProblem('fast', ['fast']));
  });

  it('a secret name is an environment variable\'s', () => {
    assert.equal(secretNameProblem('NPM_TOKEN'), undefined);
    for (const bad of ['', '1X', '_X', 'A-B', 'A.B', `A${'x'.repeat(64)}`]) assert.ok(secretNameProblem(bad), bad);
  });
});
