import { describe, expect, it } from "vitest";
import { parseRolloutItem } from "../../src/session-log/parse-rollout-item.js";
import { canonicalItem } from "../../src/compile/canonical-json.js";

describe("parseRolloutItem", () => {
  it("keeps an assistant part's `annotations: []` (issue 11 §5: a resumed turn otherwise diverges at that item)", () => {
    const wire = {
      type: "message",
      id: "msg_1",
      role: "assistant",
      content: [{ type: "output_text", text: "Done.", annotations: [] }],
    };
    const parsed = parseRolloutItem(wire);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(JSON.stringify(canonicalItem(parsed.item))).toBe(JSON.stringify(wire));
    // A part without them stays without them.
    const bare = { ...wire, content: [{ type: "output_text", text: "Done." }] };
    const again = parseRolloutItem(bare);
    expect(again.ok && JSON.stringify(canonicalItem(again.item))).toBe(JSON.stringify(bare));
  });

  it("keeps a function call's status and id in the wire order 0.171.0 sends them", () => {
    // As 0.171.0 put it on the wire (key order type, status, id, name, arguments, call_id), plus rollout metadata.
    const wire = {
      type: "function_call",
      status: "completed",
      id: "fc_1_0",
      name: "exec_command",
      arguments: '{"cmd":"ls"}',
      call_id: "call_1_0",
    };
    const parsed = parseRolloutItem({ ...wire, internal_chat_message_metadata_passthrough: { turn_id: "t" } });
    expect(parsed).toEqual({ ok: true, item: wire });
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(JSON.stringify(canonicalItem(parsed.item))).toBe(JSON.stringify(wire));
  });

  it.each([
    ["without status", { type: "function_call", id: "fc_5", name: "shell", arguments: "{}", call_id: "c" }],
    ["without status or id", { type: "function_call", name: "shell", arguments: "{}", call_id: "c" }],
  ])("round-trips a function call %s", (_name, wire) => {
    const parsed = parseRolloutItem(wire);
    expect(parsed.ok && JSON.stringify(parsed.item)).toBe(JSON.stringify(wire));
  });

  it("drops a status that is not a string", () => {
    expect(
      parseRolloutItem({ type: "function_call", status: 3, name: "shell", arguments: "{}", call_id: "c" }),
    ).toEqual({
      ok: true,
      item: { type: "function_call", name: "shell", arguments: "{}", call_id: "c" },
    });
  });
});
