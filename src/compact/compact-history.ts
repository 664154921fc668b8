// One interface over the compaction strategies (Codex local and remote, pi, Claude Code, Gemini CLI), with a
// report of what moved.
// Pure: the summary text comes in as data; nothing here calls a model.
import type { ResponseItem } from "../model/items.js";
import { compactCodexLocal, historyReplaced } from "./codex-local-strategy.js";
import { compactCodexRemote } from "./codex-remote-strategy.js";
import type { CompactOptions, CompactResult } from "./compact-options.js";
import { compactClaudeCode } from "./claude-code-strategy.js";
import { compactGeminiCli } from "./gemini-cli-strategy.js";
import { compactPi } from "./pi-strategy.js";

export {
  COMPACT_STRATEGIES,
  type CompactOptions,
  type CompactResult,
  type CompactStrategyName,
} from "./compact-options.js";

export function compactHistory(options: CompactOptions): CompactResult {
  const first = options.keepFirstItem ? options.history[0] : undefined;
  if (first === undefined) return compactWith(options);
  return withFirstItem(compactWith({ ...options, history: options.history.slice(1) }), first);
}

function compactWith(options: CompactOptions): CompactResult {
  switch (options.strategy) {
    case "codex-local":
      return compactCodexLocal(options);
    case "codex-remote":
      return compactCodexRemote(options);
    case "pi":
      return compactPi(options);
    case "claude-code":
      return compactClaudeCode(options);
    case "gemini-cli":
      return compactGeminiCli(options);
    default: {
      const never: never = options;
      throw new Error(`unknown compaction strategy ${String((never as CompactOptions).strategy)}`);
    }
  }
}

/** Put `item` back first: every index (into the input and into the result) moves by one. */
function withFirstItem(result: CompactResult, item: ResponseItem): CompactResult {
  const shift = (i: number) => (i < 0 ? i : i + 1);
  return {
    ...result,
    history: [item, ...result.history],
    summaryIndex: shift(result.summaryIndex),
    ...(result.initialContext
      ? { initialContext: { ...result.initialContext, index: shift(result.initialContext.index) } }
      : {}),
    userMessages: result.userMessages.map((m) => ({ ...m, historyIndex: shift(m.historyIndex) })),
    pinnedIndexes: result.pinnedIndexes.map(shift),
    ghostIndexes: result.ghostIndexes.map(shift),
    ...(result.pi
      ? { pi: { ...result.pi, cutIndex: shift(result.pi.cutIndex), turnStartIndex: shift(result.pi.turnStartIndex) } }
      : {}),
    ...(result.split ? { split: { ...result.split, cutIndex: shift(result.split.cutIndex) } } : {}),
    diagnostics: result.diagnostics.map((d) =>
      d.rule === "compact/history-replaced"
        ? historyReplaced(Number(d.data?.before) + 1, result.history.length + 1, d.data?.context === true)
        : d,
    ),
  };
}
