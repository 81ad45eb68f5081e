import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Incoming, Outgoing, PROVIDER_TYPES, TASK_TYPES, mcpUrlProblem, stdioCommandProblem, stdioNameProblem,
} from '../../../src/api/v0/schemas';

describe('schemas', () => {
  it('have the exact enum values of the interface', () => {
    assert.deepEqual([...PROVIDER_TYPES], ['github', 'gitlab', 'bitbucket', 'enterprise_sso']);
    assert.deepEqual([...TASK_TYPES], ['MERGE_CONFLICTS', 'FAILING_CHECKS', 'UNRESOLVED_COMMENTS', 'OPEN_ISSUE', 'OPEN_PR', 'CREATE_MICROAGENT']);
  });

  it('list all 25 settings fields', () => {
    assert.equal(Object.keys(Outgoing.Settings.shape).length, 25);
  });

  it('refuse unknown keys and wrong-case enums in what is sent', () => {
    assert.equal(Outgoing.ConversationRequest.safeParse({ conversation: 'x' }).success, false);
    assert.equal(Outgoing.ConversationRequest.safeParse({ git_provider: 'GitHub' }).success, false);
    assert.equal(Outgoing.Settings.safeParse({ max_iterations: 2.5 }).success, false);
    assert.equal(Outgoing.Settings.safeParse({ enable_default_condenser: null }).success, false);
  });

  it('keep unknown fields of what is read, apply defaults, and fail on a missing required field', () => {
    const parsed = Incoming.LoadedSettings.parse({ llm_api_key_set: false, future_field: 1 });
    assert.equal((parsed as Record<string, unknown>).future_field, 1);
    assert.deepEqual([parsed.enable_default_condenser, parsed.enable_sound_notifications, parsed.search_api_key_set], [true, false, false]);
    assert.equal(Incoming.LoadedSettings.safeParse({}).success, false);
    assert.equal(Incoming.ConversationResponse.safeParse({ status: 'ok' }).success, false);
    assert.equal(Incoming.ConversationResponse.parse({ status: 'ok', conversation_id: 'a', conversation_status: 'PAUSED' }).conversation_status, 'PAUSED');
  });

  it('judge MCP URLs, stdio names and commands as the server does', () => {
    const cases: [string | undefined, string | undefined][] = [
      [mcpUrlProblem('http://a.b/sse'), undefined],
      [mcpUrlProblem(' ws://h:1/x '), undefined],
      [mcpUrlProblem('a.b/sse'), 'URL must include a scheme (http:// or https://)'],
      [mcpUrlProblem('ftp://a.b'), 'URL scheme must be http, https, ws, or wss'],
      [mcpUrlProblem('  '), 'URL cannot be empty'],
      [mcpUrlProblem('http://'), 'URL must include a valid domain/host'],
      [mcpUrlProblem('http:a.b'), 'URL must include a valid domain/host'],
      [mcpUrlProblem('localhost:8080'), 'URL must include a valid domain/host'],
      // A URL parser finds a host in these; the server's urlsplit does not, and answers 422.
      [mcpUrlProblem('http:example.com'), 'URL must include a valid domain/host'],
      [mcpUrlProblem('https:/example.com/sse'), 'URL must include a valid domain/host'],
      [mcpUrlProblem('http:\\\\example.com'), 'URL must include a valid domain/host'],
      [mcpUrlProblem('http:///example.com'), 'URL must include a valid domain/host'],
      [stdioNameProblem('my server'), 'Server name can only contain letters, numbers, hyphens, and underscores'],
      [stdioNameProblem(' '), 'Server name cannot be empty'],
      [stdioNameProblem('fs-tools_2'), undefined],
      [stdioCommandProblem('npx -y'), 'Command should be a single executable without spaces (use arguments field for parameters)'],
      [stdioCommandProblem('npx'), undefined],
    ];
    for (const [actual, expected] of cases) assert.equal(actual, expected);
  });
});
