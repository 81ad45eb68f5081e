// Certificates made at test time with the openssl CLI, for TLS failures on a loopback https server: a test CA,
// and leaf certificates for 127.0.0.1 that are good, expired, for another host name, or self-signed.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before } from 'node:test';
import { Agent, fetch as undiciFetch } from 'undici';
import type { FetchFunction } from '../../src/api/http/transport';

export interface KeyPair { readonly key: string; readonly cert: string }

export interface TestCertificates {
  /** The CA that signed `good`, `expired` and `otherHost`; trust it to get past "unknown authority". */
  readonly ca: string;
  readonly good: KeyPair;
  readonly expired: KeyPair;
  readonly otherHost: KeyPair;
  readonly selfSigned: KeyPair;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export function makeTestCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oh-certs-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const read = (name: string) => fs.readFileSync(file(name), 'utf8');
  try {
    openssl('req', '-x509', ...EC, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=openhands test CA');
    openssl('req', '-x509', ...EC, '-keyout', file('self.key'), '-out', file('self.pem'), '-days', '2', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1');
    openssl('req', ...EC, '-keyout', file('leaf.key'), '-out', file('leaf.csr'), '-subj', '/CN=127.0.0.1');
    // -days -1: valid until yesterday, so expired from the start.
    const sign = (out: string, san: string, days: string) => {
      fs.writeFileSync(file(`${out}.ext`), `subjectAltName=${san}\n`);
      openssl('x509', '-req', '-in', file('leaf.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
        '-out', file(`${out}.pem`), '-days', days, '-extfile', file(`${out}.ext`));
    };
    sign('good', 'IP:127.0.0.1', '2');
    sign('expired', 'IP:127.0.0.1', '-1');
    sign('other', 'DNS:other.example', '2');
    const leaf = (cert: string) => ({ key: read('leaf.key'), cert: read(cert) });
    return {
      ca: read('ca.pem'), good: leaf('good.pem'), expired: leaf('expired.pem'), otherHost: leaf('other.pem'),
      selfSigned: { key: read('self.key'), cert: read('self.pem') },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * For a test file: the certificates, made once before its tests, and undici's fetch trusting their CA (as a
 * system with that CA in its store would), its connections closed after the tests.
 */
export function useTestCertificates(): { readonly certs: TestCertificates; readonly fetchTrustingCa: FetchFunction } {
  const context = {} as { certs: TestCertificates; fetchTrustingCa: FetchFunction };
  let agent: Agent | undefined;
  before(() => {
    context.certs = makeTestCertificates();
    const trusting = new Agent({ connect: { ca: context.certs.ca } });
    agent = trusting;
    context.fetchTrustingCa = (url, init) => undiciFetch(url, { ...init, dispatcher: trusting } as never) as unknown as Promise<Response>;
  });
  after(() => agent?.close());
  return context;
}
