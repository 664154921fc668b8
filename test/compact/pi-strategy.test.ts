import { describe, expect, it } from "vitest";
import { findCutPoint } from "../../src/compact/find-cut-point.js";
import { collectPiFileLists, renderPiFileLists } from "../../src/compact/pi-file-operations.js";
import { compactPi, PI_SPLIT_TURN_JOIN, renderPiSummary } from "../../src/compact/pi-strategy.js";
import type { FunctionCallItem, ResponseItem } from "../../src/model/items.js";
import { assistant, call, dev, ghost, output, skill, user } from "./items.js";

const t = (n: number) => "x".repeat(n * 4); // n pi tokens of text
const LEAD = "LEAD";
const tool = (name: string, path: string, id = name + path): FunctionCallItem => ({
  type: "function_call",
  name,
  arguments: JSON.stringify({ path }),
  call_id: id,
});
const texts = (items: readonly ResponseItem[]) =>
  items.map((i) =>
    i.type === "message" ? `${i.role}:${i.content.map((p) => ("text" in p ? p.text : "")).join("")}` : i.type,
  );

describe("findCutPoint", () => {
  it.each<[string, ResponseItem[], number, { index: number; splitTurn: boolean; turnStartIndex: number }]>([
    [
      "cuts at the user message where the kept estimate reaches the budget",
      [user(t(10)), assistant(t(10)), user(t(10)), assistant(t(10))],
      15,
      { index: 2, splitTurn: false, turnStartIndex: -1 },
    ],
    [
      "moves forward past tool results to the next assistant message (a split turn)",
      [user(t(5)), assistant(t(5)), call("c1"), output("c1", t(20)), assistant(t(1))],
      10,
      { index: 4, splitTurn: true, turnStartIndex: 0 },
    ],
    [
      "cuts at the start of an assistant reply, never between its text and its tool call",
      [user(t(30)), assistant(t(1)), call("c1", "{}"), output("c1", t(1)), assistant(t(30))],
      32,
      { index: 1, splitTurn: true, turnStartIndex: 0 },
    ],
    [
      "keeps parallel calls with their outputs",
      [user(t(1)), call("a"), call("b"), output("a", t(10)), output("b", t(10)), assistant(t(1))],
      12,
      { index: 5, splitTurn: true, turnStartIndex: 0 },
    ],
    [
      "keeps the region from its first message when the budget is never reached",
      [user("a"), assistant("b")],
      1000,
      { index: 0, splitTurn: false, turnStartIndex: -1 },
    ],
    [
      "keeps everything from the first message when no cut point follows the budget",
      [user(t(1)), call("c"), output("c", t(50))],
      10,
      { index: 0, splitTurn: false, turnStartIndex: -1 },
    ],
  ])("%s", (_name, history, budget, expected) => {
    expect(findCutPoint(history, budget)).toMatchObject(expected);
  });

  it("counts from a region start (after an earlier summary)", () => {
    const history = [user("S"), user(t(10)), assistant(t(10)), user(t(10))];
    expect(findCutPoint(history, 5, 1).index).toBe(3);
  });
});

describe("collectPiFileLists", () => {
  it("lists read-only and modified paths apart, sorted, merged with the previous summary's lists", () => {
    const lists = collectPiFileLists(
      [tool("read", "b"), tool("read", "a"), tool("edit", "a"), tool("write", "c"), tool("bash", "z")],
      "old\n\n<read-files>\nr0\n</read-files>\n\n<modified-files>\nm0\n</modified-files>",
    );
    expect(lists).toEqual({ readFiles: ["b", "r0"], modifiedFiles: ["a", "c", "m0"] });
    expect(renderPiFileLists(lists)).toBe(
      "\n\n<read-files>\nb\nr0\n</read-files>\n\n<modified-files>\na\nc\nm0\n</modified-files>",
    );
    expect(renderPiFileLists({ readFiles: [], modifiedFiles: [] })).toBe("");
  });
});

describe("compactPi", () => {
  const base = { strategy: "pi" as const, summaryPrefix: LEAD, summaryReply: "S" };

  it("wraps the summary in pi's tags after the lead and keeps the items from the cut on", () => {
    const history = [user(t(10)), tool("read", "f.txt"), output("readf.txt", "x"), assistant(t(10)), user(t(10))];
    const result = compactPi({ ...base, history, keepRecentTokens: 5 });
    expect(texts(result.history)).toEqual([
      `user:${renderPiSummary(LEAD, "S\n\n<read-files>\nf.txt\n</read-files>")}`,
      `user:${t(10)}`,
    ]);
    expect(result.summaryText).toBe(`LEAD\n\n<summary>\nS\n\n<read-files>\nf.txt\n</read-files>\n</summary>`);
  });

  it("joins a split turn's two summaries, the history one first", () => {
    const history = [user(t(10)), assistant(t(10)), user(t(10)), call("c"), output("c", t(1)), assistant(t(10))];
    const result = compactPi({ ...base, history, keepRecentTokens: 10, turnPrefixReply: "P" });
    expect(result.pi).toMatchObject({ splitTurn: true, cutIndex: 5, turnStartIndex: 2 });
    expect(result.summaryText).toBe(renderPiSummary(LEAD, `S${PI_SPLIT_TURN_JOIN}P`));
  });

  it("says there is no prior history when a split turn starts the region", () => {
    const history = [user(t(10)), call("c"), output("c", t(1)), assistant(t(10))];
    const result = compactPi({ ...base, history, keepRecentTokens: 10, turnPrefixReply: "P" });
    expect(result.summaryText).toBe(renderPiSummary(LEAD, `No prior history.${PI_SPLIT_TURN_JOIN}P`));
  });

  it("replaces an earlier summary instead of keeping or re-summarizing it", () => {
    const earlier = user(renderPiSummary(LEAD, "old\n\n<read-files>\nr0\n</read-files>"));
    const history = [earlier, user(t(10)), assistant(t(10)), user(t(10)), assistant(t(10))];
    const result = compactPi({ ...base, history, keepRecentTokens: 15 });
    expect(texts(result.history)).toEqual([
      `user:${renderPiSummary(LEAD, "S\n\n<read-files>\nr0\n</read-files>")}`,
      `user:${t(10)}`,
      `assistant:${t(10)}`,
    ]);
    expect(result.pi).toMatchObject({ summarizedItems: 2, cutIndex: 3 });
  });

  it("still writes a summary when nothing lies before the cut (pi summarizes an empty conversation)", () => {
    const result = compactPi({ ...base, summaryReply: "", history: [user("a"), assistant("b")] });
    expect(texts(result.history)).toEqual([`user:${renderPiSummary(LEAD, "")}`, "user:a", "assistant:b"]);
  });

  it("refuses to compact right after a compaction", () => {
    const history = [user("a"), user(renderPiSummary(LEAD, "old"))];
    const result = compactPi({ ...base, history });
    expect(result.history).toEqual(history);
    expect(result.summaryIndex).toBe(-1);
  });

  it("puts re-injected context and pins before the kept part, ghosts at the end, pins not repeated", () => {
    const history = [
      dev("ctx"),
      user(t(10)),
      skill("alpha"),
      assistant(t(10)),
      ghost("g1"),
      user(t(2)),
      assistant(t(2)),
    ];
    const result = compactPi({
      ...base,
      history,
      keepRecentTokens: 3,
      initialContext: [dev("ctx")],
      pins: [{ fragment: "skill" }],
    });
    expect(texts(result.history)).toEqual([
      "developer:ctx",
      `user:${renderPiSummary(LEAD, "S")}`,
      texts([skill("alpha")])[0],
      `user:${t(2)}`,
      `assistant:${t(2)}`,
      "ghost_snapshot",
    ]);
    expect(result.pinnedIndexes).toEqual([2]);
  });
});
