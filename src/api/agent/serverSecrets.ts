// The person's secrets on an OpenHands Agent Server (/api/settings/secrets, measured on 1.58.2): GET lists names and
// descriptions; PUT {name, value, description} adds or replaces one (an empty value, or the mask, is a 422);
// DELETE /{name} removes one (404 for a name it does not have). GET /{name} answers the value in plain text: the
// client never asks it.
import type { ServerSecretsApi } from '../client';
import { expectOk, readAnswer } from '../http/answers';
import type { Transport } from '../http/transport';
import { SecretList } from './schemas';

const SECRETS = '/api/settings/secrets';

export function agentServerSecrets(transport: Transport): ServerSecretsApi {
  return {
    list: async (call) => readAnswer(await transport.send('GET', SECRETS, undefined, call), SecretList()).secrets
      .map((s) => ({ name: s.name, description: s.description ?? null })),
    store: async (name, value, description, call) => expectOk(await transport.send('PUT', SECRETS, { name, value, description }, call)),
    remove: async (name, call) => expectOk(await transport.send('DELETE', `${SECRETS}/${encodeURIComponent(name)}`, undefined, call)),
  };
}
