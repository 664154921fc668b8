import { describe, expect, it } from "vitest";
import { executeToolCall, type ExecuteToolCallOptions } from "../../src/loop/execute-tool-call.js";
import { createToolRegistry } from "../../src/loop/tools/tool-registry.js";
import type { FunctionCallItem } from "../../src/model/items.js";
import { echoTool } from "./helpers/loop-fixtures.js";

const call: FunctionCallItem = { type: "function_call", name: "echo", arguments: '{"text":"hi"}', call_id: "c1" };

function options(over: Partial<ExecuteToolCallOptions> & { clock: { t: number } }): ExecuteToolCallOptions {
  return {
    registry: createToolRegistry([echoTool]),
    hooks: {},
    cwd: "/w",
    sandbox: "workspace-write",
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    step: 1,
    now: () => over.clock.t,
    onDecision: () => undefined,
    ...over,
  };
}

describe("executeToolCall", () => {
  it.each([
    [
      "allowed",
      { type: "allow" as const },
      { output: { type: "function_call_output", call_id: "c1", output: "echo: hi" }, success: true, durationMs: 5 },
    ],
    [
      "refused",
      { type: "deny" as const, reason: "no" },
      {
        output: { type: "function_call_output", call_id: "c1", output: "Tool call refused: no" },
        success: false,
        durationMs: 0,
      },
    ],
  ])("does not count the time a person took to approve when the call is %s", async (_name, decision, expected) => {
    const clock = { t: 0 };
    const registry = createToolRegistry([
      {
        ...echoTool,
        execute: async (args: { text: string }) => ((clock.t += 5), { output: `echo: ${args.text}`, success: true }),
      },
    ]);
    const hooks = { beforeToolCall: async () => ((clock.t += 60_000), decision) };
    expect(await executeToolCall(call, options({ clock, registry, hooks }))).toEqual(expected);
  });

  it("turns a throwing approval hook into a denial the model reads", async () => {
    const hooks = { beforeToolCall: () => Promise.reject(new Error("policy store offline")) };
    const result = await executeToolCall(call, options({ clock: { t: 0 }, hooks }));
    expect(result.output).toEqual({
      type: "function_call_output",
      call_id: "c1",
      output: "Tool call refused: approval hook failed: policy store offline",
    });
  });
});
