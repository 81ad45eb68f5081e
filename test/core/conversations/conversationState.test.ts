// Which states count as working, which changes a person is told about, and the age text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationState } from '../../../src/api/model/conversations';
import { STATE_PRESENTATION, ageText, canResume, canStop, canTakeMessage, isWorking, stoppedWorking } from '../../../src/core/conversations/conversationState';

const STATES = Object.keys(STATE_PRESENTATION) as ConversationState[];

describe('conversation states', () => {
  it('counts only starting and running as working', () => {
    assert.deepEqual(STATES.filter(isWorking), ['starting', 'running']);
  });

  it('tells when a working conversation reaches any state but working or unknown', () => {
    const told = STATES.filter((after) => stoppedWorking('running', after));
    assert.deepEqual(told, ['waiting', 'paused', 'finished', 'stopped', 'error', 'gone']);
    assert.deepEqual(STATES.filter((before) => stoppedWorking(before, 'finished')), ['starting', 'running']);
  });

  it('offers Stop only where the agent works or waits, Resume only where the sandbox is paused (issue 29, item 6)', () => {
    assert.deepEqual(STATES.filter(canStop), ['starting', 'running', 'waiting']);
    assert.deepEqual(STATES.filter((state) => canResume(state)), ['paused']);
  });

  it('goes on after an error only where the server does (an agent server after a restart): Resume and a message', () => {
    assert.deepEqual(STATES.filter((state) => canResume(state, true)), ['paused', 'error']);
    assert.deepEqual(STATES.filter((state) => canTakeMessage(state)), ['running', 'waiting', 'finished']);
    assert.deepEqual(STATES.filter((state) => canTakeMessage(state, true)), ['running', 'waiting', 'finished', 'error']);
  });

  it('says of a conversation the server no longer has that it is gone, and not working (issue 29, item 7)', () => {
    assert.equal(isWorking('gone'), false);
    assert.equal(STATE_PRESENTATION.gone.sentence, 'The server no longer has this conversation.');
    assert.equal(STATE_PRESENTATION.gone.stoppedNotice('Fix the login'), 'OpenHands: the server no longer has "Fix the login".');
  });

  it('gives each state an icon and a word', () => {
    for (const state of STATES) assert.ok(STATE_PRESENTATION[state].icon && STATE_PRESENTATION[state].word, state);
  });

  it('tells each state that ends the work in a whole sentence naming the conversation', () => {
    assert.equal(STATE_PRESENTATION.finished.stoppedNotice('Fix the login'), 'OpenHands: "Fix the login" finished.');
    assert.equal(STATE_PRESENTATION.waiting.stoppedNotice('Fix the login'), 'OpenHands: "Fix the login" is waiting for your input.');
    const told = STATES.filter((after) => stoppedWorking('running', after)).map((state) => STATE_PRESENTATION[state].stoppedNotice('T'));
    assert.equal(new Set(told).size, told.length, 'each state has its own sentence');
  });

  it('writes ages short, and nothing for a missing or bad time', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    assert.equal(ageText('2026-01-10T11:59:30Z', now), 'just now');
    assert.equal(ageText('2026-01-10T11:15:00Z', now), '45 min');
    assert.equal(ageText('2026-01-10T02:00:00Z', now), '10 h');
    assert.equal(ageText('2026-01-07T12:00:00Z', now), '3 d');
    assert.equal(ageText(null, now), '');
    assert.equal(ageText('not a date', now), '');
  });
});
