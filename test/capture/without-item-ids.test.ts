import { describe, expect, it } from "vitest";
import { withoutItemIds } from "../../src/capture/without-item-ids.js";

describe("withoutItemIds", () => {
  it("drops the id of every input item and keeps the rest, key order included", () => {
    const body = {
      model: "m",
      input: [
        { type: "message", id: "msg_1", role: "user", content: [{ type: "input_text", text: "hi" }] },
        { type: "function_call", status: "completed", id: "fc_1", name: "x", arguments: "{}", call_id: "c" },
        { type: "message", role: "developer", content: [] },
        "not an item",
      ],
      tools: [{ type: "function", name: "t", id: "kept" }],
    };
    const out = withoutItemIds(body);
    expect(JSON.stringify(out)).toBe(
      '{"model":"m","input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]},{"type":"function_call","status":"completed","name":"x","arguments":"{}","call_id":"c"},{"type":"message","role":"developer","content":[]},"not an item"],"tools":[{"type":"function","name":"t","id":"kept"}]}',
    );
    expect(body.input[0]).toHaveProperty("id", "msg_1");
  });

  it.each([[null], [[1, 2]], [{ messages: [] }], ["text"]])("returns %j unchanged when it has no input list", (v) => {
    expect(withoutItemIds(v)).toBe(v);
  });
});
