// The V1 statuses read into the view's one word: every pair the server can report, and a newer server's new words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationState } from '../../../src/api/model/conversations';
import { AppConversation, EXECUTION_STATUSES, type SANDBOX_STATUSES, v1ServerStatus, v1State, v1Summary } from '../../../src/api/v1/conversationList';

describe('V1 conversation state', () => {
  it('a RUNNING sandbox: the execution status decides', () => {
    const expected: Record<(typeof EXECUTION_STATUSES)[number], ConversationState> = {
      idle: 'waiting', running: 'running', paused: 'paused', waiting_for_confirmation: 'waiting', finished: 'finished',
      error: 'error', stuck: 'error', deleting: 'stopped',
    };
    for (const status of EXECUTION_STATUSES) assert.equal(v1State('RUNNING', status), expected[status], status);
    assert.equal(v1State('RUNNING', null), 'starting', 'no execution status yet: the agent server is not answering yet');
  });

  it('any other sandbox status decides alone (the server gives no execution status then)', () => {
    const expected: Record<Exclude<(typeof SANDBOX_STATUSES)[number], 'RUNNING'>, ConversationState> = {
      STARTING: 'starting', PAUSED: 'paused', ERROR: 'error', MISSING: 'stopped',
    };
    for (const [status, state] of Object.entries(expected)) {
      assert.equal(v1State(status, null), state, status);
      assert.equal(v1State(status, 'running'), state, `${status} with a stale execution status`);
    }
  });

  it('words this client does not know are unknown, never a guess', () => {
    assert.equal(v1State('HIBERNATING', null), 'unknown');
    assert.equal(v1State('RUNNING', 'thinking'), 'unknown');
    assert.equal(v1State('RUNNING', 'constructor'), 'unknown', 'an inherited property name is not a status');
  });

  it('the server words are kept as given', () => {
    assert.equal(v1ServerStatus('RUNNING', 'waiting_for_confirmation'), 'RUNNING / waiting_for_confirmation');
    assert.equal(v1ServerStatus('PAUSED', null), 'PAUSED');
  });

  it('a summary has the fields the view shows and no session key; a missing title is the server\'s default', () => {
    const conversation = AppConversation().parse({
      id: 'a1b2c3d4'.repeat(4), sandbox_id: 's', title: null, selected_repository: 'octo/widgets', selected_branch: 'main',
      created_at: '2026-11-23T10:00:00Z', updated_at: '2026-11-23T10:01:00Z', sandbox_status: 'RUNNING', execution_status: 'finished',
      session_api_key: 'sk-session-secret-0123456789', conversation_url: 'http://localhost:1/api/conversations/x',
    });
    const summary = v1Summary(conversation);
    assert.deepEqual(summary, {
      id: 'a1b2c3d4'.repeat(4), title: 'Conversation a1b2c', repository: 'octo/widgets', branch: 'main',
      createdAt: '2026-11-23T10:00:00Z', updatedAt: '2026-11-23T10:01:00Z', state: 'finished', serverStatus: 'RUNNING / finished',
    });
    assert.ok(!JSON.stringify(summary).includes('sk-session-secret'));
  });
});
