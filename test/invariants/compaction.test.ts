// Invariant 4 (DESIGN.md) as fast-check properties over generated histories: summary last, calls paired, user budget
// respected, ghost snapshots kept in order, context placed by the insertion chain, idempotent under the budget.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyUserMessage } from "../../src/compact/collect-user-messages.js";
import { compactHistory, type CompactOptions, type CompactResult } from "../../src/compact/compact-history.js";
import { collectGhostSnapshots } from "../../src/compact/ghost-snapshots.js";
import { findUnpaired } from "../../src/compact/history-pairs.js";
import { messageText, type SummaryMatcher } from "../../src/compact/summary.js";
import type { ResponseItem } from "../../src/model/items.js";
import { approxTokens } from "../../src/tokens/index.js";

const HISTORIES = 10_000;
// Fixed so CI explores the same histories every run; fast-check prints seed and path of a failure to replay it.
const SEED = 20261129;
const PREFIX = "INVARIANT PREFIX";
const matcher: SummaryMatcher = { prefixes: [PREFIX] };

// ---- arbitraries: a scenario is plain data (shrinks well); toHistory turns it into Responses items.
const UNIT = fc.constantFrom("a", "b", " ", "\n", "é", "😀", "中", "<", "…");
const text = (maxLength: number) => fc.string({ unit: UNIT, maxLength, size: "max" });
/** `arb` in `percent`% of cases, else undefined. */
const sometimes = <T>(percent: number, arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(undefined), weight: 100 - percent },
    { arbitrary: arb, weight: percent },
  );
const chance = (percent: number) => sometimes(percent, fc.constant(true)).map((x) => x === true);
/**
 * Mostly short, sometimes long: long user messages and tool outputs push the budgets. A long text repeats a short
 * one (up to `long` units): generating thousands of units one by one made the run three times slower.
 */
const shortOrLong = (short: number, long: number, longPercent: number) =>
  fc.oneof(
    { withCrossShrink: true },
    { arbitrary: text(short), weight: 100 - longPercent },
    {
      arbitrary: fc
        .tuple(text(short), fc.integer({ min: 2, max: Math.ceil(long / short) }))
        .map(([t, times]) => t.repeat(times)),
      weight: longPercent,
    },
  );

const stepArb = fc.record({
  reasoning: sometimes(40, text(100)),
  // Parallel calls: all calls first, then their outputs.
  calls: fc.array(fc.record({ n: fc.nat(98), output: shortOrLong(300, 4000, 10) }), { minLength: 1, maxLength: 3 }),
});
const turnArb = fc.record({
  oldSummary: sometimes(15, text(20)),
  compaction: sometimes(10, text(50)),
  user: shortOrLong(200, 6000, 10),
  skill: sometimes(20, fc.nat(2)),
  ghost: chance(30),
  steps: fc.array(stepArb, { maxLength: 3 }),
  reply: text(100),
});
const scenarioArb = fc.record({
  cwd: fc.nat(8),
  turns: fc.array(turnArb, { minLength: 1, maxLength: 6 }),
  strategy: fc.constantFrom("codex-local", "codex-remote", "pi", "claude-code", "gemini-cli"),
  maxUserTokens: fc.nat(399),
  keepRecentTokens: fc.nat(599),
  summaryReply: fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(""), weight: 1 },
    { arbitrary: text(40), weight: 9 },
  ),
  inject: chance(70),
  // A codex-layout base-instructions item first, kept there (keepFirstItem).
  keepFirstItem: chance(30),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

const msg = (role: "user" | "developer" | "assistant", t: string): ResponseItem => ({
  type: "message",
  role,
  content: [{ type: role === "assistant" ? "output_text" : "input_text", text: t }],
});
const BASE = msg("developer", "BASE INSTRUCTIONS");

function toHistory(s: Scenario): { history: ResponseItem[]; context: ResponseItem[] } {
  const context = [
    msg("developer", "<permissions instructions>p</permissions instructions>"),
    msg("user", `<environment_context>\n  <cwd>/w${s.cwd}</cwd>\n</environment_context>`),
  ];
  const history: ResponseItem[] = [...context];
  let calls = 0;
  for (const turn of s.turns) {
    if (turn.oldSummary !== undefined) history.push(msg("user", `${PREFIX}\nold summary ${turn.oldSummary}`));
    if (turn.compaction !== undefined) history.push({ type: "compaction", encrypted_content: turn.compaction });
    history.push(msg("user", turn.user));
    if (turn.skill !== undefined) history.push(msg("user", `<skill>\n<name>s${turn.skill}</name>\nbody\n</skill>`));
    if (turn.ghost)
      history.push({
        type: "ghost_snapshot",
        ghost_commit: {
          id: `g${history.length}`,
          parent: null,
          preexisting_untracked_files: [],
          preexisting_untracked_dirs: [],
        },
      });
    for (const step of turn.steps) {
      if (step.reasoning !== undefined)
        history.push({ type: "reasoning", summary: [], encrypted_content: step.reasoning });
      const ids = step.calls.map(() => `call_${calls++}`);
      step.calls.forEach((c, k) =>
        history.push({ type: "function_call", name: "shell", arguments: `{"n":${c.n}}`, call_id: ids[k]! }),
      );
      step.calls.forEach((c, k) => history.push({ type: "function_call_output", call_id: ids[k]!, output: c.output }));
    }
    history.push(msg("assistant", turn.reply));
  }
  return { history, context };
}

function optionsFor(s: Scenario, history: ResponseItem[], context: ResponseItem[]): CompactOptions {
  return {
    strategy: s.strategy,
    history: s.keepFirstItem ? [BASE, ...history] : history,
    keepFirstItem: s.keepFirstItem,
    summaryPrefix: PREFIX,
    summaryReply: s.summaryReply,
    maxUserTokens: s.maxUserTokens,
    keepRecentTokens: s.keepRecentTokens,
    readWrappers: { call: "CALL ", result: "RESULT\n" },
    acknowledgement: "ACK",
    ...(s.inject ? { initialContext: context } : {}),
  };
}

// ---- the invariants, checked for one scenario against a compaction function (the real one, or a broken one below).
const kindOf = (item: ResponseItem) => classifyUserMessage(item, matcher);
const textOf = (item: ResponseItem | undefined) => (item?.type === "message" ? messageText(item.content) : "");
const MARKER = /…\d+ tokens truncated…/;
type Compact = (options: CompactOptions) => CompactResult;

function checkInvariants(s: Scenario, compact: Compact): CompactResult {
  const { history, context } = toHistory(s);
  const options = optionsFor(s, history, context);
  const result = compact(options);

  expect(result.history.filter((i) => i === BASE).length, "base instructions kept once").toBe(s.keepFirstItem ? 1 : 0);
  if (s.keepFirstItem) expect(result.history[0], "base instructions kept first").toBe(BASE);
  expect(collectGhostSnapshots(result.history), "ghost snapshots all survive, in order").toEqual(
    collectGhostSnapshots(history),
  );
  expect(findUnpaired(result.history), "no call without its output, no orphan output").toEqual({
    callsWithoutOutput: [],
    outputsWithoutCall: [],
  });

  if (s.strategy === "pi" || s.strategy === "claude-code" || s.strategy === "gemini-cli") {
    if (result.summaryIndex >= 0)
      expect(textOf(result.history[result.summaryIndex]), `${s.strategy}: summary at summaryIndex`).toBe(
        result.summaryText,
      );
    return result;
  }
  const lastUserSide = result.history.findLastIndex(
    (i) => i.type === "compaction" || kindOf(i) === "real" || kindOf(i) === "summary",
  );
  expect(lastUserSide, "summary (or compaction item) is the last user-side item").toBe(result.summaryIndex);
  if (s.strategy === "codex-remote") return result;
  expect(kindOf(result.history[result.summaryIndex]!), "summary is a summary message").toBe("summary");

  // Marker bytes are not user text.
  const retained = result.history
    .filter((i) => kindOf(i) === "real")
    .reduce((sum, i) => sum + approxTokens(textOf(i).replace(MARKER, "")), 0);
  expect(retained, "retained user tokens within the budget").toBeLessThanOrEqual(s.maxUserTokens);

  if (s.inject) {
    // The chain: right before the last real user message, else before the summary.
    const at = result.initialContext!.index;
    expect(result.history.slice(at, at + context.length), "initial context inserted whole").toEqual(context);
    const after = result.history.slice(at + context.length).filter((i) => kindOf(i) === "real");
    const before = result.history.slice(0, at).filter((i) => kindOf(i) === "real");
    expect(after.length, "at most the last real user message after the context").toBeLessThanOrEqual(1);
    if (after.length === 0)
      expect(before.length, "no real user message before a context placed at the summary").toBe(0);
  }

  if (!result.userMessages.some((m) => m.fate === "truncated")) {
    const again = compact({ ...options, history: result.history });
    expect(again.history, "idempotent when nothing was truncated").toEqual(result.history);
  }
  return result;
}

describe("compaction invariants", () => {
  // A passing run takes seconds; the long timeout is for shrinking a failure (up to ~30 s on a loaded machine).
  it(`hold for ${HISTORIES} generated histories across all strategies`, { timeout: 120_000 }, () => {
    // What the run exercised, so a generator that drifts to trivial histories fails loudly.
    const seen = new Map<string, number>();
    const count = (key: string, yes = true) => {
      if (yes) seen.set(key, (seen.get(key) ?? 0) + 1);
    };
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const result = checkInvariants(s, compactHistory);
        count(s.strategy);
        count("empty summary", s.summaryReply === "");
        count("keep first", s.keepFirstItem);
        count(
          "ghosts",
          s.turns.some((t) => t.ghost),
        );
        count(
          "old summary",
          s.turns.some((t) => t.oldSummary !== undefined),
        );
        count(
          "compaction item",
          s.turns.some((t) => t.compaction !== undefined),
        );
        count(
          "parallel calls",
          s.turns.some((t) => t.steps.some((st) => st.calls.length > 1)),
        );
        for (const m of result.userMessages) count(`fate ${m.fate}`);
        if (result.initialContext) count(`anchor ${result.initialContext.anchor}`);
      }),
      { numRuns: HISTORIES, seed: SEED },
    );
    const counts = Object.fromEntries([...seen].sort());
    const share = (key: string) => (counts[key] ?? 0) / HISTORIES;
    // Five strategies: each gets about a fifth of the histories.
    for (const key of ["codex-local", "codex-remote", "pi", "claude-code", "gemini-cli"])
      expect(share(key), key).toBeGreaterThan(0.15);
    for (const key of ["keep first", "ghosts", "old summary", "compaction item", "parallel calls"]) {
      expect(share(key), key).toBeGreaterThan(0.2);
    }
    expect(share("empty summary"), "empty summary").toBeGreaterThan(0.05);
    for (const key of [
      "fate kept",
      "fate truncated",
      "fate dropped",
      "fate summarized",
      "anchor last-real-user",
      "anchor start",
    ]) {
      expect(counts[key] ?? 0, key).toBeGreaterThan(1000);
    }
    // Rare by nature (every real user message dropped): the old generator reached it 8 times in 10,000.
    expect(counts["anchor last-user-or-summary"] ?? 0, "anchor last-user-or-summary").toBeGreaterThan(10);
  });

  // The check can fail: each broken compaction breaks one invariant, and fast-check finds and shrinks a history.
  const dropLast =
    (type: ResponseItem["type"]) =>
    (r: CompactResult): CompactResult => {
      const at = r.history.findLastIndex((i) => i.type === type);
      return at < 0 ? r : { ...r, history: r.history.filter((_, i) => i !== at) };
    };
  const appendUser = (r: CompactResult): CompactResult => ({ ...r, history: [...r.history, msg("user", "late")] });
  it.each([
    ["loses a ghost snapshot", dropLast("ghost_snapshot")],
    ["loses a call's output", dropLast("function_call_output")],
    ["puts a user message after the summary", appendUser],
  ])("fails with a shrunk history when the compaction %s", (_name, breakIt) => {
    const broken: Compact = (options) => breakIt(compactHistory(options));
    const details = fc.check(
      fc.property(scenarioArb, (s) => void checkInvariants(s, broken)),
      { numRuns: 1000, seed: SEED },
    );
    expect(details.failed).toBe(true);
    // Shrunk to at most two turns of empty texts (the shrinker sometimes cannot drop a trailing turn).
    const [shrunk] = details.counterexample ?? [];
    expect(shrunk!.turns.length).toBeLessThanOrEqual(2);
    expect(shrunk!.turns.every((t) => t.user === "" && t.reply === "" && t.steps.length <= 1)).toBe(true);
  });
});
