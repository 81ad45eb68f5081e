import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CancelledError, NetworkError, RedirectError, TimeoutError } from '../../../src/api/http/transportErrors';
import { NotKeptError } from '../../../src/api/settingsErrors';
import { ServerError, UnauthorizedError, ValidationError } from '../../../src/api/http/statusErrors';
import { StartFailedError } from '../../../src/api/conversationErrors';
import { UnsupportedServerError } from '../../../src/api/detectErrors';
import { actionTitle, actionsFor } from '../../../src/core/platform/errorActions';
import { ConversationGoneError, RunCapacityError } from '../../../src/api/agentRefusals';

const request = { method: 'GET', path: '/api/settings', baseUrl: 'http://127.0.0.1:3000' };

describe('actionsFor', () => {
  it('offers the action that fixes each failure first', () => {
    assert.deepEqual(actionsFor(new UnauthorizedError(request, 401, 'session'))[0], 'setApiKey');
    assert.deepEqual(actionsFor(new NetworkError({ ...request, baseUrl: 'https://openhands.example.com' }, 'refused', 'ECONNREFUSED'))[0], 'retry');
    assert.deepEqual(actionsFor(new TimeoutError(request, 1000))[0], 'retry');
    assert.deepEqual(actionsFor(new ValidationError(request, [], 'server')), ['showLog']);
    assert.deepEqual(actionsFor(new ServerError(request, 400, 'CONFIGURATION$SETTINGS_NOT_FOUND', 'x')), ['configureSettings']);
    assert.deepEqual(actionsFor(new ServerError(request, 400, 'STATUS$ERROR_LLM_AUTHENTICATION', 'x')), ['setLlmApiKey']);
    assert.deepEqual(actionsFor(new ServerError(request, 400, 'STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR', 'x')), ['startWithoutRepository', 'openServerSettings']);
    assert.deepEqual(actionsFor(new ServerError(request, 503, undefined, undefined)), ['retry', 'showLog']);
    assert.deepEqual(actionsFor(new ServerError(request, 400, undefined, 'a refusal without a msg_id')), ['showLog'], 'a 4xx fails again on Retry');
    assert.deepEqual(actionsFor(new CancelledError(request)), []);
  });

  it('offers Start a Local Agent Server where nothing answers at this machine\'s default URL, and only there', () => {
    const refused = (baseUrl: string) => actionsFor(new NetworkError({ ...request, baseUrl }, 'refused', 'ECONNREFUSED'), 'http://127.0.0.1:43123');
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://127.0.0.1:8000', 'http://127.0.0.1:43123']) {
      assert.deepEqual(refused(url), ['startLocalServer', 'retry', 'openServerUrlSetting', 'showLog'], url);
    }
    for (const url of ['http://openhands.example.com:3000', 'https://localhost:3000', 'http://localhost:5000', 'http://192.168.1.5:3000', 'http://127.0.0.1:3000/openhands', 'http://127.0.0.1:43124']) {
      assert.ok(!refused(url).includes('startLocalServer'), url);
    }
    // A server of this machine that answers, slowly or with a refusal, is running: nothing to start.
    assert.ok(!actionsFor(new TimeoutError(request, 1000)).includes('startLocalServer'));
    assert.ok(!actionsFor(new UnauthorizedError(request, 401, 'session')).includes('startLocalServer'));
    assert.equal(actionTitle('startLocalServer', undefined), 'Start a Local Agent Server');
  });

  it('on an agent server: a conversation deleted offers Refresh Conversations (not the server URL); full capacity Retry', () => {
    assert.deepEqual(actionsFor(new ConversationGoneError(request)), ['refreshConversations', 'showLog']);
    assert.deepEqual(actionsFor(new RunCapacityError(request, true)), ['retry', 'showLog']);
  });
});

describe('actions after a redirect to another origin', () => {
  const moved = new RedirectError(request, 308, 'other_origin', 'https://new.example/api/settings', 'https://new.example');

  it('a server that moved: "Use <new URL>" first, then Retry and Show Log', () => {
    assert.deepEqual(actionsFor(moved), ['useServerUrl', 'retry', 'showLog']);
    assert.equal(actionTitle('useServerUrl', moved), 'Use https://new.example');
    assert.equal(actionTitle('retry', moved), 'Retry');
  });

  it('a login page, a downgrade or a loop: no URL to use, the setting to check instead', () => {
    for (const error of [
      new RedirectError(request, 302, 'other_origin', 'https://idp.example/login', undefined),
      new RedirectError(request, 301, 'downgrade', 'http://127.0.0.1:3000/api/settings', undefined),
      new RedirectError(request, 307, 'too_many', 'http://127.0.0.1:3000/api/settings', undefined),
    ]) assert.deepEqual(actionsFor(error), ['openServerUrlSetting', 'retry', 'showLog']);
  });
});

describe('actions for a failed conversation start', () => {
  const repo = { repository: 'octo/widgets', gitProvider: 'github' };

  it('a repository start that fails without a reason (V1 ERROR, V0 500): start without it or add the token, no useless Retry', () => {
    assert.deepEqual(actionsFor(new StartFailedError(request, '', repo)), ['startWithoutRepository', 'openServerSettings', 'showLog']);
    assert.deepEqual(actionsFor(new StartFailedError(request, '', repo, { status: 500 })), ['startWithoutRepository', 'openServerSettings', 'showLog']);
  });

  it('an ERROR with a reason, one without a repository, or a start that stalled: Retry and Show Log', () => {
    assert.deepEqual(actionsFor(new StartFailedError(request, '500: Agent Server Failed to start properly', repo)), ['retry', 'showLog']);
    assert.deepEqual(actionsFor(new StartFailedError(request, '', {})), ['retry', 'showLog']);
    assert.deepEqual(actionsFor(new StartFailedError(request, 'WORKING', repo, { stalled: true })), ['retry', 'showLog']);
  });

  it('a server that speaks neither API: change the URL; a save the server did not keep: the log', () => {
    assert.deepEqual(actionsFor(new UnsupportedServerError(request, '9.0.0')), ['openServerUrlSetting', 'showLog']);
    assert.deepEqual(actionsFor(new NotKeptError(request, ['git_user_name'])), ['showLog']);
  });
});
