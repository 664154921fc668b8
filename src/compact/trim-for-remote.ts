// Before a remote compaction request: drop harness-generated items from the tail until the estimate fits. Pure.
// Only tool outputs and developer messages are removed (each with its paired call); user/assistant stay.
import type { ResponseItem } from "../model/items.js";
import { estimateHistoryTokens, estimateItemTokens, type CodexEstimateMethod } from "./estimate-tokens.js";
import { partnerIndex } from "./history-pairs.js";

export interface TrimForRemoteOptions {
  /** Target: the effective (95%) context window; undefined → nothing is trimmed. */
  contextWindow: number | undefined;
  baseInstructions?: string;
  method?: CodexEstimateMethod;
}

export interface TrimForRemoteResult {
  history: ResponseItem[];
  /** Removed items (tail item and its partner), in removal order. */
  removed: ResponseItem[];
  estimateBefore: number;
  estimateAfter: number;
}

function isHarnessGenerated(item: ResponseItem): boolean {
  if (item.type === "message") return item.role === "developer";
  return item.type === "function_call_output" || item.type === "custom_tool_call_output";
}

export function trimForRemote(history: readonly ResponseItem[], options: TrimForRemoteOptions): TrimForRemoteResult {
  const estimateBefore = estimateHistoryTokens(history, options);
  let items = [...history];
  let estimate = estimateBefore;
  const removed: ResponseItem[] = [];
  if (options.contextWindow === undefined) return { history: items, removed, estimateBefore, estimateAfter: estimate };
  while (estimate > options.contextWindow && items.length > 0) {
    const last = items.length - 1;
    if (!isHarnessGenerated(items[last]!)) break;
    const partner = partnerIndex(items, last);
    for (const i of [last, partner]) {
      if (i < 0) continue;
      removed.push(items[i]!);
      estimate -= estimateItemTokens(items[i]!, options.method);
    }
    items = items.filter((_, i) => i !== last && i !== partner);
  }
  return { history: items, removed, estimateBefore, estimateAfter: estimate };
}
