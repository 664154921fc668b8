import { describe, expect, it } from "vitest";
import { selectTools } from "../../../src/loop/policy/select-tools.js";
import type { ToolKind } from "../../../src/loop/tool.js";

const tools: { name: string; kind: ToolKind }[] = [
  { name: "update_plan", kind: "plan" },
  { name: "shell", kind: "execute" },
  { name: "edit_file", kind: "write" },
  { name: "read_file", kind: "read" },
];

describe("selectTools", () => {
  it.each([
    ["read-only" as const, [], ["read_file", "shell", "update_plan"]],
    ["workspace-write" as const, [], ["edit_file", "read_file", "shell", "update_plan"]],
    ["danger-full-access" as const, ["shell"], ["edit_file", "read_file", "update_plan"]],
  ])("offers the right tools, sorted, under %s", (sandbox, disabled, names) => {
    expect(selectTools(tools, { sandbox, disabled }).map((t) => t.name)).toEqual(names);
  });

  it("gives the same order whatever the input order", () => {
    expect(selectTools([...tools].reverse(), { sandbox: "workspace-write" })).toEqual(
      selectTools(tools, { sandbox: "workspace-write" }),
    );
  });
});
