import { describe, expect, it } from "vitest";
import {
  findClaudeMdImports,
  isConditionalRule,
  parseClaudeMd,
  stripClaudeMdComments,
} from "../../../src/discover/claude-code/parse-claude-md.js";

describe("findClaudeMdImports", () => {
  const cases: [string, string, string[]][] = [
    ["a relative path after text", "See @docs/style.md for style.", ["docs/style.md"]],
    ["./, ~/ and absolute paths", "@./a.md @~/b.md @/etc/c.md", ["./a.md", "~/b.md", "/etc/c.md"]],
    ["bare names with and without extension", "@notes.txt @noext @foo@bar.md", ["notes.txt", "noext", "foo@bar.md"]],
    ["not an anchor, not an e-mail address", "@#anchor mail a@b.md", []],
    ["a fragment is cut off", "@guide.md#setup", ["guide.md"]],
    ["an escaped space", "@my\\ notes.md", ["my notes.md"]],
    ["nothing inside inline code", "`@inline.md` and @real.md", ["real.md"]],
    ["nothing inside a fenced block", "```\n@fenced.md\n```\n@after.md", ["after.md"]],
    ["nothing inside a tilde fence", "~~~md\n@fenced.md\n~~~\n", []],
    ["@/ alone is not a path", "@/ x", []],
  ];
  for (const [name, text, expected] of cases) {
    it(`finds ${name}`, () => {
      expect(findClaudeMdImports(text).map((i) => i.raw)).toEqual(expected);
    });
  }

  it("reports the line of each import", () => {
    expect(findClaudeMdImports("one\n@a.md\n\n@b.md")).toEqual([
      { raw: "a.md", line: 2 },
      { raw: "b.md", line: 4 },
    ]);
  });
});

describe("parseClaudeMd", () => {
  it("trims both ends and keeps inner CRLF", () => {
    expect(parseClaudeMd("\n\n  # Root\r\nbody  \n\n").content).toBe("# Root\r\nbody");
  });

  it("drops HTML comments", () => {
    expect(parseClaudeMd("<!-- hidden\n-->\nvisible\n").content).toBe("visible");
  });

  // Each case as measured with Claude Code 2.1.332 (the text it sent for that file).
  it.each([
    ["a comment line with its line break", "c\n<!-- own line -->\nd", "c\nd"],
    ["a multi-line comment block", "c\n<!--\nmulti\n-->\nd", "c\nd"],
    ["the blank lines after a block", "z\n<!--x-->\n\n\nw", "z\nw"],
    ["two comments on one line", "y\n<!-- a --><!-- b -->\nz", "y\nz"],
    ["only the comment when text follows it", "x\n<!-- c --> trailing\ny", "x\n trailing\ny"],
  ])("drops %s", (_name, text, sent) => {
    expect(stripClaudeMdComments(text)).toBe(sent);
  });

  it.each([
    ["an inline comment", "a <!-- inline --> b"],
    ["an indented comment", "d\n   <!-- three -->\ne"],
    ["a comment opened inside a line", "e <!-- open\nclose --> f"],
    ["a comment in a fence", "```\n<!-- in fence -->\n```"],
    ["a comment never closed", "<!-- unclosed\ng"],
  ])("keeps %s", (_name, text) => {
    expect(stripClaudeMdComments(text)).toBe(text);
  });

  it("drops a rules file's frontmatter and keeps it for the paths check", () => {
    const parsed = parseClaudeMd("---\npaths: src/**\n---\nrule\n", { rulesFile: true });
    expect(parsed.content).toBe("rule");
    expect(isConditionalRule(parsed.frontmatter)).toBe(true);
    expect(isConditionalRule(parseClaudeMd("---\ndescription: d\n---\nrule\n", { rulesFile: true }).frontmatter)).toBe(
      false,
    );
  });
});
