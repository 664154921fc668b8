// Synthetic pi session files (our own words, pi's record shapes): the branch ending at the last entry, pi's
// messages, and what promptc does not rebuild as diagnostics.
import { describe, expect, it } from "vitest";
import { parsePiSession } from "../../../src/session-log/harness/read-pi-session.js";
import { linesOfText } from "../../../src/session-log/parse-rollout.js";

const jsonl = (...records: object[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
const header = { type: "session", version: 3, id: "p-1", timestamp: "t", cwd: "/w" };
const msg = (id: string, parentId: string | null, message: object) => ({ type: "message", id, parentId, message });

describe("parsePiSession", () => {
  it("reads the messages on the branch that ends at the last entry", () => {
    const text = jsonl(
      header,
      { type: "model_change", id: "a", parentId: null, provider: "p", modelId: "m" },
      msg("b", "a", { role: "user", content: [{ type: "text", text: "ask" }] }),
      msg("c", "b", { role: "assistant", content: [{ type: "text", text: "left behind" }], stopReason: "stop" }),
      msg("d", "b", {
        role: "assistant",
        content: [{ type: "toolCall", id: "t1", name: "read", arguments: { path: "x" } }],
        provider: "p",
        api: "openai-responses",
        model: "m",
        stopReason: "toolUse",
      }),
      msg("e", "d", {
        role: "toolResult",
        toolCallId: "t1",
        toolName: "read",
        content: [{ type: "text", text: "X" }],
        isError: false,
      }),
    );
    const read = parsePiSession(linesOfText(text), "s.jsonl");
    expect(read.diagnostics).toEqual([]);
    const messages = [
      { role: "user", content: [{ type: "text", text: "ask" }] },
      {
        role: "assistant",
        content: [{ type: "toolCall", id: "t1", name: "read", arguments: { path: "x" } }],
        provider: "p",
        api: "openai-responses",
        model: "m",
        stopReason: "toolUse",
      },
      {
        role: "toolResult",
        toolCallId: "t1",
        toolName: "read",
        content: [{ type: "text", text: "X" }],
        isError: false,
      },
    ];
    expect(read.value).toEqual({
      sessionId: "p-1",
      cwd: "/w",
      messages,
      entries: [
        { type: "model", id: "a", modelId: "m" },
        { type: "message", id: "b", message: messages[0] },
        { type: "message", id: "d", message: messages[1] },
        { type: "message", id: "e", message: messages[2] },
      ],
      usage: [],
    });
  });

  it("reports bad lines, compactions and message kinds it does not rebuild, and keeps the rest", () => {
    const text = jsonl(
      header,
      msg("a", null, { role: "user", content: "ask" }),
      { type: "compaction", id: "b", parentId: "a", summary: "s" },
      msg("c", "b", { role: "bashExecution", command: "ls" }),
    );
    const read = parsePiSession(linesOfText(`${text}{"broken`), "s.jsonl");
    expect(read.diagnostics.map((d) => [d.rule, d.place?.line])).toEqual([
      ["session/truncated-line", 5],
      ["session/unsupported-item", 3],
      ["session/unsupported-item", 4],
    ]);
    expect(read.value!.messages).toEqual([{ role: "user", content: "ask" }]);
  });

  it("says so when there is no session header", () => {
    const read = parsePiSession(linesOfText(jsonl(msg("a", null, { role: "user", content: "x" }))), "s.jsonl");
    expect(read.value).toBeUndefined();
    expect(read.diagnostics.map((d) => [d.rule, d.severity])).toEqual([["session/unknown-format", "error"]]);
  });
});
