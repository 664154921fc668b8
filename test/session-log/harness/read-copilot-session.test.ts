// Synthetic Copilot CLI session files (our own words, Copilot CLI's event shapes): the conversation after rewinds,
// tool requests and results, sub-agents left out of the conversation but counted in usage, compactions.
import { describe, expect, it } from "vitest";
import { parseCopilotSession } from "../../../src/session-log/harness/read-copilot-session.js";
import { linesOfText } from "../../../src/session-log/parse-rollout.js";

const jsonl = (...records: object[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
const ev = (id: string, type: string, data: object, extra: object = {}) => ({
  type,
  data,
  id,
  timestamp: `2026-01-01T00:00:0${id.length % 10}.000Z`,
  parentId: null,
  ...extra,
});
const usage = (apiCallId: string, input: number, cached: number) => ({
  usage: { model: "m", inputTokens: input, outputTokens: 2, cacheReadTokens: cached, cacheWriteTokens: 0, apiCallId },
});

describe("parseCopilotSession", () => {
  it("reads the conversation, tool calls and results, and every request's usage", () => {
    const text = jsonl(
      ev("s", "session.start", {
        sessionId: "c-1",
        copilotVersion: "1.0.102",
        selectedModel: "m",
        context: { cwd: "/w", gitRoot: "/w" },
      }),
      ev("u1", "user.message", { content: "ask", transformedContent: "<t>\n\nask", messageId: "mu1" }),
      ev("sy", "system.message", { role: "system", content: "SYSTEM" }),
      ev("r1", "session.usage_record", usage("resp_1", 100, 0)),
      ev("a1", "assistant.message", {
        messageId: "ma1",
        content: "",
        toolRequests: [{ toolCallId: "t1", name: "bash", arguments: { command: "ls" }, type: "function" }],
        apiCallId: "resp_1",
      }),
      ev("x1", "tool.execution_complete", { toolCallId: "t1", success: true, result: { content: "a b" } }),
      ev("sub", "session.usage_record", usage("resp_sub", 10, 0), { agentId: "agent-1" }),
      ev("suba", "assistant.message", { messageId: "sa", content: "sub", toolRequests: [] }, { agentId: "agent-1" }),
      ev("r2", "session.usage_record", usage("resp_2", 130, 100)),
      ev("live2", "assistant.usage", { model: "m", inputTokens: 130, cacheReadTokens: 100, apiCallId: "resp_2" }),
      ev("a2", "assistant.message", { messageId: "ma2", content: "done", toolRequests: [], apiCallId: "resp_2" }),
      ev("mc", "session.model_change", { previousModel: "m", newModel: "n" }),
    );
    const read = parseCopilotSession(linesOfText(text), "events.jsonl");
    expect(read.diagnostics).toEqual([]);
    expect(read.value).toEqual({
      sessionId: "c-1",
      cwd: "/w",
      gitRoot: "/w",
      copilotVersion: "1.0.102",
      model: "n",
      instructions: "SYSTEM",
      messages: [
        { role: "user", content: "<t>\n\nask", messageId: "mu1" },
        {
          role: "assistant",
          content: "",
          messageId: "ma1",
          apiCallId: "resp_1",
          toolRequests: [{ toolCallId: "t1", name: "bash", arguments: { command: "ls" }, type: "function" }],
        },
        { role: "tool", toolCallId: "t1", content: "a b", success: true },
        { role: "assistant", content: "done", messageId: "ma2", apiCallId: "resp_2", toolRequests: [] },
      ],
      compactions: [],
      usage: [
        {
          kind: "turn",
          line: 4,
          at: "2026-01-01T00:00:02.000Z",
          model: "m",
          id: "resp_1",
          input: 100,
          cached: 0,
          cacheWrite: 0,
          output: 2,
        },
        {
          kind: "subagent",
          line: 7,
          at: "2026-01-01T00:00:03.000Z",
          model: "m",
          id: "resp_sub",
          input: 10,
          cached: 0,
          cacheWrite: 0,
          output: 2,
        },
        {
          kind: "turn",
          line: 9,
          at: "2026-01-01T00:00:02.000Z",
          model: "m",
          id: "resp_2",
          input: 130,
          cached: 100,
          cacheWrite: 0,
          output: 2,
        },
      ],
    });
  });

  it("drops rewound events, records compactions with their usage, and reports bad lines", () => {
    const text = jsonl(
      ev("s", "session.start", { sessionId: "c-2", context: {} }),
      ev("u1", "user.message", { content: "one", messageId: "m1" }),
      ev("u2", "user.message", { content: "two", messageId: "m2" }),
      ev("rw", "session.snapshot_rewind", { upToEventId: "u2", eventsRemoved: 1 }),
      ev("cc", "session.compaction_complete", {
        success: true,
        summaryContent: "SUM",
        messagesRemoved: 1,
        preCompactionTokens: 900,
        postCompactionTokens: 50,
        model: "m",
        compactionTokensUsed: { inputTokens: 900, outputTokens: 40, cacheReadTokens: 0, cacheWriteTokens: 0 },
      }),
      ev("bad", "user.message", { messageId: "m3" }),
    ).concat("{cut");
    const read = parseCopilotSession(linesOfText(text), "e.jsonl");
    expect(read.value?.messages).toEqual([{ role: "user", content: "one", messageId: "m1" }]);
    expect(read.value?.compactions).toEqual([
      { line: 5, summary: "SUM", messagesRemoved: 1, tokensBefore: 900, tokensAfter: 50 },
    ]);
    expect(read.value?.usage).toEqual([
      {
        kind: "compaction",
        line: 5,
        at: "2026-01-01T00:00:02.000Z",
        model: "m",
        input: 900,
        cached: 0,
        cacheWrite: 0,
        output: 40,
      },
    ]);
    expect(read.diagnostics.map((d) => [d.rule, d.place?.line])).toEqual([
      ["session/truncated-line", 7],
      ["session/unsupported-item", 5],
      ["session/malformed-item", 6],
    ]);
  });

  it("is not a Copilot CLI session without a session.start event", () => {
    const read = parseCopilotSession(linesOfText(jsonl({ type: "x" })), "e.jsonl");
    expect(read.value).toBeUndefined();
    expect(read.diagnostics.map((d) => d.rule)).toEqual(["session/unknown-format"]);
  });
});
