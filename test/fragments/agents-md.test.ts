import { describe, expect, it } from "vitest";
import { buildAgentsMdFragment, buildUserInstructionsText, renderAgentsMd } from "../../src/fragments/agents-md.js";
import type { UserInstructions } from "../../src/model/turn-context.js";

const doc = (path: string, text: string) => ({ path, text, sizeBytes: text.length, keptBytes: text.length });
const ui = (global: string | undefined, docs: string[]): UserInstructions => ({
  ...(global !== undefined ? { global: { path: "/h/AGENTS.md", text: global, sizeBytes: global.length } } : {}),
  projectDocs: docs.map((t, i) => doc(`/d${i}/AGENTS.md`, t)),
  budgetBytes: 4096,
});

describe("buildUserInstructionsText", () => {
  const cases: [string, UserInstructions, string | undefined][] = [
    ["no docs and no global → none (11.1 #1)", ui(undefined, []), undefined],
    ["one doc → its text (11.1 #2)", ui(undefined, ["hello world"]), "hello world"],
    [
      "global + doc → separator (11.1 #6)",
      ui("base instructions", ["proj doc"]),
      "base instructions\n\n--- project-doc ---\n\nproj doc",
    ],
    ["global only (11.1 #7)", ui("some instructions", []), "some instructions"],
    [
      "root + cwd docs joined by a blank line (11.1 #8)",
      ui(undefined, ["root doc", "crate doc"]),
      "root doc\n\ncrate doc",
    ],
    [
      "untrimmed docs leave three newlines at a join (0.171.0 capture)",
      ui("Global rules.", ["Root doc line.\n", "Pkg doc.\n"]),
      "Global rules.\n\n--- project-doc ---\n\nRoot doc line.\n\n\nPkg doc.\n",
    ],
  ];
  for (const [name, input, expected] of cases)
    it(`gives ${name}`, () => expect(buildUserInstructionsText(input)).toBe(expected));
});

describe("renderAgentsMd", () => {
  it("wraps text in the heading and INSTRUCTIONS tags (11.1 #15)", () => {
    expect(renderAgentsMd("test_directory", "test_text")).toBe(
      "# AGENTS.md instructions for test_directory\n\n<INSTRUCTIONS>\ntest_text\n</INSTRUCTIONS>",
    );
  });
});

describe("buildAgentsMdFragment", () => {
  it("records each source with bytes in and kept", () => {
    const f = buildAgentsMdFragment("/repo", {
      global: { path: "/h/AGENTS.md", text: "g", sizeBytes: 5 },
      projectDocs: [{ path: "/repo/AGENTS.md", text: "ab", sizeBytes: 10, keptBytes: 2 }],
      budgetBytes: 2,
    });
    expect(f).toEqual({
      id: "agents-md",
      layer: "agents-md",
      text: "# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\ng\n\n--- project-doc ---\n\nab\n</INSTRUCTIONS>",
      sources: [
        { path: "/h/AGENTS.md", bytesIn: 5, bytesKept: 1 },
        { path: "/repo/AGENTS.md", bytesIn: 10, bytesKept: 2 },
      ],
      templates: [],
      prose: "data",
      diagnostics: [],
    });
  });
  it("returns undefined when there is nothing to say", () =>
    expect(buildAgentsMdFragment("/repo", ui(undefined, []))).toBeUndefined());
});
