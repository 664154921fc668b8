// Invariant 4 (DESIGN.md) over many generated histories: summary last, calls paired, user budget respected,
// ghost snapshots kept in order, context placed by the insertion chain, idempotent under the budget.
import { describe, expect, it } from "vitest";
import { classifyUserMessage } from "../../src/compact/collect-user-messages.js";
import { compactHistory, type CompactStrategyName } from "../../src/compact/compact-history.js";
import { collectGhostSnapshots } from "../../src/compact/ghost-snapshots.js";
import { findUnpaired } from "../../src/compact/history-pairs.js";
import { messageText, type SummaryMatcher } from "../../src/compact/summary.js";
import type { ResponseItem } from "../../src/model/items.js";
import { approxTokens } from "../../src/tokens/index.js";
import { seededRandom } from "../seeded-random.js";

const HISTORIES = 10_000;
const PREFIX = "INVARIANT PREFIX";
const matcher: SummaryMatcher = { prefixes: [PREFIX] };

const ALPHABET = ["a", "b", " ", "\n", "é", "😀", "中", "<", "…"];

function generate(rand: () => number): { history: ResponseItem[]; context: ResponseItem[] } {
  const int = (n: number) => Math.floor(rand() * n);
  const text = (max: number) => {
    const len = int(max);
    let s = "";
    for (let i = 0; i < len; i++) s += ALPHABET[int(ALPHABET.length)];
    return s;
  };
  const msg = (role: "user" | "developer" | "assistant", t: string): ResponseItem => ({
    type: "message",
    role,
    content: [{ type: role === "assistant" ? "output_text" : "input_text", text: t }],
  });
  const context = [msg("developer", "<permissions instructions>p</permissions instructions>"), msg("user", `<environment_context>\n  <cwd>/w${int(9)}</cwd>\n</environment_context>`)];
  const history: ResponseItem[] = [...context];
  let calls = 0;
  const turns = 1 + int(6);
  for (let turn = 0; turn < turns; turn++) {
    if (rand() < 0.15) history.push(msg("user", `${PREFIX}\nold summary ${text(20)}`));
    if (rand() < 0.1) history.push({ type: "compaction", encrypted_content: text(50) });
    history.push(msg("user", rand() < 0.1 ? text(6000) : text(200)));
    if (rand() < 0.2) history.push(msg("user", `<skill>\n<name>s${int(3)}</name>\nbody\n</skill>`));
    if (rand() < 0.3) history.push({ type: "ghost_snapshot", ghost_commit: { id: `g${history.length}`, parent: null, preexisting_untracked_files: [], preexisting_untracked_dirs: [] } });
    const steps = int(4);
    for (let s = 0; s < steps; s++) {
      if (rand() < 0.4) history.push({ type: "reasoning", summary: [], encrypted_content: text(100) });
      const parallel = 1 + int(3);
      const ids = Array.from({ length: parallel }, () => `call_${calls++}`);
      for (const id of ids) history.push({ type: "function_call", name: "shell", arguments: `{"n":${int(99)}}`, call_id: id });
      for (const id of ids) history.push({ type: "function_call_output", call_id: id, output: text(rand() < 0.1 ? 4000 : 300) });
    }
    history.push(msg("assistant", text(100)));
  }
  return { history, context };
}

const BASE: ResponseItem = { type: "message", role: "developer", content: [{ type: "input_text", text: "BASE INSTRUCTIONS" }] };
const kindOf = (item: ResponseItem) => classifyUserMessage(item, matcher);
const textOf = (item: ResponseItem | undefined) => (item?.type === "message" ? messageText(item.content) : "");
const MARKER = /…\d+ tokens truncated…/;

describe("compaction invariants", () => {
  it(`hold for ${HISTORIES} generated histories across all strategies`, () => {
    const rand = seededRandom(20261129);
    const strategies: CompactStrategyName[] = ["codex-local", "codex-remote", "pi"];
    for (let n = 0; n < HISTORIES; n++) {
      const { history, context } = generate(rand);
      const strategy = strategies[n % strategies.length]!;
      const maxUserTokens = Math.floor(rand() * 400);
      const reply = rand() < 0.1 ? "" : `reply ${n}`;
      const inject = rand() < 0.7;
      // A codex-layout base-instructions item first, kept there (keepFirstItem) in some histories.
      const keepFirstItem = rand() < 0.3;
      const options = {
        strategy,
        history: keepFirstItem ? [BASE, ...history] : history,
        keepFirstItem,
        summaryPrefix: PREFIX,
        summaryReply: reply,
        maxUserTokens,
        keepRecentTokens: Math.floor(rand() * 600),
        ...(inject ? { initialContext: context } : {}),
      };
      const result = compactHistory(options);
      const label = `history #${n} (${strategy})`;

      if (keepFirstItem) expect(result.history[0], label).toBe(BASE);
      expect(result.history.filter((i) => i === BASE).length, label).toBe(keepFirstItem ? 1 : 0);
      // Ghost snapshots all survive, in their original order.
      expect(collectGhostSnapshots(result.history), label).toEqual(collectGhostSnapshots(history));
      // No call without its output and no orphan output.
      expect(findUnpaired(result.history), label).toEqual({ callsWithoutOutput: [], outputsWithoutCall: [] });

      if (strategy === "pi") {
        expect(textOf(result.history[result.summaryIndex]), label).toBe(result.summaryText);
        continue;
      }
      // The summary (or the compaction item) is the last non-contextual user-side item of the compacted history.
      const lastUserSide = result.history.findLastIndex((i) => i.type === "compaction" || kindOf(i) === "real" || kindOf(i) === "summary");
      expect(lastUserSide, label).toBe(result.summaryIndex);
      if (strategy === "codex-remote") continue;
      expect(kindOf(result.history[result.summaryIndex]!), label).toBe("summary");

      // Retained user text never exceeds the budget (marker bytes are not user text).
      const retained = result.history
        .filter((i) => kindOf(i) === "real")
        .reduce((sum, i) => sum + approxTokens(textOf(i).replace(MARKER, "")), 0);
      expect(retained, label).toBeLessThanOrEqual(maxUserTokens);

      // Initial context lands by the chain: right before the last real user message, else before the summary.
      if (inject) {
        const at = result.initialContext!.index;
        expect(result.history.slice(at, at + context.length), label).toEqual(context);
        const after = result.history.slice(at + context.length).filter((i) => kindOf(i) === "real");
        const before = result.history.slice(0, at).filter((i) => kindOf(i) === "real");
        expect(after.length, label).toBeLessThanOrEqual(1);
        if (after.length === 0) expect(before.length, label).toBe(0);
      }

      // Idempotent when nothing was truncated: compacting the result again gives the same history.
      if (!result.userMessages.some((m) => m.fate === "truncated")) {
        const again = compactHistory({ ...options, history: result.history });
        expect(again.history, label).toEqual(result.history);
      }
    }
  });
});
