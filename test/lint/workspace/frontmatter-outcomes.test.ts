// skill/frontmatter-parse's per-harness outcomes from the facts the IO edge computes with the shared discovery
// code: Codex's quoted second try (quote-frontmatter-values.ts) and Gemini CLI's line-based fallback.
import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../../src/host/memory-host.js";
import { createLintFile } from "../../../src/lint/lint-file.js";
import { frontmatterOutcomes } from "../../../src/lint/rules/skill-frontmatter-parse.js";
import { computeLintFacts } from "../../../src/lint/workspace/compute-lint-facts.js";

const PATH = ".agents/skills/alpha/SKILL.md";

describe("frontmatterOutcomes", () => {
  it.each<[string, string, string]>([
    [
      "an unquoted ': ' in a value: Codex lists it after quoting, Gemini CLI line by line",
      "name: alpha\ndescription: Plain skill: does alpha things.",
      'Codex reads it again with each value quoted and lists it as "alpha"; Gemini CLI reads name and description line by line and lists it as "alpha"',
    ],
    [
      "an unclosed quote: Codex leaves it as it is and drops the skill; Gemini CLI still lists it",
      'name: "alpha\ndescription: Does alpha things.',
      'Codex drops the skill (invalid YAML: Missing closing "quote); Gemini CLI reads name and description line by line and lists it as ""alpha"',
    ],
    [
      "a description only in a bad block: Codex lists it, Gemini CLI finds no name and drops it",
      "description: a: b",
      'Codex reads it again with each value quoted and lists it as "alpha"; Gemini CLI drops the skill',
    ],
  ])("%s", (_name, frontmatter, outcome) => {
    const text = `---\n${frontmatter}\n---\n\n# Alpha\n`;
    const file = createLintFile(PATH, "skill", text, {});
    const facts = computeLintFacts(createMemoryHost({ cwd: "/w", files: { [`/w/${PATH}`]: text } }), [file], {
      root: "/w",
    });
    expect(frontmatterOutcomes(facts, file)).toBe(outcome);
  });
});
