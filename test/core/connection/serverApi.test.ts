import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UnsupportedServerError } from '../../../src/api/detectErrors';
import { stateForError } from '../../../src/core/connection/connectionState';
import { describeServerApi } from '../../../src/core/connection/serverApi';

describe('describeServerApi', () => {
  it('names the version and the API, per operation where they differ', () => {
    assert.equal(describeServerApi({ version: '1.11.0', settings: 'v1', conversations: 'v1' }), 'OpenHands 1.11.0, V1 API');
    assert.equal(describeServerApi({ version: '1.6.0', settings: 'v0', conversations: 'v1' }), 'OpenHands 1.6.0, V0 settings, V1 conversations');
    assert.equal(describeServerApi({ version: undefined, settings: 'v0', conversations: 'v0' }), 'OpenHands, V0 API');
  });

  it('an OpenHands Agent Server by its own name, from what the client says it is', () => {
    assert.equal(describeServerApi({ version: '1.58.2', product: 'agent-server', settings: 'agent', conversations: 'agent' }), 'OpenHands Agent Server 1.58.2');
    assert.equal(describeServerApi({ version: undefined, product: 'agent-server', settings: 'agent', conversations: 'agent' }), 'OpenHands Agent Server');
  });

  it('a server that speaks neither API leaves the extension in its own state', () => {
    assert.equal(stateForError(new UnsupportedServerError({ method: 'GET', path: '/openapi.json', baseUrl: 'http://x' }, undefined), true), 'unsupported');
  });
});
