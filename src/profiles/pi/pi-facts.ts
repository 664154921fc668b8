// Facts of pi 0.73.1's request that are not prose: tool names, per-API body constants, the markers of the system
// text (`# Project Context`, `## <path>`, the skills XML, the date and cwd lines). From its source and captures. Pure.
import { escapeXmlEntities } from "../xml-entities.js";

import type { PiThinkingLevel } from "./pi-turn.js";

export const PI_VERSION = "0.73.1";
/** The default tool set, in order. */
export const PI_TOOL_NAMES = ["read", "bash", "edit", "write"] as const;
/** The default thinking level and what it becomes per API. */
export const PI_THINKING = { level: "medium", anthropicBudgetTokens: 8192 } as const;

/** The Anthropic thinking budget per level (pi-ai's defaults; xhigh counts as high). */
const PI_ANTHROPIC_BUDGETS = { minimal: 1024, low: 2048, medium: 8192, high: 16384 } as const;

/**
 * The Anthropic `max_tokens` and thinking budget for a level, as pi-ai adjusts them: the budget is added to the
 * model's max tokens up to that maximum, and shrinks to leave 1,024 output tokens when it would not fit.
 */
export function piAnthropicThinking(
  level: Exclude<PiThinkingLevel, "off">,
  modelMaxTokens: number,
): { maxTokens: number; budget: number } {
  let budget: number = PI_ANTHROPIC_BUDGETS[level === "xhigh" ? "high" : level];
  const maxTokens = Math.min(modelMaxTokens + budget, modelMaxTokens);
  if (maxTokens <= budget) budget = Math.max(0, maxTokens - 1024);
  return { maxTokens, budget };
}

/** `& < > " '` as XML entities (pi's skills listing). */
export const escapePiXml = escapeXmlEntities;
