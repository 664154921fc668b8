// Maps loop events onto spans (turn → model call / tool execution) through a tiny tracer port. Pure.
// Users adapt the port to OpenTelemetry or anything else; promptc depends on no tracing library.
import type { LoopEvent } from "./events.js";

export type SpanAttributes = { [key: string]: string | number | boolean };

export interface Span {
  end(status: "ok" | "error", attributes?: SpanAttributes): void;
}

/** Contract: must not throw. */
export interface Tracer {
  startSpan(name: "turn" | "model_call" | "tool_execution", attributes: SpanAttributes, parent?: Span): Span;
}

export function createTelemetryListener(tracer: Tracer): (event: LoopEvent) => void {
  let turn: Span | undefined;
  let model: Span | undefined;
  const tools = new Map<string, Span>();
  return (event) => {
    switch (event.type) {
      case "turn_started":
        turn = tracer.startSpan("turn", { "session.id": event.sessionId, model: event.model });
        return;
      case "request_compiled":
        model = tracer.startSpan("model_call", { step: event.step, "input.items": event.request.input.length }, turn);
        return;
      case "model_response":
        model?.end(
          "ok",
          event.usage
            ? {
                "usage.input_tokens": event.usage.inputTokens,
                "usage.cached_tokens": event.usage.cachedInputTokens,
                "usage.output_tokens": event.usage.outputTokens,
              }
            : {},
        );
        model = undefined;
        return;
      case "error":
        model?.end("error", { "error.kind": event.error.kind });
        model = undefined;
        return;
      case "tool_call":
        tools.set(
          event.call.call_id,
          tracer.startSpan(
            "tool_execution",
            { "tool.name": event.call.name, "tool.decision": event.decision.type },
            turn,
          ),
        );
        return;
      case "tool_result":
        tools.get(event.call.call_id)?.end(event.success ? "ok" : "error", { "tool.duration_ms": event.durationMs });
        tools.delete(event.call.call_id);
        return;
      case "turn_completed":
        model?.end("error", { "error.kind": event.status });
        for (const span of tools.values()) span.end("error", { "tool.unfinished": true });
        tools.clear();
        turn?.end(event.status === "completed" ? "ok" : "error", {
          status: event.status,
          steps: event.steps,
          "usage.total_tokens": event.usage.totalTokens,
        });
        turn = undefined;
        model = undefined;
        return;
      case "text_delta":
      case "reasoning_delta":
      case "retry":
      case "compaction":
      case "warning":
        return;
      default: {
        const never: never = event;
        throw new Error(`unhandled loop event ${JSON.stringify(never)}`);
      }
    }
  };
}
