// How `promptc run` shows loop events on a terminal: reply text on stdout as it streams, everything else on
// stderr, dimmed when colour is allowed. Pure: returns the text to write (stderr before stdout).
import type { CallItem } from "../model/items.js";
import type { LoopEvent } from "./events.js";
import { rawSgr, type Sgr } from "../model/sgr.js";

export interface RenderedEvent {
  stdout?: string;
  stderr?: string;
}

export interface RenderState {
  /** The last write did not end with a newline (a reply or a reasoning summary is mid-line). */
  midLine: boolean;
  /** Where that unfinished line is: reply text on stdout, reasoning on stderr (default stdout). */
  midLineOn?: "stdout" | "stderr";
}

const PREVIEW_CHARS = 160;

/** `sgr` writes the colours (the CLI's unforgeable markers; the real SGR sequence by default). */
export function renderLoopEvent(
  event: LoopEvent,
  color: boolean,
  state: RenderState,
  sgr: Sgr = rawSgr,
): RenderedEvent {
  const dim = (s: string) => (color ? `${sgr("2")}${s}${sgr("22")}` : s);
  const red = (s: string) => (color ? `${sgr("31")}${s}${sgr("39")}` : s);
  const line = (s: string): RenderedEvent => {
    const lead = state.midLine ? "\n" : "";
    state.midLine = false;
    return { stderr: `${lead}${s}\n` };
  };
  switch (event.type) {
    case "text_delta": {
      // Reasoning left mid-line on stderr: end it there, so stdout carries only the reply.
      const end = state.midLine && state.midLineOn === "stderr" ? { stderr: "\n" } : {};
      markMidLine(state, event.delta, "stdout");
      return { ...end, stdout: event.delta };
    }
    case "reasoning_delta": {
      const lead = state.midLine && state.midLineOn !== "stderr" ? "\n" : "";
      markMidLine(state, event.delta, "stderr");
      return { stderr: lead + dim(event.delta) };
    }
    case "tool_call":
      if (event.decision.type === "allow") return line(dim(`▸ ${describeCall(event.call)}`));
      if (event.decision.type === "deny")
        return line(red(`✗ ${describeCall(event.call)} — refused: ${event.decision.reason}`));
      return line(red(`✗ ${event.call.name}: ${event.decision.message}`));
    case "tool_result": {
      const text = typeof event.output.output === "string" ? event.output.output : "[structured output]";
      const first = text.split("\n", 1)[0] ?? "";
      return line(
        dim(`  ${event.success ? "ok" : "failed"} (${event.durationMs} ms) ${first.slice(0, PREVIEW_CHARS)}`),
      );
    }
    case "retry":
      return line(dim(`reconnecting ${event.attempt}/${event.maxRetries} in ${event.delayMs} ms: ${event.reason}`));
    case "compaction":
      return line(
        dim(
          `compacted the history (${event.strategy}, ${event.reason}, ~${event.tokensBefore} tokens before): ${event.replacementHistory.length} items now`,
        ),
      );
    case "warning":
      return line(dim(`warning: ${event.message}${event.raw ? `: ${event.raw.slice(0, PREVIEW_CHARS)}` : ""}`));
    case "error":
      return line(red(`error (${event.error.kind}): ${event.error.message}`));
    case "turn_completed": {
      const u = event.usage;
      const summary =
        dim(
          `— ${event.status} after ${event.steps} step(s); tokens: ${u.inputTokens} in (${u.cachedInputTokens} cached), ${u.outputTokens} out`,
        ) + "\n";
      const endOnStdout = state.midLine && state.midLineOn !== "stderr";
      const lead = state.midLine && !endOnStdout ? "\n" : "";
      state.midLine = false;
      return { ...(endOnStdout ? { stdout: "\n" } : {}), stderr: lead + summary };
    }
    case "model_response": {
      // A finished reply ends its line, so the replies of successive steps never run together on stdout.
      if (!state.midLine) return {};
      state.midLine = false;
      return state.midLineOn === "stderr" ? { stderr: "\n" } : { stdout: "\n" };
    }
    case "turn_started":
    case "request_compiled":
      return {};
    default: {
      const never: never = event;
      throw new Error(`unhandled loop event ${JSON.stringify(never)}`);
    }
  }
}

function markMidLine(state: RenderState, delta: string, on: "stdout" | "stderr"): void {
  if (delta === "") return;
  state.midLine = !delta.endsWith("\n");
  state.midLineOn = on;
}

function describeCall(call: CallItem): string {
  const raw = call.type === "function_call" ? call.arguments : call.input;
  let detail = raw;
  try {
    const args = JSON.parse(raw) as { command?: unknown; path?: unknown };
    if (Array.isArray(args.command)) detail = args.command.join(" ");
    else if (typeof args.path === "string") detail = args.path;
  } catch {
    // Show the raw text; validation reports the problem separately.
  }
  return `${call.name} ${detail}`.slice(0, PREVIEW_CHARS);
}
