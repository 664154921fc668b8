// When Codex compacts: the total-usage arithmetic and the pre-turn / mid-turn decisions. Pure.
import type { ResponseItem } from "../model/items.js";
import { estimateItemTokens, type CodexEstimateMethod } from "./estimate-tokens.js";

/** Items the model produced; usage reported by the API already covers everything up to the last one. */
export function isModelGeneratedItem(item: ResponseItem): boolean {
  switch (item.type) {
    case "message":
      return item.role === "assistant";
    case "reasoning":
    case "function_call":
    case "custom_tool_call":
    case "web_search_call":
    case "compaction":
      return true;
    case "function_call_output":
    case "custom_tool_call_output":
    case "ghost_snapshot":
    case "additional_tools":
      return false;
    default: {
      const never: never = item;
      return never;
    }
  }
}

export interface TotalUsageOptions {
  /** `total_tokens` of the last API response (or of the post-compaction recount); 0 when none. */
  lastReportedTotal: number;
  history: readonly ResponseItem[];
  /** The server said its usage includes reasoning (`X-Reasoning-Included`); default true. */
  reasoningIncluded?: boolean;
  method?: CodexEstimateMethod;
}

export interface TotalUsage {
  total: number;
  lastReportedTotal: number;
  /** Estimated tokens of the items after the last model-generated item. */
  estimatedTail: number;
  /** Encrypted reasoning before the last user message, added when the server did not include it. */
  estimatedReasoning: number;
  /** Index of the first item counted in `estimatedTail`. */
  tailStart: number;
}

/** Codex's `get_total_token_usage`: last reported total + estimates of what the model has not seen yet. */
export function totalUsageTokens(options: TotalUsageOptions): TotalUsage {
  const { history, method } = options;
  let lastGenerated = -1;
  let lastUser = -1;
  for (let i = history.length - 1; i >= 0 && (lastGenerated < 0 || lastUser < 0); i--) {
    const item = history[i];
    if (!item) continue;
    if (lastGenerated < 0 && isModelGeneratedItem(item)) lastGenerated = i;
    if (lastUser < 0 && item.type === "message" && item.role === "user") lastUser = i;
  }
  let estimatedTail = 0;
  for (let i = lastGenerated + 1; i < history.length; i++) estimatedTail += estimateItemTokens(history[i]!, method);
  let estimatedReasoning = 0;
  if (options.reasoningIncluded === false) {
    for (let i = 0; i < lastUser; i++) {
      const item = history[i]!;
      if (item.type === "reasoning" && item.encrypted_content) estimatedReasoning += estimateItemTokens(item, method);
    }
  }
  return {
    total: options.lastReportedTotal + estimatedTail + estimatedReasoning,
    lastReportedTotal: options.lastReportedTotal,
    estimatedTail,
    estimatedReasoning,
    tailStart: lastGenerated + 1,
  };
}

/** The model the previous regular turn used, for the pre-turn model-switch case. */
export interface ModelSwitchInfo {
  previousModel: string;
  newModel: string;
  /** Effective (95%) windows; undefined when unknown. */
  previousEffectiveWindow?: number;
  newEffectiveWindow?: number;
  /** Auto-compact limit of the new model. */
  newLimit?: number;
}

export type CompactPhase = "pre-turn" | "mid-turn";

export interface ShouldCompactOptions {
  phase: CompactPhase;
  totalUsage: number;
  /** Auto-compact limit; undefined = never. */
  limit: number | undefined;
  /** Mid-turn only: the model asked for tool calls, so the turn continues. */
  followUpPending?: boolean;
  /** Pre-turn only. */
  modelSwitch?: ModelSwitchInfo;
}

export type CompactDecisionReason =
  | "model-switch-to-smaller-window"
  | "limit-reached"
  | "below-limit"
  | "no-limit"
  | "no-follow-up";

export interface CompactDecision {
  compact: boolean;
  reason: CompactDecisionReason;
  /** Compact with the previous model's turn context (model-switch case). */
  usePreviousModel: boolean;
}

export function shouldCompact(options: ShouldCompactOptions): CompactDecision {
  const { phase, totalUsage, limit, modelSwitch } = options;
  const decide = (compact: boolean, reason: CompactDecisionReason, usePreviousModel = false): CompactDecision => ({
    compact,
    reason,
    usePreviousModel,
  });
  if (phase === "pre-turn" && modelSwitch && switchNeedsCompaction(modelSwitch, totalUsage)) {
    return decide(true, "model-switch-to-smaller-window", true);
  }
  if (limit === undefined) return decide(false, "no-limit");
  if (totalUsage < limit) return decide(false, "below-limit");
  if (phase === "mid-turn" && !options.followUpPending) return decide(false, "no-follow-up");
  return decide(true, "limit-reached");
}

function switchNeedsCompaction(s: ModelSwitchInfo, totalUsage: number): boolean {
  if (s.previousModel === s.newModel || s.newLimit === undefined || totalUsage <= s.newLimit) return false;
  if (s.previousEffectiveWindow === undefined || s.newEffectiveWindow === undefined) return false;
  return s.previousEffectiveWindow > s.newEffectiveWindow;
}
