import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Redactor } from '../../../src/core/platform/redact';

describe('Redactor', () => {
  it('masks every value it was told is a secret, wherever it appears', () => {
    const redactor = new Redactor();
    redactor.addSecret('sess-KEY-0123');
    assert.equal(redactor.redactText('key sess-KEY-0123 then sess-KEY-0123'), 'key *** then ***');
  });

  it('masks user info in URLs, key headers and secret JSON fields without being told', () => {
    const redactor = new Redactor();
    const line = redactor.format('remote https://x-access-token:ghp_abc@github.com/o/r.git', [
      'X-Session-API-Key: abc123', '{"llm_api_key":"sk-1","search_api_key":"tvly-2","llm_api_key_set":true}',
    ]);
    for (const secret of ['ghp_abc', 'abc123', 'sk-1', 'tvly-2']) assert.ok(!line.includes(secret), line);
    assert.match(line, /github\.com\/o\/r\.git/);
    assert.match(line, /"llm_api_key_set":true/);
  });

  it('masks both key headers, the session key and a Cloud key as a Bearer token, in any spelling', () => {
    const redactor = new Redactor();
    const line = redactor.format('sent', [
      'X-Session-API-Key: sess-9876', 'Authorization: Bearer cloud-5432', '{"authorization":"Bearer cloud-1098"}', "{ 'x-session-api-key': 'sess-7654' }",
    ]);
    for (const secret of ['sess-9876', 'cloud-5432', 'cloud-1098', 'sess-7654']) assert.ok(!line.includes(secret), line);
  });

  it('masks user info up to the last @, also in scp-like remotes', () => {
    const redactor = new Redactor();
    for (const [input, secret] of [
      ['https://user:p@ss@github.com/o/r', 'p@ss'], ['https://tok/en@github.com/o/r', 'tok/en'],
      ['remote user:secret@github.com:o/r.git', 'secret'],
    ]) {
      const out = redactor.redactText(input);
      assert.ok(!out.includes(secret), out);
      assert.match(out, /github\.com/);
    }
  });

  it('masks secret fields and MCP env values of objects, and keeps the rest', () => {
    const redactor = new Redactor();
    const value = redactor.redactValue({
      llm_model: 'm', llm_api_key: 'sk-1', llm_api_key_set: true,
      mcp_config: { sse_servers: [{ url: 'http://u', api_key: 'mcp-1' }], stdio_servers: [{ name: 'n', command: 'c', env: { TOKEN: 't-1', PLAIN: 'p' } }] },
    });
    assert.deepEqual(value, {
      llm_model: 'm', llm_api_key: '***', llm_api_key_set: true,
      mcp_config: { sse_servers: [{ url: 'http://u', api_key: '***' }], stdio_servers: [{ name: 'n', command: 'c', env: { TOKEN: '***', PLAIN: '***' } }] },
    });
  });

  it('ignores values too short to be keys, so ordinary words survive', () => {
    const redactor = new Redactor();
    redactor.addSecret('ab');
    assert.equal(redactor.redactText('about'), 'about');
  });
});
