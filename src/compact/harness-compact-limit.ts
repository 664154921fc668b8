// When pi and Gemini CLI compact on their own, as a token count for the dry run's threshold line. Pure.
// pi 0.73.1: once the context exceeds window − compaction.reserveTokens (16384). Gemini CLI 0.61.0: once the last
// prompt reached model.compressionThreshold (0.5) × the model's token limit. Claude Code's threshold is not
// modelled (its auto-compact window and percentage come from CLAUDE_CODE_AUTO_COMPACT_WINDOW and
// CLAUDE_AUTOCOMPACT_PCT_OVERRIDE and a served table), so it has none.
import type { CompactStrategyName } from "./compact-options.js";
import { PI_RESERVE_TOKENS } from "./find-cut-point.js";
import { GEMINI_COMPRESSION_THRESHOLD } from "./gemini-split-point.js";

/** `configLimit` overrides the computed value, as `--auto-compact-limit` does for Codex. */
export function harnessCompactLimit(
  strategy: Exclude<CompactStrategyName, "codex-local" | "codex-remote">,
  contextWindow: number | undefined,
  configLimit: number | undefined,
): number | undefined {
  if (configLimit !== undefined) return configLimit;
  if (contextWindow === undefined) return undefined;
  switch (strategy) {
    case "pi":
      return Math.max(0, contextWindow - PI_RESERVE_TOKENS);
    case "gemini-cli":
      return Math.floor(contextWindow * GEMINI_COMPRESSION_THRESHOLD);
    case "claude-code":
      return undefined;
    default: {
      const never: never = strategy;
      throw new Error(`unknown compaction strategy ${String(never)}`);
    }
  }
}
