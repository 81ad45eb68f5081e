// An agent server's ConversationInfo read into the client's summary: its execution status in the model's words
// (as V1 reads the same statuses of its sandboxes' agent servers), its cost where it reports one.
import { isRecord } from '../guards';
import type { ConversationCost, ConversationSummary } from '../model/conversations';
import { costOf, executionState } from '../v1/conversationList';
import type { ConversationInfo } from './schemas';

export function agentSummary(info: ConversationInfo): ConversationSummary {
  const status = info.execution_status ?? null;
  return {
    id: info.id,
    // Untitled until the server names it after the first message: V1's placeholder, which the views recognize.
    title: info.title || `Conversation ${info.id.slice(0, 5)}`,
    repository: null,
    branch: null,
    createdAt: info.created_at ?? null,
    updatedAt: info.updated_at ?? null,
    state: status === null ? 'unknown' : executionState(status),
    serverStatus: status ?? '',
    ...agentCost(info),
  };
}

/**
 * What its LLM calls cost: 1.58.2 leaves `metrics` null and keeps a MetricsSnapshot per LLM use in
 * `stats.usage_to_metrics` (the agent's `default`, a condenser's, a title's), summed here.
 */
function agentCost(info: ConversationInfo): { cost?: ConversationCost } {
  const stated = costOf(info.metrics);
  if (stated.cost) return stated;
  const usages = isRecord(info.stats) && isRecord(info.stats.usage_to_metrics) ? Object.values(info.stats.usage_to_metrics) : [];
  const costs = usages.flatMap((metrics) => costOf(metrics).cost ?? []);
  if (!costs.length) return {};
  return {
    cost: costs.reduce((sum, cost) => ({
      usd: sum.usd + cost.usd, promptTokens: sum.promptTokens + cost.promptTokens, completionTokens: sum.completionTokens + cost.completionTokens,
    })),
  };
}
