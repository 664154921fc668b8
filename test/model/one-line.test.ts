import YAML from "yaml";
import { describe, expect, it } from "vitest";
import { oneLine } from "../../src/model/one-line.js";

function thrown(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("expected a throw");
}

describe("oneLine", () => {
  it.each([
    ["a message already on one line", "unexpected end", "unexpected end"],
    ["line breaks and the blanks around them", "a\n  b\r\n\nc\n", "a b c"],
    [
      "a yaml code frame",
      "Nested mappings are not allowed at line 1, column 4:\n\na: b\n   ^\n",
      "Nested mappings are not allowed at line 1, column 4",
    ],
  ])("collapses %s", (_, message, expected) => {
    expect(oneLine(message)).toBe(expected);
  });

  it("makes JSON.parse and yaml messages one line", () => {
    const json = oneLine(thrown(() => JSON.parse('{"a":\n x}')));
    expect(json).not.toMatch(/\n/);
    expect(json).toContain("is not valid JSON");
    const yaml = oneLine(thrown(() => YAML.parse("a: b\n c: d: e\n")));
    expect(yaml).toBe("Nested mappings are not allowed in compact mappings at line 1, column 4");
  });
});
