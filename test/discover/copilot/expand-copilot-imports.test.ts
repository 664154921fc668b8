import { describe, expect, it } from "vitest";
import { expandCopilotImports } from "../../../src/discover/copilot/expand-copilot-imports.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";

const host = createMemoryHost({
  files: {
    "/r/docs/a.md": "A\n",
    "/r/docs/b.md": "B without newline",
    "/r/docs/nested.md": "N @a.md\n",
    "/r/sub/local.md": "L\n",
    "/r/docs/dir/x": "x",
    "/outside.md": "O\n",
  },
});
const expand = (text: string, path = "/r/AGENTS.md") => expandCopilotImports(host, { path, text, allowedRoot: "/r" });
const block = (path: string, body: string) =>
  `\n\n<imported_custom_instruction source="${path}">\n${body}</imported_custom_instruction>`;

describe("expandCopilotImports", () => {
  it.each([
    [
      "a relative path, the text after it kept",
      "see @docs/a.md here",
      `see @docs/a.md${block("/r/docs/a.md", "A\n")} here`,
    ],
    [
      "a file without a final newline gets one",
      "@docs/b.md",
      `@docs/b.md${block("/r/docs/b.md", "B without newline\n")}`,
    ],
    [
      "trailing punctuation is not part of the path",
      "(@./docs/a.md).",
      `(@./docs/a.md${block("/r/docs/a.md", "A\n")}).`,
    ],
    [
      "after a colon or a quote",
      'x:@docs/a.md "@docs/b.md"',
      `x:@docs/a.md${block("/r/docs/a.md", "A\n")} "@docs/b.md${block("/r/docs/b.md", "B without newline\n")}"`,
    ],
    ["one level deep only", "@docs/nested.md", `@docs/nested.md${block("/r/docs/nested.md", "N @a.md\n")}`],
    [
      "not after a word character, a backtick or an asterisk",
      "a@docs/a.md `@docs/a.md` *@docs/a.md*",
      "a@docs/a.md `@docs/a.md` *@docs/a.md*",
    ],
    ["not an absolute or home path", "@/r/docs/a.md @~/x.md", "@/r/docs/a.md @~/x.md"],
    ["not missing, outside or folders", "@nope.md @../outside.md @docs/dir", "@nope.md @../outside.md @docs/dir"],
  ])("%s", (_, text, expected) => {
    expect(expand(text).text).toBe(expected);
  });

  it("marks a second import of a file, and of the importer itself, as already loaded", () => {
    const r = expand("@docs/a.md @docs/a.md @AGENTS.md");
    expect(r.text).toBe(
      `@docs/a.md${block("/r/docs/a.md", "A\n")} @docs/a.md\n\n<imported_custom_instruction source="/r/docs/a.md" skipped="already-loaded" /> @AGENTS.md\n\n<imported_custom_instruction source="/r/AGENTS.md" skipped="already-loaded" />`,
    );
    expect(r.imports.map((i) => i.outcome)).toEqual(["imported", "already-loaded", "already-loaded"]);
  });

  it("resolves against the importer's folder and reports each outcome", () => {
    const r = expand("@local.md @../docs/a.md @../../outside.md @gone.md", "/r/sub/AGENTS.md");
    expect(r.imports).toEqual([
      { spec: "local.md", path: "/r/sub/local.md", outcome: "imported" },
      { spec: "../docs/a.md", path: "/r/docs/a.md", outcome: "imported" },
      { spec: "../../outside.md", path: "/outside.md", outcome: "outside" },
      { spec: "gone.md", path: "/r/sub/gone.md", outcome: "missing" },
    ]);
  });
});
