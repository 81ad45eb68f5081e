// Git providers as a person reads them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { providerName } from '../../src/api/providerDomains';

describe('providerName', () => {
  it('names each provider of 1.11.0\'s ProviderType as the provider writes itself; an unknown one as given', () => {
    assert.deepEqual(['github', 'gitlab', 'bitbucket', 'bitbucket_data_center', 'forgejo', 'azure_devops', 'enterprise_sso', 'gitea'].map(providerName),
      ['GitHub', 'GitLab', 'Bitbucket', 'Bitbucket Data Center', 'Forgejo', 'Azure DevOps', 'Enterprise SSO', 'gitea']);
  });
});
