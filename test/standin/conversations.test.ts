// POST /api/conversations: the request model (extra='forbid', enums), then the handler's order of checks:
// suggested task prompt, repository access, saved metadata, settings, LLM key (contract §3, checklist item 6).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startContractServer } from '../support/standin/contractServer';
import { post, serve } from '../support/standin/testClient';

const CRASH = 'Internal Server Error';
const NO_SETTINGS = '{"status":"error","message":"Settings not found","msg_id":"CONFIGURATION$SETTINGS_NOT_FOUND"}';
const LLM_AUTH =
  '{"status":"error","message":"Error authenticating with the LLM provider. Please check your API key","msg_id":"STATUS$ERROR_LLM_AUTHENTICATION"}';
const noAccess = (repo: string) =>
  `{"status":"error","message":"Unable to access repo ${repo}","msg_id":"STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR"}`;
const OK = /^\{"status":"ok","conversation_id":"([0-9a-f]{32})","message":null,"conversation_status":"STARTING"\}$/;
const task = (fields: Record<string, unknown>) =>
  JSON.stringify({ suggested_task: { git_provider: 'github', task_type: 'MERGE_CONFLICTS', repo: 'o/r', issue_number: 1, title: 't', ...fields } });

// [body as sent, status, exact answer], answers of the real request model
const CASES: [string, number, string][] = [
  ['{"conversation_id": "abc"}', 422, '{"detail":[{"type":"extra_forbidden","loc":["body","conversation_id"],"msg":"Extra inputs are not permitted","input":"abc"}]}'],
  ['{"zz": 1, "repository": 5, "aa": 2}', 422, '{"detail":[{"type":"string_type","loc":["body","repository"],"msg":"Input should be a valid string","input":5},{"type":"extra_forbidden","loc":["body","zz"],"msg":"Extra inputs are not permitted","input":1},{"type":"extra_forbidden","loc":["body","aa"],"msg":"Extra inputs are not permitted","input":2}]}'],
  ['{"git_provider": "GitHub"}', 422, '{"detail":[{"type":"enum","loc":["body","git_provider"],"msg":"Input should be \'github\', \'gitlab\', \'bitbucket\' or \'enterprise_sso\'","input":"GitHub","ctx":{"expected":"\'github\', \'gitlab\', \'bitbucket\' or \'enterprise_sso\'"}}]}'],
  ['{"git_provider": "azure_devops"}', 422, '{"detail":[{"type":"enum","loc":["body","git_provider"],"msg":"Input should be \'github\', \'gitlab\', \'bitbucket\' or \'enterprise_sso\'","input":"azure_devops","ctx":{"expected":"\'github\', \'gitlab\', \'bitbucket\' or \'enterprise_sso\'"}}]}'],
  ['{"image_urls": "http://x"}', 422, '{"detail":[{"type":"list_type","loc":["body","image_urls"],"msg":"Input should be a valid list","input":"http://x"}]}'],
  ['{"image_urls": [1]}', 422, '{"detail":[{"type":"string_type","loc":["body","image_urls",0],"msg":"Input should be a valid string","input":1}]}'],
  ['{"suggested_task": {}}', 422, '{"detail":[{"type":"missing","loc":["body","suggested_task","git_provider"],"msg":"Field required","input":{}},{"type":"missing","loc":["body","suggested_task","task_type"],"msg":"Field required","input":{}},{"type":"missing","loc":["body","suggested_task","repo"],"msg":"Field required","input":{}},{"type":"missing","loc":["body","suggested_task","issue_number"],"msg":"Field required","input":{}},{"type":"missing","loc":["body","suggested_task","title"],"msg":"Field required","input":{}}]}'],
  ['{"suggested_task": 5}', 422, '{"detail":[{"type":"model_attributes_type","loc":["body","suggested_task"],"msg":"Input should be a valid dictionary or object to extract fields from","input":5}]}'],
  ['{"suggested_task": {"git_provider": "github", "task_type": "merge_conflicts", "repo": "a/b", "issue_number": "3", "title": "t"}}', 422, '{"detail":[{"type":"enum","loc":["body","suggested_task","task_type"],"msg":"Input should be \'MERGE_CONFLICTS\', \'FAILING_CHECKS\', \'UNRESOLVED_COMMENTS\', \'OPEN_ISSUE\', \'OPEN_PR\' or \'CREATE_MICROAGENT\'","input":"merge_conflicts","ctx":{"expected":"\'MERGE_CONFLICTS\', \'FAILING_CHECKS\', \'UNRESOLVED_COMMENTS\', \'OPEN_ISSUE\', \'OPEN_PR\' or \'CREATE_MICROAGENT\'"}}]}'],
  ['{"create_microagent": {}}', 422, '{"detail":[{"type":"missing","loc":["body","create_microagent","repo"],"msg":"Field required","input":{}}]}'],
  ['{"create_microagent": {"repo": "a/b", "git_provider": "GitLab"}}', 422, '{"detail":[{"type":"enum","loc":["body","create_microagent","git_provider"],"msg":"Input should be \'github\', \'gitlab\', \'bitbucket\' or \'enterprise_sso\'","input":"GitLab","ctx":{"expected":"\'github\', \'gitlab\', \'bitbucket\' or \'enterprise_sso\'"}}]}'],
  ['{"mcp_config": {"foo": 1}}', 422, '{"detail":[{"type":"extra_forbidden","loc":["body","mcp_config","foo"],"msg":"Extra inputs are not permitted","input":1}]}'],
  ['{"replay_json": 5}', 422, '{"detail":[{"type":"string_type","loc":["body","replay_json"],"msg":"Input should be a valid string","input":5}]}'],
  ['[]', 422, '{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":[]}]}'],
  ['null', 422, '{"detail":[{"type":"missing","loc":["body"],"msg":"Field required","input":null}]}'],
];

describe('POST /api/conversations validation', () => {
  const ctx = serve({ api: 'v0' });

  for (const [body, status, expected] of CASES) {
    it(`${body} -> ${status}`, async () => {
      const answer = await post(ctx.url, '/api/conversations', body);
      assert.equal(answer.status, status);
      assert.equal(answer.text, expected);
    });
  }
});

describe('POST /api/conversations', () => {
  const ctx = serve({ api: 'v0' });
  const withKey = (key = 'sk') => post(ctx.url, '/api/settings', JSON.stringify({ llm_api_key: key }));

  it('answers 400 SETTINGS_NOT_FOUND before any settings are stored', async () => {
    const answer = await post(ctx.url, '/api/conversations', '{"initial_user_msg":"hi"}');
    assert.equal(answer.status, 400);
    assert.equal(answer.text, NO_SETTINGS);
    assert.equal(answer.headers.get('content-type'), 'application/json');
  });

  for (const key of [null, '', '   ', '\t\n']) {
    it(`answers 400 ERROR_LLM_AUTHENTICATION for the stored key ${JSON.stringify(key)}`, async () => {
      await post(ctx.url, '/api/settings', JSON.stringify({ llm_api_key: key }));
      const answer = await post(ctx.url, '/api/conversations', '{}');
      assert.equal(answer.status, 400);
      assert.equal(answer.text, LLM_AUTH);
    });
  }

  it('starts a conversation: uuid4 hex id, message null, STARTING; every call gets a new id', async () => {
    await withKey();
    const first = await post(ctx.url, '/api/conversations', '{"initial_user_msg":"hello","image_urls":[],"selected_branch":"main"}');
    assert.equal(first.status, 200);
    const id = OK.exec(first.text)?.[1];
    assert.ok(id, first.text);
    assert.match(id, /^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    const second = await post(ctx.url, '/api/conversations', '{}');
    assert.notEqual(OK.exec(second.text)?.[1], id);
  });

  it('a repository with no provider token ever stored crashes (ProviderHandler(None))', async () => {
    await withKey();
    const answer = await post(ctx.url, '/api/conversations', '{"repository":"o/r"}');
    assert.equal(answer.status, 500);
    assert.equal(answer.text, CRASH);
    assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
  });

  it('a repository no stored token reaches is 400 Unable to access repo', async () => {
    await withKey();
    ctx.server.seedProviderTokens({ github: { token: 'ghp', repositories: ['o/other'] }, enterprise_sso: { token: 'sso' } });
    const answer = await post(ctx.url, '/api/conversations', '{"repository":"o/r","git_provider":"enterprise_sso"}');
    assert.equal(answer.status, 400);
    assert.equal(answer.text, noAccess('o/r'));
  });

  it('an empty token set (secrets file present) is 400, not 500', async () => {
    await withKey();
    ctx.server.seedProviderTokens({});
    assert.equal((await post(ctx.url, '/api/conversations', '{"repository":"o/r"}')).text, noAccess('o/r'));
  });

  it('a reachable repository starts, whichever provider is named', async () => {
    await withKey();
    ctx.server.seedProviderTokens({ gitlab: { token: 'glpat', repositories: ['g/r'] }, github: { token: 'ghp' } });
    assert.match((await post(ctx.url, '/api/conversations', '{"repository":"any/repo"}')).text, OK);
    assert.match((await post(ctx.url, '/api/conversations', '{"repository":"g/r","git_provider":"bitbucket"}')).text, OK);
  });

  it('the repository check runs before the settings check', async () => {
    ctx.server.seedProviderTokens({ github: { token: 'ghp', repositories: [] } });
    assert.equal((await post(ctx.url, '/api/conversations', '{"repository":"o/r"}')).text, noAccess('o/r'));
    assert.equal((await post(ctx.url, '/api/conversations', '{"repository":""}')).text, NO_SETTINGS);
  });

  it('create_microagent.repo stands in for a missing repository', async () => {
    await withKey();
    ctx.server.seedProviderTokens({ github: { token: 'ghp', repositories: ['o/r'] } });
    assert.equal((await post(ctx.url, '/api/conversations', '{"create_microagent":{"repo":"m/r"}}')).text, noAccess('m/r'));
    assert.match((await post(ctx.url, '/api/conversations', '{"repository":"o/r","create_microagent":{"repo":"m/r"}}')).text, OK);
  });

  for (const taskType of ['OPEN_PR', 'CREATE_MICROAGENT']) {
    it(`a suggested task ${taskType} crashes before anything else`, async () => {
      const answer = await post(ctx.url, '/api/conversations', task({ task_type: taskType }));
      assert.equal(answer.status, 500);
      assert.equal(answer.text, CRASH);
    });
  }

  it('a suggested task for enterprise_sso crashes', async () => {
    await withKey();
    assert.equal((await post(ctx.url, '/api/conversations', task({ git_provider: 'enterprise_sso' }))).text, CRASH);
  });

  it('a supported suggested task starts (issue_number coerced)', async () => {
    await withKey();
    assert.match((await post(ctx.url, '/api/conversations', task({ task_type: 'OPEN_ISSUE', issue_number: '3' }))).text, OK);
  });
});

describe('POST /api/conversations with ALLOW_SET_CONVERSATION_ID=1', () => {
  const ctx = serve({ api: 'v0', allowSetConversationId: true });
  const start = (body: string) => post(ctx.url, '/api/conversations', body);

  it('keeps a given id; the same id again is STARTING again (no runtime ever initializes here)', async () => {
    await post(ctx.url, '/api/settings', '{"llm_api_key":"sk"}');
    const started = '{"status":"ok","conversation_id":"c1","message":null,"conversation_status":"STARTING"}';
    assert.equal((await start('{"conversation_id":"c1"}')).text, started);
    assert.equal((await start('{"conversation_id":"c1","initial_user_msg":"again"}')).text, started);
  });

  it('an empty id falls back to a fresh one; null is a string_type error', async () => {
    await post(ctx.url, '/api/settings', '{"llm_api_key":"sk"}');
    assert.match((await start('{"conversation_id":""}')).text, OK);
    const answer = await start('{"conversation_id":null}');
    assert.equal(answer.status, 422);
    assert.equal(answer.text, '{"detail":[{"type":"string_type","loc":["body","conversation_id"],"msg":"Input should be a valid string","input":null}]}');
  });

  it('a 400 still leaves the conversation behind (0.54 saves metadata first)', async () => {
    assert.equal((await start('{"conversation_id":"early"}')).text, NO_SETTINGS);
    await post(ctx.url, '/api/settings', '{"llm_api_key":"sk"}');
    assert.match((await start('{"conversation_id":"early"}')).text, /"conversation_status":"STARTING"/);
  });
});

describe('conversations in the state file', () => {
  it('records orphan metadata, and a known id starts again after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-'));
    const stateFile = join(dir, 'state.json');
    try {
      const first = await startContractServer({ api: 'v0', stateFile, allowSetConversationId: true });
      await post(first.url, '/api/conversations', '{"conversation_id":"orphan","repository":""}');
      await post(first.url, '/api/settings', '{"llm_api_key":"sk"}');
      await post(first.url, '/api/conversations', '{"conversation_id":"live","selected_branch":"dev"}');
      await first.close();
      const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { conversations: Record<string, { selected_branch: string | null; trigger: string }> };
      assert.deepEqual(Object.keys(saved.conversations), ['orphan', 'live']);
      assert.equal(saved.conversations.live.selected_branch, 'dev');
      assert.equal(saved.conversations.live.trigger, 'gui');

      const second = await startContractServer({ api: 'v0', stateFile, allowSetConversationId: true });
      const again = await post(second.url, '/api/conversations', '{"conversation_id":"live"}');
      assert.equal(again.text, '{"status":"ok","conversation_id":"live","message":null,"conversation_status":"STARTING"}');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
