import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NotFoundError, RateLimitedError, ServerError, UnauthorizedError, ValidationError, errorForStatus } from '../../../src/api/http/statusErrors';

const request = { method: 'POST', path: '/api/conversations', baseUrl: 'http://127.0.0.1:3000' };

describe('errorForStatus', () => {
  it('maps 401 and 403 to unauthorized, saying whether a key was sent', () => {
    const refused = errorForStatus(request, 401, { detail: 'Unauthorized' }, null, 'session');
    assert.ok(refused instanceof UnauthorizedError && refused.keySent);
    assert.match(refused.message, /refused the session API key/);
    assert.match(errorForStatus(request, 403, {}, null, undefined).message, /requires a session API key/);
    const cloud = errorForStatus(request, 401, {}, null, 'cloud');
    assert.ok(cloud instanceof UnauthorizedError && cloud.keySent);
    assert.match(cloud.message, /refused the OpenHands Cloud API key/);
    assert.doesNotMatch(cloud.message, /SESSION_API_KEY/);
  });

  it('reads the field paths of a FastAPI 422 body', () => {
    const error = errorForStatus(request, 422, { detail: [
      { type: 'extra_forbidden', loc: ['body', 'conversation_id'], msg: 'Extra inputs are not permitted', input: 'x' },
      { type: 'value_error', loc: ['body', 'mcp_config', 'sse_servers', 0, 'url'], msg: 'Value error, URL cannot be empty', input: ' ' },
    ] }, null, 'session');
    assert.ok(error instanceof ValidationError);
    assert.deepEqual(error.issues, [
      { path: 'conversation_id', message: 'Extra inputs are not permitted' },
      { path: 'mcp_config.sse_servers.0.url', message: 'URL cannot be empty' },
    ]);
  });

  it('keeps Retry-After of a 429', () => {
    const error = errorForStatus(request, 429, { message: 'Too many requests' }, '1', 'session');
    assert.ok(error instanceof RateLimitedError && error.retryAfterSeconds === 1);
  });

  it('names the three known refusals of a conversation by their msg_id', () => {
    const reasons = [
      ['CONFIGURATION$SETTINGS_NOT_FOUND', 'Settings not found', 'settings_not_found'],
      ['STATUS$ERROR_LLM_AUTHENTICATION', 'Error authenticating with the LLM provider. Please check your API key', 'llm_authentication'],
      ['STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR', 'Unable to access repo octo/widgets', 'git_provider_authentication'],
    ];
    for (const [msgId, message, reason] of reasons) {
      const error = errorForStatus(request, 400, { status: 'error', message, msg_id: msgId }, null, 'session');
      assert.ok(error instanceof ServerError);
      assert.equal(error.reason, reason);
      assert.equal(error.msgId, msgId);
    }
    assert.match(errorForStatus(request, 400, { msg_id: 'STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR', message: 'Unable to access repo octo/widgets' }, null, 'session').message, /octo\/widgets/);
  });

  it('reads a plain-text 500 and a 404', () => {
    const crash = errorForStatus(request, 500, 'Internal Server Error', null, 'session');
    assert.ok(crash instanceof ServerError && crash.reason === 'other');
    assert.match(crash.message, /HTTP 500/);
    assert.ok(errorForStatus(request, 404, { detail: 'Not Found' }, null, 'session') instanceof NotFoundError);
  });

  it('a 404 a route gave itself (V1: "Conversation … not found") is the server\'s refusal in its words, not a wrong URL', () => {
    const gone = errorForStatus(request, 404, { detail: 'Conversation 0000 not found' }, null, 'session');
    assert.ok(gone instanceof ServerError && gone.status === 404);
    assert.match(gone.message, /HTTP 404\): Conversation 0000 not found/);
  });
});
