// The MCP entry questions, answered from a script: what each kind of entry asks, what it builds, what it
// keeps when editing, and that a cancelled step builds nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currentIndex } from '../../../src/core/settings/mcpEntries';
import { askMcpEntry } from '../../../src/core/settings/mcpWizard';
import { ScriptedPrompter } from '../../support/scriptedPrompter';

describe('MCP entry wizard', () => {
  it('a remote server: URL and key, trimmed', async () => {
    const prompter = new ScriptedPrompter([' https://mcp.example/sse ', ' k-1 ']);
    assert.deepEqual(await askMcpEntry(prompter, 'sse_servers', undefined), { url: 'https://mcp.example/sse', api_key: 'k-1' });
    assert.equal(prompter.asked[1]?.password, true, 'the API key is asked in a password box');
  });

  it('a remote server without a key sends null; editing with an empty key keeps the stored one', async () => {
    assert.deepEqual(await askMcpEntry(new ScriptedPrompter(['http://a.example/mcp', '']), 'shttp_servers', undefined),
      { url: 'http://a.example/mcp', api_key: null });
    const existing = { url: 'http://a.example/mcp', api_key: 'stored-key' };
    const prompter = new ScriptedPrompter(['http://b.example/mcp', '']);
    assert.deepEqual(await askMcpEntry(prompter, 'shttp_servers', existing), { url: 'http://b.example/mcp', api_key: 'stored-key' });
    assert.equal(prompter.asked[0]?.value, 'http://a.example/mcp', 'the URL is prefilled');
    assert.equal(prompter.asked[1]?.value, '', 'the stored key is never shown');
  });

  it('the URL is checked with the server\'s rules while typed', async () => {
    const prompter = new ScriptedPrompter([undefined]);
    await askMcpEntry(prompter, 'sse_servers', undefined);
    const validate = prompter.asked[0]?.validate;
    assert.ok(validate);
    assert.equal(validate('a.b/sse'), 'URL must include a scheme (http:// or https://)');
    assert.equal(validate('http:example.com'), 'URL must include a valid domain/host');
    assert.equal(validate('ftp://a.b'), 'URL scheme must be http, https, ws, or wss');
  });

  it('a stdio server: name, command, quoted arguments and environment', async () => {
    const prompter = new ScriptedPrompter(['files', 'npx', '-y "my server" --root /tmp', 'TOKEN=abc, MODE=a=b']);
    assert.deepEqual(await askMcpEntry(prompter, 'stdio_servers', undefined), {
      name: 'files', command: 'npx', args: ['-y', 'my server', '--root', '/tmp'], env: { TOKEN: 'abc', MODE: 'a=b' },
    });
  });

  it('editing a stdio server shows its arguments quoted as they were typed', async () => {
    const existing = { name: 'files', command: 'npx', args: ['-y', 'my server'], env: { A: '1' } };
    const prompter = new ScriptedPrompter(['files', 'npx', '-y "my server"', 'A=1']);
    assert.deepEqual(await askMcpEntry(prompter, 'stdio_servers', existing), existing);
    assert.deepEqual(prompter.asked.map((q) => q.value), ['files', 'npx', '-y "my server"', 'A=1']);
  });

  it('refuses what the server would: a name with spaces, a command with arguments, an env pair without =', async () => {
    const prompter = new ScriptedPrompter(['ok', 'npx', '', undefined]);
    await askMcpEntry(prompter, 'stdio_servers', undefined);
    const [name, command, , env] = prompter.asked.map((q) => q.validate);
    assert.match(String(name?.('my server')), /letters, numbers, hyphens, and underscores/);
    assert.match(String(command?.('npx -y')), /single executable/);
    assert.match(String(env?.('TOKEN')), /KEY=VALUE/);
  });

  for (const step of [0, 1, 2, 3]) {
    it(`a stdio entry cancelled at step ${step + 1} builds nothing and asks no more`, async () => {
      const answers: (string | undefined)[] = ['files', 'npx', '', ''];
      answers[step] = undefined;
      const prompter = new ScriptedPrompter(answers);
      assert.equal(await askMcpEntry(prompter, 'stdio_servers', undefined), undefined);
      assert.equal(prompter.asked.length, step + 1);
    });
  }
});

describe('currentIndex', () => {
  const a = { url: 'http://a.example' };
  const b = { url: 'http://b.example' };
  it('keeps the old place when the entry is still there, else finds where it moved, else none', () => {
    assert.equal(currentIndex({ sse_servers: [a, b] }, 'sse_servers', b, 1), 1);
    assert.equal(currentIndex({ sse_servers: [b] }, 'sse_servers', b, 1), 0);
    assert.equal(currentIndex({ sse_servers: [a] }, 'sse_servers', b, 1), undefined);
    assert.equal(currentIndex(null, 'sse_servers', b, 0), undefined);
  });
});
