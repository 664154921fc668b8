import { describe, expect, it } from "vitest";
import { withoutSessionData } from "../../src/capture/without-session-data.js";

describe("withoutSessionData", () => {
  it("drops item ids, prompt_cache_key and client_metadata and keeps the rest, key order included", () => {
    const body = {
      model: "m",
      input: [
        { type: "message", id: "msg_1", role: "user", content: [{ type: "input_text", text: "hi" }] },
        { type: "function_call", status: "completed", id: "fc_1", name: "x", arguments: "{}", call_id: "c" },
        { type: "message", role: "developer", content: [] },
        "not an item",
      ],
      tools: [{ type: "function", name: "t", id: "kept" }],
      prompt_cache_key: "session",
      client_metadata: { thread_id: "t" },
      store: false,
    };
    const out = withoutSessionData(body);
    expect(JSON.stringify(out)).toBe(
      '{"model":"m","input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]},{"type":"function_call","status":"completed","name":"x","arguments":"{}","call_id":"c"},{"type":"message","role":"developer","content":[]},"not an item"],"tools":[{"type":"function","name":"t","id":"kept"}],"store":false}',
    );
    expect(body.input[0]).toHaveProperty("id", "msg_1");
    expect(body).toHaveProperty("prompt_cache_key", "session");
  });

  it.each([[null], [[1, 2]], [{ messages: [] }], ["text"]])("returns %j unchanged when it has no input list", (v) => {
    expect(withoutSessionData(v)).toBe(v);
  });
});
