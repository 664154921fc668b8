import { describe, expect, it } from "vitest";
import { parsePrefixRules } from "../../src/discover/parse-prefix-rules.js";

const F = "/c/rules/default.rules";

describe("parsePrefixRules", () => {
  it("parses keyword args in any order, both quotes, multi-line calls, comments and other decisions", () => {
    const text = `# comment
prefix_rule(pattern=["git", "pull"], decision="allow")
prefix_rule(decision = 'allow', pattern = ['npm', 'run', 'test'])  # trailing
prefix_rule(
    pattern=["rm"],
    decision="forbidden",
)
prefix_rule(pattern=["ls"], decision="prompt")
prefix_rule(pattern=["make"])
prefix_rule(pattern=["git", ["fetch", "push"]], justification="sync", match=[["git", "fetch"]])
other = 1
`;
    expect(parsePrefixRules(text, F)).toEqual({
      value: [
        { pattern: ["git", "pull"], decision: "allow", file: F, line: 2 },
        { pattern: ["npm", "run", "test"], decision: "allow", file: F, line: 3 },
        { pattern: ["rm"], decision: "forbidden", file: F, line: 4 },
        { pattern: ["ls"], decision: "prompt", file: F, line: 8 },
        { pattern: ["make"], decision: "allow", file: F, line: 9 },
        { pattern: ["git", "[fetch|push]"], decision: "allow", file: F, line: 10 },
      ],
      diagnostics: [],
    });
  });

  it.each<[string, string, string]>([
    ["unclosed list at end of file", 'prefix_rule(pattern=["bad"\n', `${F}:2:1: expected \`,\` or \`]\``],
    [
      "unknown decision",
      'prefix_rule(pattern=["x"], decision="deny")',
      `${F}:1:28: \`decision\` must be one of "allow", "prompt", "forbidden"`,
    ],
    ["positional argument", 'prefix_rule(["x"])', `${F}:1:13: prefix_rule takes keyword arguments only (name=value)`],
    ["unterminated string", 'x = 1\nprefix_rule(pattern=["x])', `${F}:2:22: unterminated string`],
    ["empty pattern", "prefix_rule(pattern=[])", `${F}:1:13: \`pattern\` must be a non-empty list`],
  ])("reports %s with line:column", (_name, text, message) => {
    const r = parsePrefixRules(text, F);
    expect([r.value, r.diagnostics.map((d) => d.message)]).toEqual([[], [message]]);
  });
});
