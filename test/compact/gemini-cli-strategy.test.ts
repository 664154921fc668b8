import { describe, expect, it } from "vitest";
import { compactGeminiCli } from "../../src/compact/gemini-cli-strategy.js";
import { findGeminiSplitPoint, toGeminiContents, type GeminiContent } from "../../src/compact/gemini-split-point.js";
import { geminiTokenLimit, harnessCompactLimit } from "../../src/compact/harness-compact-limit.js";
import type { ResponseItem } from "../../src/model/items.js";
import { assistant, call, ghost, output, user } from "./items.js";

const c = (role: "user" | "model", chars: number, extra: Partial<GeminiContent> = {}): GeminiContent => ({
  role,
  start: 0,
  end: 0,
  functionResponses: false,
  functionCall: false,
  chars,
  ...extra,
});
const texts = (items: readonly ResponseItem[]) =>
  items.map((i) =>
    i.type === "message" ? `${i.role}:${i.content.map((p) => ("text" in p ? p.text : "")).join("")}` : i.type,
  );

describe("findGeminiSplitPoint", () => {
  it.each<[string, GeminiContent[], number]>([
    [
      "splits at the first user turn that starts after 70% of the characters",
      [c("user", 40), c("model", 40), c("user", 10), c("model", 10)],
      2,
    ],
    [
      "does not split at a user turn that starts before 70%",
      [c("user", 10), c("model", 10), c("user", 70), c("model", 10)],
      4,
    ],
    ["compresses everything when the history ends with a plain model turn", [c("user", 10), c("model", 90)], 2],
    [
      "never splits at a function response; falls back to the last user turn when the history ends mid-call",
      [c("user", 10), c("model", 10, { functionCall: true }), c("user", 80, { functionResponses: true })],
      0,
    ],
    [
      "falls back to the last user turn before 70% when the last model turn calls a function",
      [c("user", 10), c("model", 10), c("user", 10), c("model", 70, { functionCall: true })],
      2,
    ],
  ])("%s", (_name, contents, expected) => {
    expect(findGeminiSplitPoint(contents)).toBe(expected);
  });
});

describe("toGeminiContents", () => {
  it("joins a reply's text and calls into one model turn, and its function responses into one user turn", () => {
    const contents = toGeminiContents([
      user("a"),
      assistant("b"),
      call("x"),
      call("y"),
      output("x"),
      output("y"),
      user("c"),
    ]);
    expect(contents.map((x) => [x.role, x.start, x.end, x.functionCall, x.functionResponses])).toEqual([
      ["user", 0, 1, false, false],
      ["model", 1, 4, true, false],
      ["user", 4, 6, false, true],
      ["user", 6, 7, false, false],
    ]);
    // The JSON of {role, parts}: the length Gemini CLI measures.
    expect(contents[0]!.chars).toBe(JSON.stringify({ role: "user", parts: [{ text: "a" }] }).length);
  });
});

describe("compactGeminiCli", () => {
  const ack = "ACK";
  const session = user("<session_context>\nenv\n</session_context>");

  it("re-sends the session context, then the summary, the acknowledgement and the kept turns", () => {
    const history = [
      session,
      user("x".repeat(400)),
      assistant("y".repeat(400)),
      user("recent"),
      assistant("z"),
      ghost("g"),
    ];
    const result = compactGeminiCli({
      strategy: "gemini-cli",
      history,
      summaryPrefix: "",
      summaryReply: " S \n",
      acknowledgement: ack,
    });
    expect(texts(result.history)).toEqual([
      texts([session])[0],
      "user:S",
      "assistant:ACK",
      "user:recent",
      "assistant:z",
      "ghost_snapshot",
    ]);
    expect(result.split).toEqual({ cutIndex: 3, summarizedItems: 3, keptItems: 2 });
    expect(result.initialContext).toEqual({ index: 0, count: 1, anchor: "start" });
  });

  it("leaves the history alone when there is no user turn to split at", () => {
    const history = [user("a"), call("c"), output("c", "o".repeat(100))];
    const result = compactGeminiCli({
      strategy: "gemini-cli",
      history,
      summaryPrefix: "",
      summaryReply: "S",
      acknowledgement: ack,
    });
    expect(result.history).toEqual(history);
    expect(result.summaryIndex).toBe(-1);
  });
});

describe("harnessCompactLimit", () => {
  it.each<[string, Parameters<typeof harnessCompactLimit>, number | undefined]>([
    [
      "pi: one token over window − reserve (measured: 3617 of 20000 compacted, 3616 did not)",
      ["pi", 20_000, undefined],
      3617,
    ],
    [
      "gemini: half the model's token limit (measured: 524288 compressed, 524287 did not)",
      ["gemini-cli", undefined, undefined, "gemini-3.8-flash"],
      524_288,
    ],
    ["gemini: half a Gemma 4 limit", ["gemini-cli", undefined, undefined, "gemma-4-31b-it"], 128_000],
    ["claude-code: not modelled", ["claude-code", 200_000, undefined], undefined],
    ["a configured limit wins", ["pi", 20_000, 5], 5],
  ])("%s", (_name, args, expected) => {
    expect(harnessCompactLimit(...args)).toBe(expected);
  });

  it("knows Gemini CLI's two token limits", () => {
    expect([geminiTokenLimit(undefined), geminiTokenLimit("gemma-4-26b-a4b-it")]).toEqual([1_048_576, 256_000]);
  });
});
