// The V0 statuses (0.54.0's status and runtime_status) read into the view's one word.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { V0ConversationInfo, v0ServerStatus, v0State, v0Summary } from '../../../src/api/v0/conversationList';

describe('V0 conversation state', () => {
  it('the agent loop status decides, the runtime adds only its failures', () => {
    assert.equal(v0State('STARTING', null), 'starting');
    assert.equal(v0State('STARTING', 'STATUS$BUILDING_RUNTIME'), 'starting');
    assert.equal(v0State('RUNNING', 'STATUS$READY'), 'running');
    assert.equal(v0State('RUNNING', null), 'running');
    assert.equal(v0State('STOPPED', null), 'stopped');
    for (const failure of ['STATUS$ERROR', 'STATUS$ERROR_LLM_AUTHENTICATION', 'STATUS$ERROR_RUNTIME_DISCONNECTED',
      'STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR', 'CHAT_INTERFACE$AGENT_RATE_LIMITED_STOPPED_MESSAGE']) {
      assert.equal(v0State('RUNNING', failure), 'error', failure);
      assert.equal(v0State('STOPPED', failure), 'error', failure);
    }
    assert.equal(v0State('PAUSED', null), 'unknown', 'a word 0.54.0 does not have');
  });

  it('the server words, the runtime status without its STATUS$ prefix', () => {
    assert.equal(v0ServerStatus('RUNNING', 'STATUS$READY'), 'RUNNING / READY');
    assert.equal(v0ServerStatus('STOPPED', null), 'STOPPED');
  });

  it('a summary has the fields the view shows and never the conversation\'s session key', () => {
    const info = V0ConversationInfo().parse({
      conversation_id: 'abc123', title: 'Fix the tests', last_updated_at: '2026-11-23T10:01:00Z', created_at: '2026-11-23T10:00:00Z',
      status: 'RUNNING', runtime_status: 'STATUS$READY', selected_repository: null, selected_branch: null,
      session_api_key: 'sk-session-secret-0123456789', url: 'http://localhost:1/api/conversations/abc123',
    });
    const summary = v0Summary(info);
    assert.deepEqual(summary, {
      id: 'abc123', title: 'Fix the tests', repository: null, branch: null, createdAt: '2026-11-23T10:00:00Z',
      updatedAt: '2026-11-23T10:01:00Z', state: 'running', serverStatus: 'RUNNING / READY',
    });
    assert.ok(!JSON.stringify(summary).includes('sk-session-secret'));
  });
});
