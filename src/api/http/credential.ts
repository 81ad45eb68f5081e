// The key a request carries and the one header it goes in: a self-hosted server's session key (its
// SESSION_API_KEY) as X-Session-API-Key, an OpenHands Cloud API key as a Bearer token. One kind is never sent
// in the other's header.

export type CredentialKind = 'session' | 'cloud';

export interface Credential {
  readonly kind: CredentialKind;
  readonly key: string;
}

/** A session key, or undefined for none: what a key stored without a kind is. */
export function sessionCredential(key: string | undefined): Credential | undefined {
  return key ? { kind: 'session', key } : undefined;
}

/** The header that carries the credential: exactly one, or none without a credential. */
export function credentialHeaders(credential: Credential | undefined): Record<string, string> {
  if (!credential) return {};
  return credential.kind === 'cloud' ? { Authorization: `Bearer ${credential.key}` } : { 'X-Session-API-Key': credential.key };
}
