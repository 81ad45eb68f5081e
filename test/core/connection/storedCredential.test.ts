import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Credential } from '../../../src/api/http/credential';
import { KEY_KINDS, readStoredCredential, writeStoredCredential } from '../../../src/core/connection/storedCredential';

describe('stored credentials', () => {
  it('round-trip the kind and the key', () => {
    const credentials: Credential[] = [
      { kind: 'session', key: 'sess-key-0123' },
      { kind: 'cloud', key: 'cloud-key-0123' },
      { kind: 'session', key: '{"kind":"cloud","key":"looks-like-json"}' },
      { kind: 'cloud', key: '{not json' },
      { kind: 'session', key: 'with "quotes" and \\ backslash' },
    ];
    for (const credential of credentials) assert.deepEqual(readStoredCredential(writeStoredCredential(credential)), credential);
  });

  it('read an entry stored before keys had a kind (a plain string) as a session key, and none as none', () => {
    assert.deepEqual(readStoredCredential('old-plain-key'), { kind: 'session', key: 'old-plain-key' });
    assert.deepEqual(readStoredCredential('{broken'), { kind: 'session', key: '{broken' });
    assert.deepEqual(readStoredCredential('{"kind":"other","key":"x"}'), { kind: 'session', key: '{"kind":"other","key":"x"}' });
    assert.equal(readStoredCredential(undefined), undefined);
    assert.equal(readStoredCredential(''), undefined);
  });

  it('write a session key as it is, so an older version of the extension still reads it', () => {
    assert.equal(writeStoredCredential({ kind: 'session', key: 'sess-key-0123' }), 'sess-key-0123');
    assert.notEqual(writeStoredCredential({ kind: 'cloud', key: 'cloud-key-0123' }), 'cloud-key-0123');
  });

  it('offer the session key first, so Enter in the kind question keeps what Set API Key always did', () => {
    assert.deepEqual(KEY_KINDS.map((choice) => choice.keyKind), ['session', 'cloud']);
  });
});
