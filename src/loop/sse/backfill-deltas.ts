// Servers that send finished items without deltas (or only `response.completed.output`) still show their text:
// the missing text and reasoning-summary deltas are derived from the finished items. Pure.
import type { ResponseItem } from "../../model/items.js";
import type { StreamEvent } from "../provider.js";

export interface DeltaBackfill {
  /** The events to pass on for one provider event: the event itself, preceded by any deltas it implies. */
  next(event: StreamEvent): StreamEvent[];
}

export function createDeltaBackfill(): DeltaBackfill {
  const streamed = new Set<number>();
  let itemsDone = 0;
  return {
    next(event) {
      switch (event.type) {
        case "text_delta":
        case "reasoning_summary_delta":
          streamed.add(event.outputIndex);
          return [event];
        case "output_item_done": {
          itemsDone++;
          const deltas = streamed.has(event.outputIndex) ? [] : deltasOf(event.item, event.outputIndex);
          streamed.add(event.outputIndex);
          return [...deltas, event];
        }
        case "completed":
          // Items only in the final output (no output_item.done at all) were never shown.
          if (itemsDone > 0 || !event.output) return [event];
          return [...event.output.flatMap((item, i) => deltasOf(item, i)), event];
        default:
          return [event];
      }
    },
  };
}

function deltasOf(item: ResponseItem, outputIndex: number): StreamEvent[] {
  if (item.type === "message" && item.role === "assistant") {
    // A refusal part ({type: "refusal", refusal}) is not in our item types but servers send it.
    const text = item.content.map((p) => (p.type === "output_text" ? p.text : refusalOf(p))).join("");
    return text === "" ? [] : [{ type: "text_delta", outputIndex, delta: text }];
  }
  if (item.type === "reasoning") {
    return (item.summary ?? []).flatMap((s, summaryIndex): StreamEvent[] =>
      s.text === "" ? [] : [{ type: "reasoning_summary_delta", outputIndex, summaryIndex, delta: s.text }],
    );
  }
  return [];
}

function refusalOf(part: object): string {
  const refusal = (part as { refusal?: unknown }).refusal;
  return typeof refusal === "string" ? refusal : "";
}
