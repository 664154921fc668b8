import { describe, expect, it } from "vitest";
import { renderLoopEvent } from "../../src/loop/render-loop-event.js";

const call = { type: "function_call" as const, name: "shell", arguments: '{"command":["ls","-la"]}', call_id: "c" };

describe("renderLoopEvent", () => {
  it("streams reply text to stdout and starts status lines on a fresh line", () => {
    const state = { midLine: false };
    expect(renderLoopEvent({ type: "text_delta", step: 1, delta: "Hello" }, false, state)).toEqual({ stdout: "Hello" });
    expect(renderLoopEvent({ type: "tool_call", step: 1, call, decision: { type: "allow" } }, false, state)).toEqual({
      stderr: "\n▸ shell ls -la\n",
    });
    expect(
      renderLoopEvent(
        { type: "tool_call", step: 1, call, decision: { type: "deny", reason: "read-only" } },
        false,
        state,
      ),
    ).toEqual({ stderr: "✗ shell ls -la — refused: read-only\n" });
  });

  it("ends a reasoning summary on stderr before the reply, so stdout carries only the reply", () => {
    const state = { midLine: false };
    const usage = { inputTokens: 1, cachedInputTokens: 0, outputTokens: 1, reasoningOutputTokens: 0, totalTokens: 2 };
    expect([
      renderLoopEvent({ type: "reasoning_delta", step: 1, delta: "Checking the file" }, false, state),
      renderLoopEvent({ type: "text_delta", step: 1, delta: "It says hi." }, false, state),
      renderLoopEvent({ type: "reasoning_delta", step: 2, delta: "More" }, false, state),
      renderLoopEvent({ type: "turn_completed", status: "completed", steps: 2, usage, lastMessage: "" }, false, state),
    ]).toEqual([
      { stderr: "Checking the file" },
      { stderr: "\n", stdout: "It says hi." },
      { stderr: "\nMore" },
      { stderr: "\n— completed after 2 step(s); tokens: 1 in (0 cached), 1 out\n" },
    ]);
  });

  it("ends each finished reply's line, so the replies of two steps do not run together", () => {
    const state = { midLine: false };
    expect([
      renderLoopEvent({ type: "text_delta", step: 1, delta: "Let me look." }, false, state),
      renderLoopEvent({ type: "model_response", step: 1, items: [] }, false, state),
      renderLoopEvent({ type: "tool_call", step: 1, call, decision: { type: "allow" } }, false, state),
      renderLoopEvent({ type: "text_delta", step: 2, delta: "Done.\n" }, false, state),
      renderLoopEvent({ type: "model_response", step: 2, items: [] }, false, state),
    ]).toEqual([
      { stdout: "Let me look." },
      { stdout: "\n" },
      { stderr: "▸ shell ls -la\n" },
      { stdout: "Done.\n" },
      {},
    ]);
  });

  it("colours only when asked", () => {
    const out = renderLoopEvent({ type: "error", step: 1, error: { kind: "server", message: "x" } }, true, {
      midLine: false,
    });
    expect(out).toEqual({ stderr: "\u001b[31merror (server): x\u001b[39m\n" });
  });

  it("ends a mid-line reply before the summary", () => {
    const usage = { inputTokens: 10, cachedInputTokens: 5, outputTokens: 2, reasoningOutputTokens: 0, totalTokens: 12 };
    expect(
      renderLoopEvent({ type: "turn_completed", status: "completed", steps: 1, usage, lastMessage: "" }, false, {
        midLine: true,
      }),
    ).toEqual({
      stdout: "\n",
      stderr: "— completed after 1 step(s); tokens: 10 in (5 cached), 2 out\n",
    });
  });
});
