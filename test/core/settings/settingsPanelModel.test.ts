import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TimeoutError, RedirectError } from '../../../src/api/http/transportErrors';
import { UnauthorizedError } from '../../../src/api/http/statusErrors';
import type { LoadedSettings } from '../../../src/api/model/settings';
import { SettingsPanelModel } from '../../../src/core/settings/settingsPanelModel';

const request = { method: 'GET', path: '/api/settings', baseUrl: 'http://127.0.0.1:3000' };
const settings = { llm_model: 'gpt-4o' } as unknown as LoadedSettings;

describe('SettingsPanelModel', () => {
  it('a newer load wins over an older one still on its way, and a change of server cancels both', () => {
    const model = new SettingsPanelModel();
    const server = new AbortController();
    const older = model.beginLoad(server.signal);
    const newer = model.beginLoad(server.signal);
    assert.equal(older(), false);
    assert.equal(newer(), true);
    server.abort();
    assert.equal(newer(), false, 'the load the change starts decides');
  });

  it('a load leaves the panel connected, or without settings when the server has none yet', () => {
    const model = new SettingsPanelModel();
    assert.equal(model.loaded(null, undefined), 'noSettings');
    assert.equal(model.settings, null);
    assert.equal(model.loaded(settings, { fields: [] } as never), 'connected');
    assert.equal(model.settings, settings);
  });

  it('a failed load leaves its state; only a refused redirect is also shown', () => {
    const model = new SettingsPanelModel();
    assert.deepEqual(model.loadFailed(new UnauthorizedError(request, 401, undefined), false), { state: 'noKey', shown: false });
    assert.deepEqual(model.loadFailed(new UnauthorizedError(request, 401, 'session'), true), { state: 'unauthorized', shown: false });
    assert.deepEqual(model.loadFailed(new TimeoutError(request, 1000), true), { state: 'offline', shown: false });
    const moved = new RedirectError(request, 301, 'other_origin', 'http://127.0.0.1:4000/api/settings', 'http://127.0.0.1:4000');
    assert.deepEqual(model.loadFailed(moved, true), { state: 'error', shown: true });
  });

  it('offline after a load, shows its settings with a word that they may be stale; after a failed load, none', () => {
    const model = new SettingsPanelModel();
    const server = new AbortController();
    model.beginLoad(server.signal);
    model.loaded(settings, undefined);
    model.saved('Model');
    assert.equal(model.shownIn('connected'), settings);
    assert.match(model.messageIn('connected') ?? '', /^Saved Model/);
    assert.equal(model.shownIn('offline'), settings, 'another request found the server gone: the settings stay');
    assert.match(model.messageIn('offline') ?? '', /may be out of date/);
    model.beginLoad(server.signal);
    assert.equal(model.shownIn('offline'), null, 'a load under way decides');
    model.loadFailed(new TimeoutError(request, 1000), true);
    assert.equal(model.shownIn('offline'), null, 'their own load failed: the offline welcome view');
    assert.equal(model.messageIn('offline'), undefined);
  });

  it('a save that ends while a load is on its way is not undone by that load\'s older answer', () => {
    // Seen on a loaded machine: the local server's first load (started by the switch to it) read confirmation mode
    // off, the extension's save turned it on meanwhile, then that load ended and showed "off" until the next one.
    const model = new SettingsPanelModel();
    const load = model.beginLoad(new AbortController().signal);
    const saved = { ...settings, confirmation_mode: true } as LoadedSettings;
    model.stored({ settings: saved, advanced: undefined });
    model.saved('Confirmation mode');
    assert.equal(load(), true, 'the load still decides the state');
    assert.equal(model.loaded({ ...settings, confirmation_mode: false } as LoadedSettings, undefined), 'connected');
    assert.equal(model.shownIn('connected'), saved, 'the save\'s answer, newer than the load\'s');
    // Only what the save stored stays: the load's other parts are shown.
    const lists = [{ label: 'LLM Profiles' }] as never;
    model.beginLoad(new AbortController().signal);
    model.stored({ advanced: { fields: [] } as never });
    model.loaded(settings, { fields: [{ path: 'a' }] } as never, lists);
    assert.deepEqual([model.settings, model.advanced, model.lists], [settings, { fields: [] }, lists]);
    // A load begun after the save read the server after it: its answer is shown whole.
    model.beginLoad(new AbortController().signal);
    model.loaded(saved, { fields: [{ path: 'b' }] } as never);
    assert.deepEqual([model.settings, model.advanced, model.lists], [saved, { fields: [{ path: 'b' }] }, []]);
  });

  it('marks the latest edit of a field as saving; an earlier edit ending does not unmark it', () => {
    const model = new SettingsPanelModel();
    const first = model.beginEdit('llm_model', 'a');
    const second = model.beginEdit('llm_model', 'b');
    model.beginEdit('agent', 'CodeActAgent');
    model.endEdit('llm_model', first);
    assert.deepEqual([...model.pending], [['llm_model', 'b'], ['agent', 'CodeActAgent']]);
    model.endEdit('llm_model', second);
    assert.deepEqual([...model.pending], [['agent', 'CodeActAgent']]);
  });

  it('says what a save did until the state changes', () => {
    const model = new SettingsPanelModel();
    assert.equal(model.message, undefined);
    model.saved('LLM Model');
    assert.match(model.message ?? '', /^Saved LLM Model\./);
    model.refused('LLM Model', 'The server refused the request (HTTP 400).');
    assert.equal(model.message, 'LLM Model not saved. The server refused the request (HTTP 400).');
    model.stateChanged();
    assert.equal(model.message, undefined, 'each state has its own welcome view');
    model.firstSaved();
    assert.match(model.message ?? '', /^Saved\. New settings apply/);
  });
});
