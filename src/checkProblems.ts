// The composition root of the check's problem matchers (src/vscode/check/checkProblems.ts): its own file,
// dist/checkProblems.js, which src/checkWork.ts loads on the first check of a task that has problem matchers, so
// that a check without them does not pay for it.
import { CheckProblems } from './vscode/check/checkProblems';

export function checkProblems(): CheckProblems {
  return new CheckProblems();
}
