import { describe, expect, it } from "vitest";
import { createDeltaBackfill } from "../../../src/loop/sse/backfill-deltas.js";
import type { StreamEvent } from "../../../src/loop/provider.js";
import type { ResponseItem } from "../../../src/model/items.js";

const msg = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});
const feed = (events: StreamEvent[]) => {
  const b = createDeltaBackfill();
  return events.flatMap((e) => b.next(e));
};

describe("createDeltaBackfill", () => {
  it("adds nothing when the text was streamed", () => {
    const events: StreamEvent[] = [
      { type: "text_delta", outputIndex: 0, delta: "hi" },
      { type: "output_item_done", outputIndex: 0, item: msg("hi") },
      { type: "completed" },
    ];
    expect(feed(events)).toEqual(events);
  });

  it("puts the text of an item finished without deltas before its done event", () => {
    expect(feed([{ type: "output_item_done", outputIndex: 2, item: msg("late") }])).toEqual([
      { type: "text_delta", outputIndex: 2, delta: "late" },
      { type: "output_item_done", outputIndex: 2, item: msg("late") },
    ]);
  });

  it("shows a refusal and skips function calls", () => {
    const refusal = {
      type: "message",
      role: "assistant",
      content: [{ type: "refusal", refusal: "no" }],
    } as unknown as ResponseItem;
    const call: ResponseItem = { type: "function_call", name: "f", arguments: "{}", call_id: "c" };
    expect(
      feed([
        { type: "output_item_done", outputIndex: 0, item: refusal },
        { type: "output_item_done", outputIndex: 1, item: call },
      ]).map((e) => e.type),
    ).toEqual(["text_delta", "output_item_done", "output_item_done"]);
  });

  it("derives deltas from response.completed's output when no item was finished on its own", () => {
    expect(feed([{ type: "completed", output: [msg("only at the end")] }])).toEqual([
      { type: "text_delta", outputIndex: 0, delta: "only at the end" },
      { type: "completed", output: [msg("only at the end")] },
    ]);
  });

  it("does not repeat items already finished when response.completed carries them too", () => {
    const done: StreamEvent = { type: "output_item_done", outputIndex: 0, item: msg("once") };
    expect(
      feed([done, { type: "completed", output: [msg("once")] }]).filter((e) => e.type === "text_delta"),
    ).toHaveLength(1);
  });
});
