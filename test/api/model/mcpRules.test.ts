// The server's rules for MCP server entries, in its own words: what the wizard and V0's schemas check.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mcpUrlProblem, stdioCommandProblem, stdioNameProblem } from '../../../src/api/model/mcpRules';

describe('MCP rules', () => {
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
