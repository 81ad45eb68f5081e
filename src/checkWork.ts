// The composition root of Check Changes: the person's task run on the agent's changes in a temporary copy, and its
// failure sent back as one follow-up. The build emits it as its own file, dist/checkWork.js, which extension.ts
// loads on the first of its commands, after the agent's work (src/agentWork.ts), whose changes it checks.
import type { AgentWork } from './agentWork';
import type { Activated, CommandParts } from './onDemand';
import { checkCommands } from './vscode/check/checkCommands';
import { loggedImport, onFirstUse } from './vscode/platform/firstUse';
import type { CheckHandlers } from './vscode/platform/commands';
import { presentingFailures } from './vscode/platform/presentedFailures';

export interface CheckWork {
  readonly handlers: CheckHandlers;
}

export function checkWork(activated: Activated, parts: CommandParts, work: AgentWork): CheckWork {
  const { context, session, conversations, errors, logger } = activated;
  // The problem matchers' part: a file of its own, loaded on the first check of a task that has matchers.
  const problems = onFirstUse(async () => {
    const made = (await loggedImport((message) => logger.info(message), 'checkProblems.js', () => import('./checkProblems.js'))).checkProblems();
    context.subscriptions.push(made);
    return made;
  });
  return {
    handlers: presentingFailures(checkCommands({
      context, controller: work.changes, changes: activated.changes, session, conversations, git: parts.git, actions: parts.actions, errors, logger,
      marks: activated.checkMarks, watch: activated.watch, problems,
    }), errors),
  };
}
