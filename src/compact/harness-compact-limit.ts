// When pi and Gemini CLI compact on their own, as the token count the dry run compares usage with (compact at or
// above it). Pure. Measured: pi 0.73.1 compacts after a turn whose context exceeds window − compaction.reserveTokens
// (16384): 3617 of a 20000 window did, 3616 did not. Gemini CLI 0.61.0 compresses before a turn once the last
// prompt reached model.compressionThreshold (0.5) × the model's token limit: 524288 did, 524287 did not. Claude
// Code's threshold is not
// modelled (its auto-compact window and percentage come from CLAUDE_CODE_AUTO_COMPACT_WINDOW and
// CLAUDE_AUTOCOMPACT_PCT_OVERRIDE and a served table), so it has none.
import type { CompactStrategyName } from "./compact-options.js";
import { PI_RESERVE_TOKENS } from "./find-cut-point.js";
import { GEMINI_COMPRESSION_THRESHOLD } from "./gemini-split-point.js";

/** Gemini CLI 0.61.0's token limit per model (its `tokenLimit`): Gemma 4 models 256,000, every other 1,048,576. */
export function geminiTokenLimit(model: string | undefined): number {
  return model === "gemma-4-31b-it" || model === "gemma-4-26b-a4b-it" ? 256_000 : 1_048_576;
}

/** `configLimit` overrides the computed value, as `--auto-compact-limit` does for Codex. */
export function harnessCompactLimit(
  strategy: Exclude<CompactStrategyName, "codex-local" | "codex-remote">,
  contextWindow: number | undefined,
  configLimit: number | undefined,
  model?: string,
): number | undefined {
  if (configLimit !== undefined) return configLimit;
  if (strategy === "gemini-cli")
    return Math.ceil((contextWindow ?? geminiTokenLimit(model)) * GEMINI_COMPRESSION_THRESHOLD);
  if (contextWindow === undefined) return undefined;
  switch (strategy) {
    case "pi":
      return Math.max(0, contextWindow - PI_RESERVE_TOKENS + 1);
    case "claude-code":
      return undefined;
    default: {
      const never: never = strategy;
      throw new Error(`unknown compaction strategy ${String(never)}`);
    }
  }
}
