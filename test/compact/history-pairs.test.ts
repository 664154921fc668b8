import { describe, expect, it } from "vitest";
import { findUnpaired, removeFirstItem, removeLastItem } from "../../src/compact/history-pairs.js";
import { withoutGhostSnapshots } from "../../src/compact/ghost-snapshots.js";
import { call, ghost, output, user } from "./items.js";

describe("removeFirstItem", () => {
  it("removes the matching output with a call", () => {
    expect(removeFirstItem([call("c1"), output("c1")])).toEqual([]);
  });
  it("removes the matching call with an output", () => {
    expect(removeFirstItem([output("c1"), user("u"), call("c1")])).toEqual([user("u")]);
  });
  it("keeps other pairs", () => {
    expect(removeFirstItem([call("c1"), call("c2"), output("c2"), output("c1")])).toEqual([call("c2"), output("c2")]);
  });
});

describe("removeLastItem", () => {
  it("removes the matching call with an output", () => {
    expect(removeLastItem([user("u"), call("c1"), output("c1")])).toEqual([user("u")]);
  });
  it("is a no-op on an empty history", () => {
    expect(removeLastItem([])).toEqual([]);
  });
});

describe("findUnpaired", () => {
  it("lists calls without output and outputs without call", () => {
    expect(findUnpaired([call("a"), output("a"), call("b"), output("c")])).toEqual({
      callsWithoutOutput: ["b"],
      outputsWithoutCall: ["c"],
    });
  });
  it("does not pair a function call with a custom tool output", () => {
    const custom = { type: "custom_tool_call_output" as const, call_id: "a", output: "x" };
    expect(findUnpaired([call("a"), custom])).toEqual({ callsWithoutOutput: ["a"], outputsWithoutCall: ["a"] });
  });
});

describe("withoutGhostSnapshots", () => {
  it("leaves nothing of a ghost-only history", () => {
    expect(withoutGhostSnapshots([ghost("g")])).toEqual([]);
  });
});
