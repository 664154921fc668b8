import { describe, expect, it } from "vitest";
import { createTelemetryListener, type Tracer } from "../../src/loop/create-telemetry-listener.js";
import type { LoopEvent } from "../../src/loop/events.js";
import { baseRequest, user } from "./helpers/loop-fixtures.js";

describe("createTelemetryListener", () => {
  it("maps a turn onto turn, model-call and tool spans with their outcomes", () => {
    const log: string[] = [];
    const tracer: Tracer = {
      startSpan: (name, attributes, parent) => {
        log.push(`start ${name}${parent ? " (child)" : ""} ${JSON.stringify(attributes)}`);
        return { end: (status) => void log.push(`end ${name} ${status}`) };
      },
    };
    const listen = createTelemetryListener(tracer);
    const request = baseRequest([], [user("x")]);
    const call = { type: "function_call" as const, name: "shell", arguments: "{}", call_id: "c1" };
    const usage = { inputTokens: 1, cachedInputTokens: 0, outputTokens: 1, reasoningOutputTokens: 0, totalTokens: 2 };
    const events: LoopEvent[] = [
      { type: "turn_started", sessionId: "s", model: "m" },
      { type: "request_compiled", step: 1, request, newItems: [], replaced: false },
      { type: "model_response", step: 1, items: [call], usage },
      { type: "tool_call", step: 1, call, decision: { type: "allow" } },
      {
        type: "tool_result",
        step: 1,
        call,
        output: { type: "function_call_output", call_id: "c1", output: "x" },
        success: false,
        durationMs: 3,
      },
      { type: "request_compiled", step: 2, request, newItems: [], replaced: false },
      { type: "error", step: 2, error: { kind: "server", message: "boom" } },
      { type: "turn_completed", status: "failed", steps: 2, usage, lastMessage: "" },
    ];
    events.forEach(listen);
    expect(log).toEqual([
      'start turn {"session.id":"s","model":"m"}',
      'start model_call (child) {"step":1,"input.items":1}',
      "end model_call ok",
      'start tool_execution (child) {"tool.name":"shell","tool.decision":"allow"}',
      "end tool_execution error",
      'start model_call (child) {"step":2,"input.items":1}',
      "end model_call error",
      "end turn error",
    ]);
  });
});
