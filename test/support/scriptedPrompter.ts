// A Prompter that answers from a script, in order, and records what was asked: the questions of core's
// wizards run in node's test runner without VS Code.
import assert from 'node:assert/strict';
import type { InputRequest, Prompter } from '../../src/core/platform/prompter';

export class ScriptedPrompter implements Prompter {
  readonly asked: InputRequest[] = [];

  /** `undefined` in the script is the person pressing Escape. */
  constructor(private readonly answers: (string | undefined)[]) {}

  input(request: InputRequest): Promise<string | undefined> {
    this.asked.push(request);
    assert.ok(this.answers.length > 0, `unexpected question: ${request.title}`);
    const answer = this.answers.shift();
    // The input box refuses an answer its validation rejects; a script must not get past it either.
    if (answer !== undefined) assert.equal(request.validate?.(answer), undefined, `${request.title} refuses ${JSON.stringify(answer)}`);
    return Promise.resolve(answer);
  }

  get unused(): number {
    return this.answers.length;
  }
}
