// What a start request asks, read the same way from either line's body: V0's POST /api/conversations
// (repository, initial_user_msg) or V1's POST /api/v1/app-conversations (selected_repository, initial_message).
// Node built-ins only: host suites and UI scenarios both load it.

export type StartLine = 'v0' | 'v1';

export interface SentTarget {
  repository: unknown;
  provider: unknown;
  branch: unknown;
  message: unknown;
}

export function sentTarget(body: Record<string, unknown>, line: StartLine): SentTarget {
  if (line === 'v0') return { repository: body.repository, provider: body.git_provider, branch: body.selected_branch, message: body.initial_user_msg };
  const content = (body.initial_message as { content?: { type: string; text?: string }[] } | undefined)?.content ?? [];
  return { repository: body.selected_repository, provider: body.git_provider, branch: body.selected_branch, message: content.find((c) => c.type === 'text')?.text };
}
