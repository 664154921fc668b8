// One tool call from model output to recorded output: validate, ask policy, run under a timeout, post-process.
// No IO itself (tools do theirs); every failure becomes an output the model reads, never a thrown error.
import type { CallItem, CallOutputItem } from "../model/items.js";
import type { SandboxMode } from "../model/turn-context.js";
import type { ToolDecision } from "./events.js";
import type { AnyTool, ToolResult } from "./tool.js";
import type { ToolRegistry } from "./tools/tool-registry.js";

/** The abort reason a tool's signal carries when the per-call timeout fired (not a cancellation). */
export const TOOL_TIMEOUT_ABORT_REASON = "tool-timeout";

export interface ToolCallContext {
  call: CallItem;
  tool: AnyTool;
  args: unknown;
  step: number;
}

export interface ToolCallHooks {
  /** Approval and policy. Contract: must not throw; return a denial with a reason instead. */
  beforeToolCall?(context: ToolCallContext): ToolDecision | Promise<ToolDecision>;
  /** May rewrite the result (redaction, annotations). Contract: must not throw. */
  afterToolCall?(context: ToolCallContext & { result: ToolResult }): ToolResult | Promise<ToolResult>;
}

export interface ExecuteToolCallOptions {
  registry: ToolRegistry;
  hooks: ToolCallHooks;
  cwd: string;
  sandbox: SandboxMode;
  timeoutMs: number;
  signal: AbortSignal;
  step: number;
  now: () => number;
  /** Reported before the tool runs (or is refused). */
  onDecision(decision: ToolDecision | { type: "invalid"; message: string }): void;
}

export interface ExecutedToolCall {
  output: CallOutputItem;
  success: boolean;
  durationMs: number;
  /** Set when a tool broke its contract by throwing. */
  thrown?: string;
}

export async function executeToolCall(call: CallItem, options: ExecuteToolCallOptions): Promise<ExecutedToolCall> {
  let started = options.now();
  const finish = (result: ToolResult, thrown?: string): ExecutedToolCall => ({
    output: outputItem(call, result.output),
    success: result.success,
    durationMs: options.now() - started,
    ...(thrown === undefined ? {} : { thrown }),
  });
  const argumentsText = call.type === "function_call" ? call.arguments : JSON.stringify({ input: call.input });
  const check = options.registry.check(call.name, argumentsText);
  if (!check.ok) {
    options.onDecision({ type: "invalid", message: check.message });
    return finish({ output: check.message, success: false });
  }
  const tool = options.registry.get(call.name)!;
  const context: ToolCallContext = { call, tool, args: check.args, step: options.step };
  const decision = options.signal.aborted
    ? { type: "deny" as const, reason: "the turn was cancelled" }
    : await decide(options.hooks, context);
  options.onDecision(decision);
  // The duration is the tool's own: time spent waiting for a person to approve does not count.
  started = options.now();
  if (decision.type === "deny") return finish({ output: `Tool call refused: ${decision.reason}`, success: false });
  let result: ToolResult;
  let thrown: string | undefined;
  try {
    result = await runWithTimeout(tool, check.args, {
      ...options,
      callId: call.call_id,
      escalated: decision.escalated === true,
    });
  } catch (err) {
    thrown = err instanceof Error ? err.message : String(err);
    result = { output: `Tool failed: ${thrown}`, success: false };
  }
  if (options.hooks.afterToolCall) result = await options.hooks.afterToolCall({ ...context, result });
  return finish(result, thrown);
}

async function decide(hooks: ToolCallHooks, context: ToolCallContext): Promise<ToolDecision> {
  if (!hooks.beforeToolCall) return { type: "allow" };
  try {
    return await hooks.beforeToolCall(context);
  } catch (err) {
    return { type: "deny", reason: `approval hook failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** Runs the tool with its own AbortSignal, aborted by the turn's signal or the timeout; a tool that ignores it is abandoned. */
async function runWithTimeout(
  tool: AnyTool,
  args: unknown,
  o: ExecuteToolCallOptions & { callId: string; escalated: boolean },
): Promise<ToolResult> {
  const controller = new AbortController();
  let timedOut = false;
  let settle: ((r: ToolResult) => void) | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<ToolResult>((resolve) => (settle = resolve));
  const onAbort = () => {
    // The reason tells a tool whether its time ran out or the turn was cancelled.
    controller.abort(timedOut ? TOOL_TIMEOUT_ABORT_REASON : undefined);
    // Give a cooperative tool a second to return its own partial output before abandoning it.
    grace = setTimeout(
      () =>
        settle?.({ output: timedOut ? `Tool timed out after ${o.timeoutMs} ms` : "Tool call aborted", success: false }),
      1_000,
    );
  };
  const timer = setTimeout(() => {
    timedOut = true;
    onAbort();
  }, o.timeoutMs);
  o.signal.addEventListener("abort", onAbort, { once: true });
  if (o.signal.aborted) onAbort();
  try {
    const context = {
      signal: controller.signal,
      cwd: o.cwd,
      sandbox: o.sandbox,
      callId: o.callId,
      timeoutMs: o.timeoutMs,
      ...(o.escalated ? { escalated: true } : {}),
    };
    return await Promise.race([tool.execute(args, context), guard]);
  } finally {
    clearTimeout(timer);
    clearTimeout(grace);
    o.signal.removeEventListener("abort", onAbort);
  }
}

function outputItem(call: CallItem, output: string): CallOutputItem {
  return call.type === "function_call"
    ? { type: "function_call_output", call_id: call.call_id, output }
    : { type: "custom_tool_call_output", call_id: call.call_id, output };
}
