// MCPConfig inside POST /api/settings: URL rules, stdio name/command/args/env rules, extra keys, and the inputs
// on which the real validators raise TypeError/AttributeError (plain-text 500). Expected answers come from the
// real 0.54.0 model code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { post, serve } from '../support/standin/testClient';

// [body as sent, status, exact answer]
const CASES: [string, number, string][] = [
  ['{"mcp_config": {"foo": 1}}', 422, '{"detail":[{"type":"extra_forbidden","loc":["body","mcp_config","foo"],"msg":"Extra inputs are not permitted","input":1}]}'],
  ['{"mcp_config": {"sse_servers": ["a.b/sse"]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Value error, URL must include a scheme (http:// or https://)","input":"a.b/sse","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"sse_servers": ["ftp://a.b"]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Value error, URL scheme must be http, https, ws, or wss","input":"ftp://a.b","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"shttp_servers": ["  "]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","shttp_servers",0,"url"],"msg":"Value error, URL cannot be empty","input":"  ","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"sse_servers": ["http://"]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Value error, URL must include a valid domain/host","input":"http://","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"sse_servers": ["localhost:8080"]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Value error, URL must include a valid domain/host","input":"localhost:8080","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"sse_servers": [5]}}', 422, '{"detail":[{"type":"model_attributes_type","loc":["body","mcp_config","sse_servers",0],"msg":"Input should be a valid dictionary or object to extract fields from","input":5}]}'],
  ['{"mcp_config": {"sse_servers": [{}]}}', 422, '{"detail":[{"type":"missing","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Field required","input":{}}]}'],
  ['{"mcp_config": {"sse_servers": [{"url": 5}]}}', 422, '{"detail":[{"type":"string_type","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Input should be a valid string","input":5}]}'],
  ['{"mcp_config": {"sse_servers": "ab"}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Value error, URL must include a scheme (http:// or https://)","input":"a","ctx":{"error":{}}},{"type":"value_error","loc":["body","mcp_config","sse_servers",1,"url"],"msg":"Value error, URL must include a scheme (http:// or https://)","input":"b","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": null}}', 422, '{"detail":[{"type":"list_type","loc":["body","mcp_config","stdio_servers"],"msg":"Input should be a valid list","input":null}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "my server", "command": "x"}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"name"],"msg":"Value error, Server name can only contain letters, numbers, hyphens, and underscores","input":"my server","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a.b", "command": "x"}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"name"],"msg":"Value error, Server name can only contain letters, numbers, hyphens, and underscores","input":"a.b","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": " ", "command": "x"}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"name"],"msg":"Value error, Server name cannot be empty","input":" ","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "npx -y"}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"command"],"msg":"Value error, Command should be a single executable without spaces (use arguments field for parameters)","input":"npx -y","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": " "}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"command"],"msg":"Value error, Command cannot be empty","input":" ","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a"}]}}', 422, '{"detail":[{"type":"missing","loc":["body","mcp_config","stdio_servers",0,"command"],"msg":"Field required","input":{"name":"a"}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "x", "args": "-y \\"x"}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"args"],"msg":"Value error, Invalid argument format: No closing quotation. Use shell-like format, e.g., \\"arg1 arg2\\" or \'--config \\"value with spaces\\"\'","input":"-y \\"x","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "x", "args": "a\\\\"}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"args"],"msg":"Value error, Invalid argument format: No escaped character. Use shell-like format, e.g., \\"arg1 arg2\\" or \'--config \\"value with spaces\\"\'","input":"a\\\\","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "x", "args": [1]}]}}', 422, '{"detail":[{"type":"string_type","loc":["body","mcp_config","stdio_servers",0,"args",0],"msg":"Input should be a valid string","input":1}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "x", "args": 5}]}}', 422, '{"detail":[{"type":"list_type","loc":["body","mcp_config","stdio_servers",0,"args"],"msg":"Input should be a valid list","input":5}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "x", "env": "1A=1"}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"env"],"msg":"Value error, Invalid environment variable name \'1A\'. Must start with letter or underscore, contain only alphanumeric characters and underscores","input":"1A=1","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "x", "env": "X"}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"env"],"msg":"Value error, Environment variable \'X\' must be in KEY=VALUE format","input":"X","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "x", "env": "=1"}]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"env"],"msg":"Value error, Environment variable key cannot be empty","input":"=1","ctx":{"error":{}}}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "x", "env": {"A": 1}}]}}', 422, '{"detail":[{"type":"string_type","loc":["body","mcp_config","stdio_servers",0,"env","A"],"msg":"Input should be a valid string","input":1}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": "x", "env": 5}]}}', 422, '{"detail":[{"type":"dict_type","loc":["body","mcp_config","stdio_servers",0,"env"],"msg":"Input should be a valid dictionary","input":5}]}'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a b", "command": "x y", "args": 5, "env": 5}], "sse_servers": ["a"], "shttp_servers": ["b"], "zz": 1}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Value error, URL must include a scheme (http:// or https://)","input":"a","ctx":{"error":{}}},{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"name"],"msg":"Value error, Server name can only contain letters, numbers, hyphens, and underscores","input":"a b","ctx":{"error":{}}},{"type":"value_error","loc":["body","mcp_config","stdio_servers",0,"command"],"msg":"Value error, Command should be a single executable without spaces (use arguments field for parameters)","input":"x y","ctx":{"error":{}}},{"type":"list_type","loc":["body","mcp_config","stdio_servers",0,"args"],"msg":"Input should be a valid list","input":5},{"type":"dict_type","loc":["body","mcp_config","stdio_servers",0,"env"],"msg":"Input should be a valid dictionary","input":5},{"type":"value_error","loc":["body","mcp_config","shttp_servers",0,"url"],"msg":"Value error, URL must include a scheme (http:// or https://)","input":"b","ctx":{"error":{}}},{"type":"extra_forbidden","loc":["body","mcp_config","zz"],"msg":"Extra inputs are not permitted","input":1}]}'],
  ['{"mcp_config": {"sse_servers": null}}', 500, 'Internal Server Error'],
  ['{"mcp_config": {"shttp_servers": 5}}', 500, 'Internal Server Error'],
  ['{"mcp_config": {"shttp_servers": [{"url": 5}]}}', 500, 'Internal Server Error'],
  ['{"mcp_config": {"stdio_servers": [{"name": 5, "command": "x"}]}}', 500, 'Internal Server Error'],
  ['{"mcp_config": {"stdio_servers": [{"name": "a", "command": null}]}}', 500, 'Internal Server Error'],
  ['{"mcp_config": {"sse_servers": ["http://[1.2.3.4]/", "http://[zz]/", "wss://＃a/"]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Value error, An IPv4 address cannot be in brackets","input":"http://[1.2.3.4]/","ctx":{"error":{}}},{"type":"value_error","loc":["body","mcp_config","sse_servers",1,"url"],"msg":"Value error, \'zz\' does not appear to be an IPv4 or IPv6 address","input":"http://[zz]/","ctx":{"error":{}}},{"type":"value_error","loc":["body","mcp_config","sse_servers",2,"url"],"msg":"Value error, netloc \'＃a\' contains invalid characters under NFKC normalization","input":"wss://＃a/","ctx":{"error":{}}}]}'],
  // CPython 3.12.10 (the 0.54.0 image) rejects text around a bracketed host.
  ['{"mcp_config": {"sse_servers": ["http://a[b]/"]}}', 422, '{"detail":[{"type":"value_error","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Value error, Invalid IPv6 URL","input":"http://a[b]/","ctx":{"error":{}}}]}'],
];

describe('MCP config validation', () => {
  const ctx = serve({ api: 'v0' });

  for (const [body, status, expected] of CASES) {
    it(`${body} -> ${status}`, async () => {
      const answer = await post(ctx.url, '/api/settings', body);
      assert.equal(answer.status, status);
      assert.equal(answer.text, expected);
    });
  }

  it('stores URLs stripped, string entries as {url, api_key:null}, unknown server keys dropped', async () => {
    const body = JSON.stringify({
      mcp_config: {
        sse_servers: [' ws://h:1/x ', { url: '\thttps://a.example/sse\n', api_key: 'k', extra: 1 }],
        shttp_servers: ['HTTP://UPPER.example'],
      },
    });
    assert.equal((await post(ctx.url, '/api/settings', body)).status, 200);
    assert.deepEqual(ctx.server.storedSettings()?.mcp_config, {
      sse_servers: [
        { url: 'ws://h:1/x', api_key: null },
        { url: 'https://a.example/sse', api_key: 'k' },
      ],
      stdio_servers: [],
      shttp_servers: [{ url: 'HTTP://UPPER.example', api_key: null }],
    });
  });

  it('parses stdio args with shlex and env from "A=1, B=x=y"; strips name and command', async () => {
    const body = JSON.stringify({
      mcp_config: {
        stdio_servers: [
          { name: ' fs ', command: ' npx ', args: '-y "x y" z \'q r\' a\\ b', env: 'A=1, B=x=y, ,C = 2 ' },
          { name: 'b', command: 'uvx', args: null, env: null },
          { name: 'c', command: 'uvx', args: '   ', env: '' },
        ],
      },
    });
    assert.equal((await post(ctx.url, '/api/settings', body)).status, 200);
    assert.deepEqual(ctx.server.storedSettings()?.mcp_config, {
      sse_servers: [],
      stdio_servers: [
        { name: 'fs', command: 'npx', args: ['-y', 'x y', 'z', 'q r', 'a b'], env: { A: '1', B: 'x=y', C: ' 2' } },
        { name: 'b', command: 'uvx', args: [], env: {} },
        { name: 'c', command: 'uvx', args: [], env: {} },
      ],
      shttp_servers: [],
    });
  });

  it('accepts duplicate URLs and names, and mcp_config null', async () => {
    const dup = '{"mcp_config":{"sse_servers":["http://a","http://a"],"stdio_servers":[{"name":"x","command":"c"},{"name":"x","command":"c"}]}}';
    assert.equal((await post(ctx.url, '/api/settings', dup)).status, 200);
    assert.equal((await post(ctx.url, '/api/settings', '{"mcp_config":null}')).status, 200);
    assert.equal(ctx.server.storedSettings()?.mcp_config, null);
  });

  it('validates the conversation body mcp_config with the same rules', async () => {
    const answer = await post(ctx.url, '/api/conversations', '{"mcp_config":{"sse_servers":["a.b/sse"]}}');
    assert.equal(answer.status, 422);
    assert.equal(
      answer.text,
      '{"detail":[{"type":"value_error","loc":["body","mcp_config","sse_servers",0,"url"],"msg":"Value error, URL must include a scheme (http:// or https://)","input":"a.b/sse","ctx":{"error":{}}}]}',
    );
  });
});
