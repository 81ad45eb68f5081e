import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as z from 'zod/mini';
import { PROVIDER_TYPES, TASK_TYPES, type ConversationRequest, type ConversationResponse } from '../../../src/api/model/conversations';
import { SETTINGS_FIELDS, type LoadedSettings, type Settings } from '../../../src/api/model/settings';
import { Incoming, Outgoing } from '../../../src/api/v0/schemas';

/** True when each type is assignable to the other: the wire shape and the model's hold the same fields. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('schemas', () => {
  it('are the model\'s shapes, field for field: what V0 reads is the model once parsed, what it sends once checked', () => {
    // Checked when the tests compile: a field added on one side only makes one of these false.
    // (The field names too: an optional field on one side only would still leave the types assignable.)
    const same: [
      Same<z.infer<ReturnType<typeof Outgoing>["Settings"]>, Settings>,
      Same<keyof z.infer<ReturnType<typeof Outgoing>["Settings"]>, keyof Settings>,
      Same<z.output<ReturnType<typeof Incoming>["LoadedSettings"]>, LoadedSettings>,
      Same<z.infer<ReturnType<typeof Outgoing>["ConversationRequest"]>, ConversationRequest>,
      Same<keyof z.infer<ReturnType<typeof Outgoing>["ConversationRequest"]>, keyof ConversationRequest>,
      Same<z.output<ReturnType<typeof Incoming>["ConversationResponse"]>, ConversationResponse>,
    ] = [true, true, true, true, true, true];
    assert.ok(same.every(Boolean));
  });

  it('have the exact enum values of the interface', () => {
    assert.deepEqual([...PROVIDER_TYPES], ['github', 'gitlab', 'bitbucket', 'enterprise_sso']);
    assert.deepEqual([...TASK_TYPES], ['MERGE_CONFLICTS', 'FAILING_CHECKS', 'UNRESOLVED_COMMENTS', 'OPEN_ISSUE', 'OPEN_PR', 'CREATE_MICROAGENT']);
  });

  it('list all 25 settings fields, as the model names them and in its order', () => {
    assert.equal(Object.keys(Outgoing().Settings.shape).length, 25);
    assert.deepEqual(Object.keys(Outgoing().Settings.shape), [...SETTINGS_FIELDS]);
  });

  it('refuse unknown keys and wrong-case enums in what is sent', () => {
    assert.equal(Outgoing().ConversationRequest.safeParse({ conversation: 'x' }).success, false);
    assert.equal(Outgoing().ConversationRequest.safeParse({ git_provider: 'GitHub' }).success, false);
    assert.equal(Outgoing().Settings.safeParse({ max_iterations: 2.5 }).success, false);
    assert.equal(Outgoing().Settings.safeParse({ enable_default_condenser: null }).success, false);
  });

  it('keep unknown fields of what is read, apply defaults, and fail on a missing required field', () => {
    const parsed = Incoming().LoadedSettings.parse({ llm_api_key_set: false, future_field: 1 });
    assert.equal((parsed as Record<string, unknown>).future_field, 1);
    assert.deepEqual([parsed.enable_default_condenser, parsed.enable_sound_notifications, parsed.search_api_key_set], [true, false, false]);
    assert.equal(Incoming().LoadedSettings.safeParse({}).success, false);
    assert.equal(Incoming().ConversationResponse.safeParse({ status: 'ok' }).success, false);
    assert.equal(Incoming().ConversationResponse.parse({ status: 'ok', conversation_id: 'a', conversation_status: 'PAUSED' }).conversation_status, 'PAUSED');
  });
});
