// Other agents' session files as `compact` sees them: session-log/'s one reader per format, then compact's view
// of what it read (synthetic records in the agents' shapes).
import { describe, expect, it } from "vitest";
import { buildClaudeCodeSessionItems } from "../../src/compact/claude-code-session-history.js";
import { buildGeminiSessionItems } from "../../src/compact/gemini-session-history.js";
import { buildPiSessionItems } from "../../src/compact/pi-session-history.js";
import type { ResponseItem } from "../../src/model/items.js";
import { detectHarnessFormat } from "../../src/session-log/harness/detect-harness-format.js";
import { parseClaudeCodeSession } from "../../src/session-log/harness/read-claude-code-session.js";
import { parseGeminiSession } from "../../src/session-log/harness/read-gemini-session.js";
import { parsePiSession } from "../../src/session-log/harness/read-pi-session.js";
import { linesOfText } from "../../src/session-log/parse-rollout.js";

const lines = (records: readonly object[]) => linesOfText(`${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
const parsePiItems = (records: object[], render: (b: string) => string) =>
  buildPiSessionItems(parsePiSession(lines(records), "p.jsonl").value!, render);
const parseGeminiChat = (records: object[]) =>
  buildGeminiSessionItems(parseGeminiSession(lines(records), "g.jsonl").value!);
const parseClaudeCodeTranscript = (records: object[]) =>
  buildClaudeCodeSessionItems(parseClaudeCodeSession(lines(records), "c.jsonl").value!);

const texts = (items: readonly ResponseItem[]) =>
  items.map((i) =>
    i.type === "message"
      ? `${i.role}:${i.content.map((p) => ("text" in p ? p.text : "")).join("|")}`
      : i.type === "function_call"
        ? `call:${i.name}:${i.arguments}:${i.call_id}`
        : i.type === "function_call_output"
          ? `output:${i.call_id}`
          : i.type,
  );

describe("buildPiSessionItems", () => {
  const msg = (id: string, parentId: string | null, message: object) => ({ type: "message", id, parentId, message });
  const records = [
    { type: "session", version: 3, id: "s", cwd: "/w" },
    { type: "model_change", id: "m", parentId: null, modelId: "gpt-x" },
    msg("1", "m", { role: "user", content: [{ type: "text", text: "U1" }] }),
    msg("2", "1", {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "T" },
        { type: "text", text: "A1" },
        { type: "toolCall", id: "c1", name: "read", arguments: { path: "a" } },
      ],
      usage: { totalTokens: 42 },
    }),
    msg("3", "2", { role: "toolResult", toolCallId: "c1", content: [{ type: "text", text: "R" }] }),
    msg("x", "1", { role: "user", content: "a branch left behind" }),
    { type: "compaction", id: "4", parentId: "3", summary: "BODY", firstKeptEntryId: "2" },
    msg("5", "4", { role: "user", content: "U2" }),
  ];

  it("follows the chain to the last entry and puts a compaction's summary before its first kept entry", () => {
    expect(detectHarnessFormat(records)).toBe("pi-jsonl");
    const out = parsePiItems(records, (b) => `<${b}>`);
    expect(texts(out.history)).toEqual([
      "user:<BODY>",
      "reasoning",
      "assistant:A1",
      'call:read:{"path":"a"}:c1',
      "output:c1",
      "user:U2",
    ]);
    expect(out).toMatchObject({ cwd: "/w", model: "gpt-x", summaries: ["BODY"], lastTotalTokens: 42 });
  });
});

describe("buildGeminiSessionItems", () => {
  it("replays $set message lists and appended records, a repeated id replacing its record", () => {
    const out = parseGeminiChat([
      { sessionId: "s", projectHash: "h", kind: "main" },
      { $set: { messages: [{ id: "e", type: "user", content: [{ text: "<session_context>\nenv" }] }] } },
      { id: "u", type: "user", content: [{ text: "U1" }] },
      { id: "g", type: "gemini", content: "", tokens: { input: 7 } },
      {
        id: "g",
        type: "gemini",
        content: "",
        toolCalls: [{ id: "c", name: "read_file", args: { file_path: "f" } }],
        tokens: { input: 9 },
        model: "gemini-x",
      },
      {
        id: "r",
        type: "user",
        content: [{ functionResponse: { id: "c", name: "read_file", response: { output: "hi" } } }],
      },
      { id: "i", type: "info", content: "not sent" },
    ]);
    expect(texts(out.history)).toEqual([
      "user:<session_context>\nenv",
      "user:U1",
      'call:read_file:{"file_path":"f"}:c',
      "output:c",
    ]);
    expect(out).toMatchObject({ lastTotalTokens: 9, model: "gemini-x" });
    expect(out.acknowledgement).toBeUndefined();
  });

  it("recovers the acknowledgement from a compressed history", () => {
    const out = parseGeminiChat([
      { sessionId: "s", projectHash: "h" },
      {
        $set: {
          messages: [
            { id: "e", type: "user", content: [{ text: "<session_context>\nenv" }] },
            { id: "s", type: "user", content: [{ text: "<state_snapshot>S</state_snapshot>" }] },
            { id: "a", type: "gemini", content: [{ text: "ACK" }] },
          ],
        },
      },
    ]);
    expect(out.acknowledgement).toBe("ACK");
  });
});

describe("buildClaudeCodeSessionItems", () => {
  const e = (uuid: string, parentUuid: string | null, type: string, content: unknown, extra: object = {}) => ({
    uuid,
    parentUuid,
    sessionId: "s",
    type,
    message: { role: type, content },
    ...extra,
  });
  it("restarts at a compact boundary and puts the preserved messages back after the summary", () => {
    const out = parseClaudeCodeTranscript([
      e("1", null, "user", "U1"),
      e("2", "1", "assistant", [{ type: "tool_use", id: "t", name: "Read", input: { file_path: "/a" } }]),
      e("3", "2", "user", [{ type: "tool_result", tool_use_id: "t", content: "R" }]),
      e("4", "3", "assistant", [{ type: "text", text: "M1" }], { cwd: "/w" }),
      {
        uuid: "b",
        parentUuid: null,
        sessionId: "s",
        type: "system",
        subtype: "compact_boundary",
        compactMetadata: { preservedMessages: { anchorUuid: "s1", uuids: ["4"] } },
      },
      e("s1", "b", "user", "LEAD SENTENCE\n\nSummary:\nS", { isCompactSummary: true }),
      { uuid: "at", parentUuid: "s1", sessionId: "s", type: "attachment" },
      e("5", "at", "user", "U2", { cwd: "/w" }),
    ]);
    expect(texts(out.history)).toEqual(["user:LEAD SENTENCE\n\nSummary:\nS", "assistant:M1", "user:U2"]);
    expect(out).toMatchObject({ lead: "LEAD SENTENCE", cwd: "/w" });
  });

  it("reads a transcript without compaction whole, tool calls as calls", () => {
    const out = parseClaudeCodeTranscript([
      e("1", null, "user", "U1"),
      e("2", "1", "assistant", [{ type: "tool_use", id: "t", name: "Read", input: { file_path: "/a" } }]),
      e("3", "2", "user", [{ type: "tool_result", tool_use_id: "t", content: [{ type: "text", text: "R" }] }]),
    ]);
    expect(texts(out.history)).toEqual(["user:U1", 'call:Read:{"file_path":"/a"}:t', "output:t"]);
  });
});
