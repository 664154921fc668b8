import { describe, expect, it } from "vitest";
import { diffRequests } from "../../src/capture/diff-requests.js";

const m = (role: string, text: string, id?: string) => ({ type: "message", ...(id ? { id } : {}), role, content: [{ type: "input_text", text }] });

describe("diffRequests", () => {
  it("ignores item ids and reports equal requests", () => {
    const a = { model: "x", input: [m("user", "hi", "msg_1")], tools: [] };
    const b = { model: "x", input: [m("user", "hi")], tools: [] };
    const d = diffRequests(a, b);
    expect(d.equal).toBe(true);
    expect(d.commonPrefix).toBe(1);
  });

  it("finds the first differing item, offset, params, tools and key order", () => {
    const a = { model: "x", stream: true, input: [m("developer", "same"), m("user", "<environment_context>A</environment_context>"), m("user", "extra")], tools: [{ name: "a" }, { name: "b" }] };
    const b = { stream: true, model: "y", input: [m("developer", "same"), m("user", "<environment_context>B</environment_context>")], tools: [{ name: "b" }, { name: "c" }] };
    const d = diffRequests(a, b);
    expect(d.equal).toBe(false);
    expect(d.keyOrder.same).toBe(false);
    expect(d.params).toEqual([{ key: "model", left: '"x"', right: '"y"' }]);
    expect(d.tools).toEqual({ onlyLeft: ["a"], onlyRight: ["c"], changed: [], orderSame: false });
    expect(d.commonPrefix).toBe(1);
    expect(d.items.map((i) => [i.index, i.status, i.contentIndex, i.offset])).toEqual([
      [0, "same", undefined, undefined],
      [1, "changed", 0, 21],
      [2, "removed", undefined, undefined],
    ]);
    expect(d.items[1]?.left).toBe("user <environment_context> (44 B)");
  });
});
