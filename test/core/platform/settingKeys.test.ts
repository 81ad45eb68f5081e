// The typed configuration agrees with package.json: every `openhands.*` setting is there with the same
// default and range, and nothing is contributed that the code does not read.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SETTINGS_SECTION, SETTING_DEFAULTS, SETTING_RANGES, clampSetting } from '../../../src/core/platform/settingKeys';

interface ContributedSetting { default?: unknown; minimum?: number; maximum?: number }
const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, ContributedSetting> } };
};
const contributed = manifest.contributes.configuration.properties;

describe('setting keys', () => {
  it('package.json contributes exactly the typed settings', () => {
    assert.deepEqual(Object.keys(contributed).sort(), Object.keys(SETTING_DEFAULTS).map((key) => `${SETTINGS_SECTION}.${key}`).sort());
  });

  for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
    it(`${key}: the same default as package.json`, () => {
      assert.deepEqual(contributed[`${SETTINGS_SECTION}.${key}`]?.default, value);
    });
  }

  for (const [key, range] of Object.entries(SETTING_RANGES)) {
    it(`${key}: the same range as package.json`, () => {
      const setting = contributed[`${SETTINGS_SECTION}.${key}`];
      assert.deepEqual({ minimum: setting?.minimum, maximum: setting?.maximum }, range);
    });
  }

  it('a number setting outside its range is held to it; not a number, its default', () => {
    assert.equal(clampSetting('requestTimeoutSeconds', 0), 1);
    assert.equal(clampSetting('requestTimeoutSeconds', 9999), 600);
    assert.equal(clampSetting('requestTimeoutSeconds', 'abc'), 30);
    assert.equal(clampSetting('maxFileSizeKiB', Number.NaN), 256);
    assert.equal(clampSetting('maxFileSizeKiB', 512), 512);
  });
});
