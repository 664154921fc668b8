// What compaction would do to a parsed session log right now: usage vs threshold, tokens before and after,
// and the compacted history. Pure; `promptc compact` renders it.
import type { ResponseItem } from "../model/items.js";
import { messageText } from "../model/message-text.js";
import type { ParsedSessionLog } from "../session-log/parse-rollout.js";
import { countTokens, type CountTokens } from "../tokens/count.js";
import { autoCompactLimit, EFFECTIVE_CONTEXT_WINDOW_PERCENT } from "./auto-compact-limit.js";
import { compactHistory } from "./compact-history.js";
import type { CompactBaseOptions, CompactOptions, CompactResult, CompactStrategyName } from "./compact-options.js";
import { estimateHistoryTokens, type CodexEstimateMethod } from "./estimate-tokens.js";
import { initialContextFromHistory } from "./initial-context-from-history.js";
import type { PinSelector } from "./pinned-blocks.js";
import { shouldCompact, totalUsageTokens, type CompactDecision, type TotalUsage } from "./should-compact.js";
import { isPromptcLog } from "../session-log/session-log.js";
import { HARNESS_COMPACT_STAND_INS, type HarnessCompactProse } from "./harness-compact-prose.js";
import { harnessCompactLimit } from "./harness-compact-limit.js";

export interface DryRunOptions {
  log: ParsedSessionLog;
  strategy: CompactStrategyName;
  summaryPrefix: string;
  summaryReply: string;
  /** Full model context window; when omitted it is derived from the window the log reported (95%). */
  contextWindow?: number;
  /** Used when neither `contextWindow` nor the log gives one (a config's `model_context_window`). */
  fallbackContextWindow?: number;
  /** Last resort: the window the model catalogue states for the log's model (see profiles/model-info). */
  catalogueContextWindow?: number;
  /** `model_auto_compact_token_limit`. */
  configLimit?: number;
  pins?: readonly PinSelector[];
  maxUserTokens?: number;
  keepRecentTokens?: number;
  /** Re-inject the freshest initial context found in the log (Codex 0.171.0 does so on every compaction). */
  injectInitialContext: boolean;
  method: CodexEstimateMethod;
  /** Keep `history[0]` first (a base-instructions item); default: {@link hasLoggedBaseInstructionsItem}. */
  keepFirstItem?: boolean;
  /** Claude Code, Gemini CLI and pi prose around the summary; default: labelled stand-ins. */
  harnessProse?: HarnessCompactProse;
  /** Exact o200k counts for the totals; default: countTokens, uncached. */
  countTokens?: CountTokens;
}

export interface TokenTotals {
  items: number;
  /** o200k count of the model-visible text (base instructions + item texts; no per-message framing). */
  exactTokens: number;
  /** Codex's estimate (ceil(bytes/4), see estimate-tokens.ts). */
  estimatedTokens: number;
}

export interface DryRunReport {
  usage: TotalUsage & { source: "reported" | "estimated" };
  threshold: {
    limit: number | undefined;
    contextWindow: number | undefined;
    windowSource: "option" | "log" | "config" | "model catalogue" | "unknown";
    configLimit: number | undefined;
    decision: CompactDecision;
  };
  before: TokenTotals;
  after: TokenTotals;
  result: CompactResult;
}

/** The text a model reads from an item (what the exact count covers). */
export function itemVisibleText(item: ResponseItem): string {
  switch (item.type) {
    case "message":
      return messageText(item.content);
    case "function_call":
      return item.name + item.arguments;
    case "custom_tool_call":
      return item.name + item.input;
    case "function_call_output":
    case "custom_tool_call_output":
      return typeof item.output === "string" ? item.output : messageText(item.output);
    case "reasoning":
      return item.summary.map((s) => s.text).join("");
    case "web_search_call":
      return item.action ? JSON.stringify(item.action) : "";
    case "compaction":
    case "ghost_snapshot":
    case "additional_tools":
      return "";
    default: {
      const never: never = item;
      return never;
    }
  }
}

/**
 * promptc's codex profile logs its base instructions as the first history item (no `base_instructions` in the
 * session meta); Codex's own rollouts keep them in the meta only.
 */
export function hasLoggedBaseInstructionsItem(log: ParsedSessionLog): boolean {
  const first = log.history[0];
  return (
    isPromptcLog(log.meta) &&
    log.baseInstructions === undefined &&
    first?.type === "message" &&
    first.role === "developer"
  );
}

/** The model's full context window from a log: Codex reports its 95% effective window, promptc the full one. */
export function contextWindowFromLog(log: ParsedSessionLog): number | undefined {
  if (log.modelContextWindow === undefined) return undefined;
  return isPromptcLog(log.meta)
    ? log.modelContextWindow
    : Math.round((log.modelContextWindow * 100) / EFFECTIVE_CONTEXT_WINDOW_PERCENT);
}

function totals(
  items: readonly ResponseItem[],
  base: string | undefined,
  method: CodexEstimateMethod,
  count: CountTokens,
): TokenTotals {
  let exact = base ? count(base) : 0;
  for (const item of items) {
    const text = itemVisibleText(item);
    if (text !== "") exact += count(text);
  }
  return {
    items: items.length,
    exactTokens: exact,
    estimatedTokens: estimateHistoryTokens(items, {
      ...(base !== undefined ? { baseInstructions: base } : {}),
      method,
    }),
  };
}

export function planCompactDryRun(options: DryRunOptions): DryRunReport {
  const { log, method } = options;
  const count = options.countTokens ?? ((text: string) => countTokens(text));
  const base = log.baseInstructions;
  const usage =
    log.lastTotalTokens !== undefined
      ? {
          ...totalUsageTokens({
            lastReportedTotal: log.lastTotalTokens,
            history: log.history,
            ...(log.reasoningIncluded !== undefined ? { reasoningIncluded: log.reasoningIncluded } : {}),
            method,
          }),
          source: "reported" as const,
        }
      : {
          ...totalUsageTokens({ lastReportedTotal: 0, history: [], method }),
          total: estimateHistoryTokens(log.history, {
            ...(base !== undefined ? { baseInstructions: base } : {}),
            method,
          }),
          source: "estimated" as const,
        };
  const fromLog = contextWindowFromLog(log);
  const contextWindow =
    options.contextWindow ?? fromLog ?? options.fallbackContextWindow ?? options.catalogueContextWindow;
  const windowSource: DryRunReport["threshold"]["windowSource"] =
    options.contextWindow !== undefined
      ? "option"
      : fromLog !== undefined
        ? "log"
        : options.fallbackContextWindow !== undefined
          ? "config"
          : options.catalogueContextWindow !== undefined
            ? "model catalogue"
            : "unknown";
  const limit =
    options.strategy === "codex-local" || options.strategy === "codex-remote"
      ? autoCompactLimit({
          ...(contextWindow !== undefined ? { contextWindow } : {}),
          ...(options.configLimit !== undefined ? { configLimit: options.configLimit } : {}),
        })
      : harnessCompactLimit(options.strategy, contextWindow, options.configLimit, log.model);
  const decision = shouldCompact({ phase: "pre-turn", totalUsage: usage.total, limit });
  const keepFirstItem = options.keepFirstItem ?? hasLoggedBaseInstructionsItem(log);
  const initial = options.injectInitialContext
    ? initialContextFromHistory(keepFirstItem ? log.history.slice(1) : log.history).items
    : [];
  const common: CompactBaseOptions = {
    history: log.history,
    keepFirstItem,
    summaryPrefix: options.summaryPrefix,
    knownSummaries: new Set(log.summaryTexts),
    ...(initial.length > 0 ? { initialContext: initial } : {}),
    ...(options.pins ? { pins: options.pins } : {}),
  };
  const result = compactHistory(strategyOptions(options, common, contextWindow, base, method));
  return {
    usage,
    threshold: { limit, contextWindow, windowSource, configLimit: options.configLimit, decision },
    before: totals(log.history, base, method, count),
    after: totals(result.history, base, method, count),
    result,
  };
}

/** The chosen strategy's options: the shared ones plus what that strategy reads from the dry-run options. */
function strategyOptions(
  options: DryRunOptions,
  common: CompactBaseOptions,
  contextWindow: number | undefined,
  base: string | undefined,
  method: CodexEstimateMethod,
): CompactOptions {
  const prose = options.harnessProse ?? HARNESS_COMPACT_STAND_INS;
  switch (options.strategy) {
    case "codex-local":
      return {
        ...common,
        strategy: "codex-local",
        summaryReply: options.summaryReply,
        ...(options.maxUserTokens !== undefined ? { maxUserTokens: options.maxUserTokens } : {}),
      };
    case "codex-remote":
      return {
        ...common,
        strategy: "codex-remote",
        ...(contextWindow !== undefined
          ? { contextWindow: Math.floor((contextWindow * EFFECTIVE_CONTEXT_WINDOW_PERCENT) / 100) }
          : {}),
        ...(base !== undefined ? { baseInstructions: base } : {}),
        method,
      };
    case "pi":
      return {
        ...common,
        strategy: "pi",
        summaryReply: options.summaryReply,
        ...(options.keepRecentTokens !== undefined ? { keepRecentTokens: options.keepRecentTokens } : {}),
      };
    case "claude-code":
      return {
        ...common,
        strategy: "claude-code",
        summaryReply: options.summaryReply,
        summaryTrailer: prose.claudeCodeTrailer,
        readWrappers: prose.claudeCodeReadWrappers,
      };
    case "gemini-cli":
      return {
        ...common,
        strategy: "gemini-cli",
        summaryReply: options.summaryReply,
        acknowledgement: prose.geminiAcknowledgement,
      };
    default: {
      const never: never = options.strategy;
      throw new Error(`unknown compaction strategy ${String(never)}`);
    }
  }
}
