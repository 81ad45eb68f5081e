// The title a person gives a conversation: 1-200 characters once trimmed, on every line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { titleProblem } from '../../../src/core/conversations/conversationTitle';
import { costText } from '../../../src/core/conversations/conversationCost';

describe('titleProblem', () => {
  it('takes 1 to 200 characters once trimmed', () => {
    assert.equal(titleProblem('Parser loop'), undefined);
    assert.equal(titleProblem(`  ${'x'.repeat(200)}  `), undefined);
  });

  it('refuses an empty or blank title and one over 200 characters, saying why', () => {
    assert.match(titleProblem('') ?? '', /needs a title/);
    assert.match(titleProblem('   ') ?? '', /needs a title/);
    assert.match(titleProblem('x'.repeat(201)) ?? '', /at most 200 characters; this one has 201/);
  });
});

describe('costText', () => {
  it('says dollars to the cent and the tokens; a fraction of a cent as such', () => {
    assert.equal(costText({ usd: 0.4213, promptTokens: 120400, completionTokens: 3250 }), 'LLM cost so far: $0.42 (120,400 prompt and 3,250 completion tokens).');
    assert.equal(costText({ usd: 0.004, promptTokens: 10, completionTokens: 2 }), 'LLM cost so far: less than $0.01 (10 prompt and 2 completion tokens).');
    assert.equal(costText({ usd: 0, promptTokens: 10, completionTokens: 2 }), 'LLM cost so far: $0.00 (10 prompt and 2 completion tokens).');
  });
});
