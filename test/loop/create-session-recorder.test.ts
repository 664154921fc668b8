import { describe, expect, it } from "vitest";
import { createSessionRecorder } from "../../src/loop/create-session-recorder.js";
import type { LoopEvent } from "../../src/loop/events.js";
import { parseSessionLog } from "../../src/session-log/parse-rollout.js";
import { serializeSessionRecord } from "../../src/session-log/session-log.js";
import { baseRequest, user } from "./helpers/loop-fixtures.js";

const usage = { inputTokens: 10, cachedInputTokens: 4, outputTokens: 2, reasoningOutputTokens: 0, totalTokens: 12 };
const call = { type: "function_call" as const, name: "echo", arguments: "{}", call_id: "c1" };
const output = { type: "function_call_output" as const, call_id: "c1", output: "ok" };
const reply = {
  type: "message" as const,
  role: "assistant" as const,
  content: [{ type: "output_text" as const, text: "done" }],
  id: "msg_1",
};

describe("createSessionRecorder", () => {
  it("logs each history item once, usage, compactions and the end of the turn, readable by parseSessionLog", () => {
    const recorder = createSessionRecorder({ timestamp: () => "2026-11-29T00:00:00.000Z" });
    const r1 = baseRequest([], [user("hi")]);
    const r2 = { ...r1, input: [...r1.input, call, output] };
    const compacted = [user("hi"), user("SUMMARY:\nsaid hi")];
    const r3 = { ...r1, input: compacted };
    const events: LoopEvent[] = [
      { type: "turn_started", sessionId: "s", model: "m" },
      { type: "request_compiled", step: 1, request: r1, newItems: r1.input, replaced: false },
      { type: "model_response", step: 1, items: [call], usage },
      { type: "tool_result", step: 1, call, output, success: true, durationMs: 1 },
      { type: "request_compiled", step: 2, request: r2, newItems: [], replaced: false },
      {
        type: "compaction",
        step: 2,
        reason: "usage-limit",
        strategy: "local",
        tokensBefore: 5,
        replacementHistory: compacted,
        summaryText: "SUMMARY:\nsaid hi",
        notices: [],
      },
      { type: "request_compiled", step: 3, request: r3, newItems: r3.input, replaced: true },
      { type: "model_response", step: 3, items: [reply], usage },
      { type: "turn_completed", status: "completed", steps: 3, usage, lastMessage: "done" },
    ];
    const records = events.flatMap((e) => recorder.recordsFor(e));
    expect(records.map((r) => `${r.type}${r.type === "event_msg" ? `:${r.payload.type}` : ""}`)).toEqual([
      "event_msg:task_started",
      "response_item",
      "event_msg:request_sent",
      "response_item",
      "event_msg:token_count",
      "response_item",
      "event_msg:request_sent",
      "compacted",
      "event_msg:request_sent",
      "response_item",
      "event_msg:token_count",
      "event_msg:task_complete",
    ]);
    // Each request: its input size; tools and instructions only when they changed since the previous one.
    const sent = records.flatMap((r) =>
      r.type === "event_msg" && r.payload.type === "request_sent" ? [r.payload] : [],
    );
    const { input: _input, tools, instructions: _instructions, ...params } = r1;
    expect(sent.map((p) => [p.input_items, p.tools !== undefined, p.params])).toEqual([
      [1, true, params],
      [3, false, params],
      [2, false, params],
    ]);
    expect(sent[0]!.tools).toEqual(tools);
    expect(new Set(sent.map((p) => p.tools_hash)).size).toBe(1);
    const parsed = parseSessionLog(records.map(serializeSessionRecord).join(""));
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.value.history).toEqual([
      ...compacted,
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "done" }] },
    ]);
    expect(parsed.value.lastTotalTokens).toBe(12);
  });

  it("logs a rewritten input as a replacement so a replay stays exact", () => {
    const recorder = createSessionRecorder({ timestamp: () => "t" });
    const r1 = baseRequest([], [user("a")]);
    recorder.recordsFor({ type: "request_compiled", step: 1, request: r1, newItems: r1.input, replaced: false });
    const rewritten = { ...r1, input: [user("b")] };
    const records = recorder.recordsFor({
      type: "request_compiled",
      step: 2,
      request: rewritten,
      newItems: rewritten.input,
      replaced: true,
    });
    expect(records.map((r) => r.type + (r.type === "event_msg" ? `:${r.payload.type}` : ""))).toEqual([
      "compacted",
      "event_msg:request_sent",
    ]);
    expect(records[0]).toEqual({
      timestamp: "t",
      type: "compacted",
      payload: { message: "", replacement_history: [user("b")] },
    });
  });
});
