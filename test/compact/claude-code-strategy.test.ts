import { describe, expect, it } from "vitest";
import {
  apiRoundStarts,
  compactClaudeCode,
  formatClaudeCodeSummary,
  toolsUsedBefore,
} from "../../src/compact/claude-code-strategy.js";
import type { FunctionCallItem, ResponseItem } from "../../src/model/items.js";
import { assistant, call, output, user } from "./items.js";

const read = (id: string, path: string): FunctionCallItem => ({
  type: "function_call",
  name: "Read",
  arguments: JSON.stringify({ file_path: path }),
  call_id: id,
});
const texts = (items: readonly ResponseItem[]) =>
  items.map((i) =>
    i.type === "message" ? `${i.role}:${i.content.map((p) => ("text" in p ? p.text : "")).join("")}` : `${i.type}`,
  );
const wrappers = { call: "CALL ", result: "RESULT\n" };

describe("apiRoundStarts", () => {
  it.each<[string, ResponseItem[], number[]]>([
    ["starts a round at every model reply", [user("a"), assistant("b"), user("c"), assistant("d")], [0, 1, 3]],
    ["keeps a reply's tool results in its round", [user("a"), call("x"), output("x"), assistant("b")], [0, 1, 3]],
    ["has only the opening round before any reply", [user("a")], [0]],
  ])("%s", (_name, history, expected) => {
    expect(apiRoundStarts(history)).toEqual(expected);
  });
});

describe("formatClaudeCodeSummary", () => {
  it.each([
    ["<analysis>A</analysis><summary>S</summary>", "Summary:\nS"],
    ["<summary>\nS\n</summary>", "Summary:\nS"],
    ["plain text", "plain text"],
  ])("formats %j", (reply, expected) => {
    expect(formatClaudeCodeSummary(reply)).toBe(expected);
  });
});

describe("toolsUsedBefore", () => {
  it("lists each tool once, first use first, an odd name as the placeholder", () => {
    expect(toolsUsedBefore([read("1", "a"), call("2"), read("3", "b"), { ...call("4"), name: "bad name" }])).toEqual([
      "Read",
      "shell",
      "unreadable-tools-used-before-summary",
    ]);
  });
});

describe("compactClaudeCode", () => {
  it("keeps the last API round after the summary, then re-sends the files read and the opening context", () => {
    const history = [
      user("U1"),
      read("r1", "/a"),
      output("r1", "1\thello"),
      assistant("M1"),
      user("U2"),
      assistant("M2"),
    ];
    const result = compactClaudeCode({
      strategy: "claude-code",
      history,
      summaryPrefix: "LEAD",
      summaryReply: "<summary>S</summary>",
      summaryTrailer: "\n\nTRAILER",
      readWrappers: wrappers,
      initialContext: [user("<system-reminder>\nctx\n</system-reminder>")],
    });
    expect(texts(result.history)).toEqual([
      "user:LEAD\n\n<system-reminder>\n<tools-used-before-summary>Read</tools-used-before-summary>\n</system-reminder>\nSummary:\nS\n\nTRAILER",
      "assistant:M2",
      `user:<system-reminder>\nCALL {"file_path":"/a"}\n</system-reminder>`,
      "user:<system-reminder>\nRESULT\n1\thello\n</system-reminder>",
      "user:<system-reminder>\nctx\n</system-reminder>",
    ]);
    expect(result.split).toEqual({ cutIndex: 5, summarizedItems: 5, keptItems: 1 });
    expect(result.initialContext).toEqual({ index: 4, count: 1, anchor: "end" });
  });

  it("keeps a last round's tool call with its result", () => {
    const history = [user("U1"), assistant("M1"), user("U2"), call("c"), output("c")];
    const result = compactClaudeCode({ strategy: "claude-code", history, summaryPrefix: "", readWrappers: wrappers });
    expect(texts(result.history).slice(1)).toEqual(["function_call", "function_call_output"]);
  });

  it("re-sends a file read twice once, with its newest result", () => {
    const history = [
      user("U"),
      read("1", "/a"),
      output("1", "old"),
      read("2", "/a"),
      output("2", "new"),
      assistant("M"),
    ];
    const result = compactClaudeCode({ strategy: "claude-code", history, summaryPrefix: "", readWrappers: wrappers });
    expect(texts(result.history).filter((t) => t.includes("RESULT"))).toEqual([
      "user:<system-reminder>\nRESULT\nnew\n</system-reminder>",
    ]);
  });

  it("has nothing to summarize before the first reply", () => {
    const result = compactClaudeCode({
      strategy: "claude-code",
      history: [user("U")],
      summaryPrefix: "",
      readWrappers: wrappers,
    });
    expect(result.summaryIndex).toBe(-1);
  });
});
