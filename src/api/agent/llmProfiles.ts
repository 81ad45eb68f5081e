// LLM profiles on an OpenHands Agent Server (/api/profiles, measured on 1.58.2): list (name, model, base URL, whether
// a key is set; the active one beside them), save (POST /{name} {llm}: 201, overwrites), activate (copies the
// profile's LLM into the settings), rename ({new_name}), delete (200 even for a name it does not have). Saving the
// current LLM reads the settings with `X-Expose-Secrets: encrypted`: the server takes its own encrypted key back
// and decrypts it, so the plain key never enters the extension, and the mask (which would be stored as the key) is
// never sent: a settings answer still holding it is refused before the save.
import type { LlmProfilesApi } from '../client';
import { clientValidation, expectOk, readAnswer } from '../http/answers';
import type { Transport } from '../http/transport';
import { l10n } from '../../base/l10n';
import { isRecord } from '../guards';
import { SECRET_MASK } from './agentSettings';
import { ProfileList, StoredAgentSettings } from './schemas';

const PROFILES = '/api/profiles';
const profilePath = (name: string) => `${PROFILES}/${encodeURIComponent(name)}`;

export function agentLlmProfiles(transport: Transport): LlmProfilesApi {
  return {
    list: async (call) => {
      const answer = readAnswer(await transport.send('GET', PROFILES, undefined, call), ProfileList());
      return {
        profiles: answer.profiles.map((p) => ({ name: p.name, model: p.model ?? null, baseUrl: p.base_url ?? null, apiKeySet: p.api_key_set ?? false })),
        active: answer.active_profile ?? null,
      };
    },
    saveCurrent: async (name, call) => {
      const stored = readAnswer(await transport.send('GET', '/api/settings', undefined, { ...call, headers: { 'X-Expose-Secrets': 'encrypted' } }), StoredAgentSettings());
      const llm = stored.agent_settings.llm;
      const path = profilePath(name);
      if (!isRecord(llm) || JSON.stringify(llm).includes(SECRET_MASK)) {
        throw clientValidation({ method: 'POST', path, baseUrl: transport.baseUrl }, [{ path: ['llm'], message: l10n.t('the server did not give its settings\' LLM in a form that can be saved') }]);
      }
      expectOk(await transport.send('POST', path, { llm }, call));
    },
    activate: async (name, call) => expectOk(await transport.send('POST', `${profilePath(name)}/activate`, undefined, call)),
    rename: async (name, newName, call) => expectOk(await transport.send('POST', `${profilePath(name)}/rename`, { new_name: newName }, call)),
    remove: async (name, call) => expectOk(await transport.send('DELETE', profilePath(name), undefined, call)),
  };
}
