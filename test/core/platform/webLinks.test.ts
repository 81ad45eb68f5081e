import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isWebUrl } from '../../../src/core/platform/webLinks';

describe('the links opened from untrusted text', () => {
  it('are http and https URLs with a host', () => {
    for (const url of ['https://example.test/a?b#c', 'http://127.0.0.1:3000/x', 'HTTPS://EXAMPLE.TEST']) assert.equal(isWebUrl(url), true, url);
  });

  it('are never command:, javascript:, file:, vscode:, data: or anything unparsable', () => {
    for (const url of ['command:workbench.action.quit', 'command:openhands.setApiKey?%5B%5D', 'javascript:alert(1)', ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)', 'file:///etc/passwd', 'vscode://settings', 'data:text/html,<script>', '//example.test', 'example.test', '', 'http://']) {
      assert.equal(isWebUrl(url), false, url);
    }
  });
});
