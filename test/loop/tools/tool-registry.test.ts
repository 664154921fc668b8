import { describe, expect, it } from "vitest";
import { createToolRegistry } from "../../../src/loop/tools/tool-registry.js";
import { createDefaultTools } from "../../../src/loop/tools/default-tools.js";

const registry = createToolRegistry(createDefaultTools());

describe("createToolRegistry", () => {
  it.each([
    ["shell", '{"command":["ls"]}', { ok: true, args: { command: ["ls"] } }],
    ["shell", '{"command":"ls"}', { ok: false, message: "invalid arguments for shell: /command must be array" }],
    [
      "shell",
      '{"command":["ls"],"sudo":true}',
      { ok: false, message: "invalid arguments for shell: arguments must NOT have additional properties (sudo)" },
    ],
    ["read_file", "{not json", { ok: false, message: expect.stringContaining("arguments are not valid JSON") }],
    [
      "read_file",
      "{}",
      { ok: false, message: "invalid arguments for read_file: arguments must have required property 'path'" },
    ],
    ["nope", "{}", { ok: false, message: 'unknown tool "nope"; available: shell, read_file, edit_file, update_plan' }],
  ])("checks %s %s", (name, text, expected) => {
    expect(registry.check(name, text)).toEqual(expected);
  });

  it("refuses duplicate tool names", () => {
    const [shell] = createDefaultTools();
    expect(() => createToolRegistry([shell!, shell!])).toThrow("duplicate tool name shell");
  });
});
