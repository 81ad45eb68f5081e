// The composition root of the review of the agent's changes: comment threads on its diffs, sent to the agent as one
// follow-up. The build emits it as its own file, dist/review.js, which extension.ts loads right after the agent's
// work (src/agentWork.ts), whose diffs it comments on.
import type { AgentWork } from './agentWork';
import type { Activated, CommandParts } from './onDemand';
import type { ReviewHandlers } from './vscode/platform/commands';
import { presentingFailures } from './vscode/platform/presentedFailures';
import { reviewCommands } from './vscode/review/reviewCommands';
import { ReviewComments } from './vscode/review/reviewComments';
import { ReviewDecorations } from './vscode/review/reviewDecorations';
import { ReviewFollower } from './vscode/review/reviewFollower';
import { ReviewPreview } from './vscode/review/reviewPreview';
import { ReviewSender } from './vscode/review/reviewSender';
import { ReviewStore } from './vscode/review/reviewStore';

export interface Review {
  readonly handlers: ReviewHandlers;
}

export function review(activated: Activated, parts: CommandParts, work: AgentWork): Review {
  const { context, changes, watch, session, errors } = activated;
  const store = new ReviewStore(context.workspaceState);
  const comments = new ReviewComments(store, changes, session);
  const preview = new ReviewPreview();
  context.subscriptions.push(store, comments, preview, new ReviewDecorations(store), new ReviewFollower(store, changes, work.changeContents, watch, session));
  return { handlers: presentingFailures(reviewCommands(store, comments, new ReviewSender(store, changes, parts.actions, preview)), errors) };
}
