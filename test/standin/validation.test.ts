// 422 answers for POST /api/settings, checked against answers of the real models under FastAPI 0.116.1 and
// pydantic 2.11.5 (the 0.54.0 lock): lax coercion, the four non-null booleans, secrets_store, the body step.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, post, serve } from '../support/standin/testClient';

// [body as sent, status, exact answer]
const CASES: [string, number, string][] = [
  ['{"max_iterations": "5"}', 200, '{"message":"Settings stored"}'],
  ['{"max_iterations": "abc"}', 422, '{"detail":[{"type":"int_parsing","loc":["body","max_iterations"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]}'],
  ['{"max_iterations": 5.5}', 422, '{"detail":[{"type":"int_from_float","loc":["body","max_iterations"],"msg":"Input should be a valid integer, got a number with a fractional part","input":5.5}]}'],
  ['{"max_iterations": 5.0}', 200, '{"message":"Settings stored"}'],
  ['{"max_iterations": true}', 200, '{"message":"Settings stored"}'],
  ['{"max_iterations": []}', 422, '{"detail":[{"type":"int_type","loc":["body","max_iterations"],"msg":"Input should be a valid integer","input":[]}]}'],
  ['{"max_iterations": 1e+20}', 422, '{"detail":[{"type":"int_parsing_size","loc":["body","max_iterations"],"msg":"Unable to parse input string as an integer, exceeded maximum size","input":1e+20}]}'],
  ['{"max_iterations": " 1_000.00 "}', 200, '{"message":"Settings stored"}'],
  ['{"remote_runtime_resource_factor": 2.0}', 200, '{"message":"Settings stored"}'],
  ['{"max_budget_per_task": "1.5"}', 200, '{"message":"Settings stored"}'],
  ['{"max_budget_per_task": "abc"}', 422, '{"detail":[{"type":"float_parsing","loc":["body","max_budget_per_task"],"msg":"Input should be a valid number, unable to parse string as a number","input":"abc"}]}'],
  ['{"max_budget_per_task": []}', 422, '{"detail":[{"type":"float_type","loc":["body","max_budget_per_task"],"msg":"Input should be a valid number","input":[]}]}'],
  ['{"confirmation_mode": "yes"}', 200, '{"message":"Settings stored"}'],
  ['{"confirmation_mode": "2"}', 422, '{"detail":[{"type":"bool_parsing","loc":["body","confirmation_mode"],"msg":"Input should be a valid boolean, unable to interpret input","input":"2"}]}'],
  ['{"confirmation_mode": 0.5}', 422, '{"detail":[{"type":"bool_type","loc":["body","confirmation_mode"],"msg":"Input should be a valid boolean","input":0.5}]}'],
  ['{"confirmation_mode": 2.0}', 422, '{"detail":[{"type":"bool_parsing","loc":["body","confirmation_mode"],"msg":"Input should be a valid boolean, unable to interpret input","input":2.0}]}'],
  ['{"confirmation_mode": 1e20}', 422, '{"detail":[{"type":"bool_type","loc":["body","confirmation_mode"],"msg":"Input should be a valid boolean","input":1e+20}]}'],
  ['{"confirmation_mode": 2}', 422, '{"detail":[{"type":"bool_parsing","loc":["body","confirmation_mode"],"msg":"Input should be a valid boolean, unable to interpret input","input":2}]}'],
  ['{"email_verified": "true"}', 200, '{"message":"Settings stored"}'],
  ['{"language": 5}', 422, '{"detail":[{"type":"string_type","loc":["body","language"],"msg":"Input should be a valid string","input":5}]}'],
  ['{"language": 5.0}', 422, '{"detail":[{"type":"string_type","loc":["body","language"],"msg":"Input should be a valid string","input":5.0}]}'],
  ['{"llm_api_key": 123}', 422, '{"detail":[{"type":"string_type","loc":["body","llm_api_key"],"msg":"Input should be a valid string","input":123}]}'],
  ['{"sandbox_api_key": false}', 422, '{"detail":[{"type":"string_type","loc":["body","sandbox_api_key"],"msg":"Input should be a valid string","input":false}]}'],
  ['{"enable_default_condenser": null}', 422, '{"detail":[{"type":"bool_type","loc":["body","enable_default_condenser"],"msg":"Input should be a valid boolean","input":null}]}'],
  ['{"enable_sound_notifications": null}', 422, '{"detail":[{"type":"bool_type","loc":["body","enable_sound_notifications"],"msg":"Input should be a valid boolean","input":null}]}'],
  ['{"enable_proactive_conversation_starters": null}', 422, '{"detail":[{"type":"bool_type","loc":["body","enable_proactive_conversation_starters"],"msg":"Input should be a valid boolean","input":null}]}'],
  ['{"enable_solvability_analysis": null}', 422, '{"detail":[{"type":"bool_type","loc":["body","enable_solvability_analysis"],"msg":"Input should be a valid boolean","input":null}]}'],
  ['{"secrets_store": null}', 422, '{"detail":[{"type":"value_error","loc":["body","secrets_store"],"msg":"Value error, UserSecrets must be initialized with a dictionary","input":null,"ctx":{"error":{}}}]}'],
  ['{"secrets_store": "x"}', 422, '{"detail":[{"type":"value_error","loc":["body","secrets_store"],"msg":"Value error, UserSecrets must be initialized with a dictionary","input":"x","ctx":{"error":{}}}]}'],
  ['{"secrets_store": []}', 422, '{"detail":[{"type":"value_error","loc":["body","secrets_store"],"msg":"Value error, UserSecrets must be initialized with a dictionary","input":[],"ctx":{"error":{}}}]}'],
  ['{"mcp_config": 5}', 422, '{"detail":[{"type":"model_attributes_type","loc":["body","mcp_config"],"msg":"Input should be a valid dictionary or object to extract fields from","input":5}]}'],
  ['{"max_iterations": "abc", "language": 5, "enable_default_condenser": null, "zzz": 1}', 422, '{"detail":[{"type":"string_type","loc":["body","language"],"msg":"Input should be a valid string","input":5},{"type":"int_parsing","loc":["body","max_iterations"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"},{"type":"bool_type","loc":["body","enable_default_condenser"],"msg":"Input should be a valid boolean","input":null}]}'],
  ['[1, 2.50]', 422, '{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":[1,2.5]}]}'],
  ['"abc"', 422, '{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":"abc"}]}'],
  ['5', 422, '{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":5}]}'],
  ['null', 422, '{"detail":[{"type":"missing","loc":["body"],"msg":"Field required","input":null}]}'],
  ['', 422, '{"detail":[{"type":"missing","loc":["body"],"msg":"Field required","input":null}]}'],
  ['{', 422, '{"detail":[{"type":"json_invalid","loc":["body",1],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting property name enclosed in double quotes"}}]}'],
  ['{"a":1,}', 422, '{"detail":[{"type":"json_invalid","loc":["body",7],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting property name enclosed in double quotes"}}]}'],
  ['[1,]', 422, '{"detail":[{"type":"json_invalid","loc":["body",3],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting value"}}]}'],
  ['{"a" 1}', 422, '{"detail":[{"type":"json_invalid","loc":["body",5],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting \':\' delimiter"}}]}'],
  ['{"a":1 "b":2}', 422, '{"detail":[{"type":"json_invalid","loc":["body",7],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting \',\' delimiter"}}]}'],
  ['{"a":"\\x"}', 422, '{"detail":[{"type":"json_invalid","loc":["body",6],"msg":"JSON decode error","input":{},"ctx":{"error":"Invalid \\\\escape"}}]}'],
  ['{"a":"\\u12G4"}', 422, '{"detail":[{"type":"json_invalid","loc":["body",7],"msg":"JSON decode error","input":{},"ctx":{"error":"Invalid \\\\uXXXX escape"}}]}'],
  ['{"a":"x', 422, '{"detail":[{"type":"json_invalid","loc":["body",5],"msg":"JSON decode error","input":{},"ctx":{"error":"Unterminated string starting at"}}]}'],
  ['{} x', 422, '{"detail":[{"type":"json_invalid","loc":["body",3],"msg":"JSON decode error","input":{},"ctx":{"error":"Extra data"}}]}'],
  ['\n{"a":\n  nul}', 422, '{"detail":[{"type":"json_invalid","loc":["body",9],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting value"}}]}'],
  ['{"😀":"😀", "b": }', 422, '{"detail":[{"type":"json_invalid","loc":["body",15],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting value"}}]}'],
  ['{"language":NaN}', 500, 'Internal Server Error'],
  ['{"language":"x","language":5}', 422, '{"detail":[{"type":"string_type","loc":["body","language"],"msg":"Input should be a valid string","input":5}]}'],
];

describe('POST /api/settings validation', () => {
  const ctx = serve({ api: 'v0' });

  for (const [body, status, expected] of CASES) {
    it(`${JSON.stringify(body)} -> ${status}`, async () => {
      const answer = await post(ctx.url, '/api/settings', body);
      assert.equal(answer.status, status);
      assert.equal(answer.text, expected);
    });
  }

  it('lax values are stored converted', async () => {
    const body = '{"max_iterations":" 1_000.00 ","remote_runtime_resource_factor":2.0,"confirmation_mode":"yes","email_verified":"true","max_budget_per_task":"1.5","user_consents_to_analytics":0}';
    assert.equal((await post(ctx.url, '/api/settings', body)).status, 200);
    const stored = ctx.server.storedSettings();
    assert.deepEqual(
      [stored?.max_iterations, stored?.remote_runtime_resource_factor, stored?.confirmation_mode, stored?.email_verified, stored?.max_budget_per_task, stored?.user_consents_to_analytics],
      [1000, 2, true, true, 1.5, false],
    );
  });

  it('a rejected body stores nothing', async () => {
    await post(ctx.url, '/api/settings', '{"language":5}');
    assert.equal(ctx.server.storedSettings(), null);
  });
});

describe('POST /api/settings body decoding', () => {
  const ctx = serve({ api: 'v0' });
  const MISSING = '{"detail":[{"type":"missing","loc":["body"],"msg":"Field required","input":null}]}';
  const NOT_A_DICT = (input: string) =>
    `{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":${input}}]}`;

  it('an empty body is a missing body parameter', async () => {
    const answer = await call(ctx.url, 'POST', '/api/settings');
    assert.equal(answer.status, 422);
    assert.equal(answer.text, MISSING);
  });

  it('a non-JSON Content-Type hands the raw text to validation', async () => {
    const answer = await call(ctx.url, 'POST', '/api/settings', { body: '{"a":1}', type: 'text/plain' });
    assert.equal(answer.text, NOT_A_DICT('"{\\"a\\":1}"'));
  });

  it('no Content-Type, +json and parameters still parse as JSON', async () => {
    for (const type of [null, 'application/vnd.api+json', 'Application/JSON; charset=utf-8']) {
      const answer = await call(ctx.url, 'POST', '/api/settings', { body: '{"language":"x"}', type });
      assert.equal(answer.status, 200, String(type));
    }
  });

  it('bytes that are not UTF-8 give 400 There was an error parsing the body', async () => {
    const answer = await call(ctx.url, 'POST', '/api/settings', { body: Buffer.from([0x7b, 0xff, 0x7d]) });
    assert.equal(answer.status, 400);
    assert.equal(answer.text, '{"detail":"There was an error parsing the body"}');
  });

  it('a UTF-8 BOM is accepted', async () => {
    const answer = await call(ctx.url, 'POST', '/api/settings', { body: Buffer.from('\ufeff{}') });
    assert.equal(answer.status, 200);
  });

  it('echoing NaN in a 422 is the plain-text 500 (allow_nan=False), without cache headers', async () => {
    const answer = await post(ctx.url, '/api/settings', '{"language":NaN}');
    assert.equal(answer.status, 500);
    assert.equal(answer.text, 'Internal Server Error');
    assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(answer.headers.get('cache-control'), null);
  });
});
