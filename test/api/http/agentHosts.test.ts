// The one rule for where a conversation's own key may go, as a table: the app server, the agent server's URL as the
// app server gave it, the runtime hosts set for the server, and the verdict. Cloud's layout is built in; each
// Enterprise layout (subdomain, dotted subdomain, custom base, path mode) comes from the setting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentHostVerdict, parseRuntimeHostPatterns, type AgentHostRefusal } from '../../../src/api/http/agentHosts';

const CLOUD = 'https://app.all-hands.dev';
const STAGING = 'https://staging.all-hands.dev';
const TEAM = 'https://openhands.example.com';
const SUBDOMAINS = ['*.runtime.example.com'];
const DASHED = ['*.example.com'];
const PATH_MODE = ['runtimes.example.com'];

type Row = readonly [app: string, agent: string, runtimeHosts: readonly string[], verdict: 'allowed' | AgentHostRefusal];

const TABLE: readonly Row[] = [
  // Local servers: the app's own host, any port, and loopback under any name.
  ['http://localhost:3000', 'http://localhost:39001/api/conversations/abc', [], 'allowed'],
  ['http://localhost:3000', 'http://127.0.0.1:39001', [], 'allowed'],
  ['http://127.0.0.1:3000', 'http://[::1]:39001', [], 'allowed'],
  ['http://127.0.0.2:3000', 'http://127.0.0.1:39001', [], 'allowed'],
  ['http://oh.lan:3000', 'http://oh.lan:39001', [], 'allowed'],
  ['http://oh.lan:3000', 'http://OH.LAN:39001', [], 'allowed'],
  ['https://oh.example.com', 'https://oh.example.com:8443', [], 'allowed'],
  ['https://oh.example.com', 'http://oh.example.com:8000', [], 'not-https'],
  ['http://oh.lan:3000', 'http://localhost:39001', [], 'not-runtime-host'],
  ['http://localhost:3000', 'http://oh.lan:39001', [], 'not-runtime-host'],
  // OpenHands Cloud: its runtimes, built in.
  [CLOUD, 'https://a1b2c3.prod-runtime.all-hands.dev/api/conversations/abc', [], 'allowed'],
  [CLOUD, 'https://A1B2C3.Prod-Runtime.All-Hands.dev', [], 'allowed'],
  [CLOUD, 'https://x.y.prod-runtime.all-hands.dev', [], 'allowed'],
  [CLOUD, 'https://prod-runtime.all-hands.dev', [], 'not-runtime-host'],
  [CLOUD, 'https://a1b2c3.staging-runtime.all-hands.dev', [], 'not-runtime-host'],
  [STAGING, 'https://a1b2c3.staging-runtime.all-hands.dev', [], 'allowed'],
  [STAGING, 'https://a1b2c3.prod-runtime.all-hands.dev', [], 'not-runtime-host'],
  [CLOUD, 'http://a1b2c3.prod-runtime.all-hands.dev', [], 'not-https'],
  [CLOUD, 'https://a1b2c3.prod-runtime.all-hands.dev:8443', [], 'port'],
  [CLOUD, 'https://a1b2c3.prod-runtime.all-hands.dev:443', [], 'allowed'],
  [CLOUD, 'https://work-1-a1b2c3.prod-runtime.all-hands.dev', [], 'work-host'],
  [CLOUD, 'https://work-2-a1b2c3.prod-runtime.all-hands.dev', [], 'work-host'],
  [CLOUD, 'https://vscode-a1b2c3.prod-runtime.all-hands.dev', [], 'work-host'],
  [CLOUD, 'https://me:pw@a1b2c3.prod-runtime.all-hands.dev', [], 'user-info'],
  [CLOUD, 'https://a1b2c3@a1b2c3.prod-runtime.all-hands.dev', [], 'user-info'],
  // Look-alikes.
  [CLOUD, 'https://a1b2c3.prod-runtime.all-hands.dev.evil.test', [], 'not-runtime-host'],
  [CLOUD, 'https://prod-runtime.all-hands.dev.evil.test', [], 'not-runtime-host'],
  [CLOUD, 'https://all-hands.dev.evil.test', [], 'not-runtime-host'],
  [CLOUD, 'https://a1b2c3.xprod-runtime.all-hands.dev', [], 'not-runtime-host'],
  [CLOUD, 'https://a1b2c3-prod-runtime.all-hands.dev', [], 'not-runtime-host'],
  [CLOUD, 'https://a1b2c3.prod-runtime.all-hands.dev.', [], 'not-runtime-host'],
  [CLOUD, 'https://a1b2c3.prod-runtime.all-hаnds.dev', [], 'not-runtime-host'], // Cyrillic а: punycode, another host
  [CLOUD, 'https://all-hands.dev', [], 'not-runtime-host'],
  [CLOUD, 'https://app.all-hands.dev.evil.test', [], 'not-runtime-host'],
  ['https://app.all-hands.dev.evil.test', 'https://a1b2c3.prod-runtime.all-hands.dev', [], 'not-runtime-host'],
  [CLOUD, 'ftp://a1b2c3.prod-runtime.all-hands.dev', [], 'scheme'],
  [CLOUD, 'wss://a1b2c3.prod-runtime.all-hands.dev', [], 'scheme'],
  // Enterprise: no runtime host is trusted until the setting names its layout.
  [TEAM, 'https://abc.runtime.example.com', [], 'not-runtime-host'],
  [TEAM, 'https://abc.runtime.example.com', SUBDOMAINS, 'allowed'],
  [TEAM, 'https://runtime.example.com', SUBDOMAINS, 'not-runtime-host'],
  [TEAM, 'https://abc.runtime.example.com.evil.test', SUBDOMAINS, 'not-runtime-host'],
  [TEAM, 'https://work-1-abc.runtime.example.com', SUBDOMAINS, 'work-host'],
  [TEAM, 'http://abc.runtime.example.com', SUBDOMAINS, 'not-https'],
  [TEAM, 'https://abc.runtime.example.com:30443', SUBDOMAINS, 'port'],
  [TEAM, 'https://abc-runtime.example.com', DASHED, 'allowed'],
  [TEAM, 'https://runtimes.example.com/abc/api/conversations/x', PATH_MODE, 'allowed'],
  [TEAM, 'https://abc.runtimes.example.com', PATH_MODE, 'not-runtime-host'],
  [TEAM, 'https://runtimes.example.com.evil.test/abc', PATH_MODE, 'not-runtime-host'],
  [TEAM, 'https://abc.prod-runtime.all-hands.dev', [], 'not-runtime-host'],
  [CLOUD, 'https://abc.runtime.example.com', SUBDOMAINS, 'allowed'],
];

describe('where a conversation\'s key may go (agentHostVerdict)', () => {
  it(`decides each of ${TABLE.length} URLs as the table says`, () => {
    assert.ok(TABLE.length >= 40);
    for (const [app, agent, runtimeHosts, expected] of TABLE) {
      const verdict = agentHostVerdict(new URL(app), new URL(agent), parseRuntimeHostPatterns(runtimeHosts));
      assert.equal(verdict.allowed ? 'allowed' : verdict.refusal, expected, `${app} -> ${agent} with [${runtimeHosts.join(', ')}]`);
    }
  });
});

describe('runtime host patterns from the setting (parseRuntimeHostPatterns)', () => {
  it('keeps hosts and *.domains, normalised as URL hosts', () => {
    assert.deepEqual(parseRuntimeHostPatterns(['*.Runtime.Example.com', 'runtimes.example.com', '*.bücher.example']),
      ['*.runtime.example.com', 'runtimes.example.com', '*.xn--bcher-kva.example']);
  });

  it('drops what is no host: a bare *, a scheme, a port, a path, user info, a single label, non-strings', () => {
    assert.deepEqual(parseRuntimeHostPatterns(['*', '*.com', 'https://runtime.example.com', 'runtime.example.com:443',
      'runtime.example.com/x', 'me@runtime.example.com', 'localhost', '', 42, null, '*.*.example.com', 'a b.example.com']), []);
  });
});
