// TLS failures against a real https server on 127.0.0.1 with certificates made at test time: each ends in a
// NetworkError that names the cause in words and what to do, never "fetch failed", and is not retried.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { NetworkError, tlsProblem, type TlsProblem } from '../../../src/api/http/transportErrors';
import { Transport, type FetchFunction } from '../../../src/api/http/transport';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';
import { useTestCertificates, type KeyPair } from '../../support/testCertificates';

const servers: LoopbackServer[] = [];
const tls = useTestCertificates();
after(() => Promise.all(servers.map((s) => s.close())));

async function httpsServer(pair: KeyPair): Promise<LoopbackServer> {
  const server = await startLoopbackServer((_req, res) => res.end('{"ok":true}'), { tls: pair });
  servers.push(server);
  return server;
}

async function failure(url: string, fetch: FetchFunction): Promise<NetworkError> {
  const transport = new Transport({ baseUrl: url, fetch, getCredential: async () => undefined, timeoutMs: 5000, backoffMs: 10 });
  const error = await transport.send('GET', '/api/settings', undefined).catch((e: unknown) => e);
  assert.ok(error instanceof NetworkError, `expected a NetworkError, got ${String(error)}`);
  return error;
}

function assertNamed(error: NetworkError, problem: TlsProblem, words: RegExp): void {
  assert.equal(error.cause, 'tls');
  assert.equal(tlsProblem(error.code), problem, `code ${error.code}`);
  assert.match(error.message, words);
  assert.doesNotMatch(error.message, /fetch failed/);
}

describe('Transport and TLS failures', () => {
  it('a self-signed certificate: not trusted, add it to the certificate store (http.systemCertificates)', async () => {
    const server = await httpsServer(tls.certs.selfSigned);
    const error = await failure(server.url, undiciFetch as unknown as FetchFunction);
    assertNamed(error, 'untrusted', /not trusted \(self-signed.*certificate store.*"http\.systemCertificates".*"http\.proxyStrictSSL"/);
    assert.equal(server.hits.length, 0, 'a request went through an unverified connection');
  });

  it('a certificate of an unknown authority: not trusted', async () => {
    const server = await httpsServer(tls.certs.good);
    assertNamed(await failure(server.url, undiciFetch as unknown as FetchFunction), 'untrusted', /authority this machine does not know/);
  });

  it('an expired certificate: expired, renew it or check the clock', async () => {
    const server = await httpsServer(tls.certs.expired);
    assertNamed(await failure(server.url, tls.fetchTrustingCa), 'expired', /has expired.*renew it.*clock/);
  });

  it('a certificate for another host name: use the URL with the name it was issued for', async () => {
    const server = await httpsServer(tls.certs.otherHost);
    assertNamed(await failure(server.url, tls.fetchTrustingCa), 'host_mismatch', /issued for another host name/);
  });

  it('https to a server without TLS: the handshake failed, check the scheme; not retried', async () => {
    const plain = await startLoopbackServer((_req, res) => res.end('{}'));
    servers.push(plain);
    const error = await failure(plain.url.replace('http:', 'https:'), undiciFetch as unknown as FetchFunction);
    assertNamed(error, 'handshake', /TLS handshake failed.*scheme/);
    assert.equal(plain.connections(), 1, 'a TLS failure was tried again');
  });

  it('the good certificate, trusted: the request goes through', async () => {
    const server = await httpsServer(tls.certs.good);
    const transport = new Transport({ baseUrl: server.url, fetch: tls.fetchTrustingCa, getCredential: async () => undefined, timeoutMs: 5000 });
    assert.equal((await transport.send('GET', '/api/settings', undefined)).status, 200);
  });
});
