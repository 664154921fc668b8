// skill/frontmatter-parse: the frontmatter is valid YAML, a mapping, without duplicate keys or alias bombs — and
// what each harness that loads the file does when it is not, from the scans the IO edge ran with the shared
// discovery code (LintFacts.codexSkills with Codex's quoted second try, LintFacts.geminiSkills). Pure.
import { defineRule } from "../define-rule.js";
import type { LintFacts } from "../lint-project.js";
import { loadingHarnesses, type Loader, type LoadedTarget } from "../loading-harnesses.js";
import { AGNIX_RULES, SKILLS_SPEC } from "../sources.js";

/** What one harness does with this file's broken frontmatter; undefined when promptc has not measured it. */
type Outcome = (facts: LintFacts, path: string) => string | undefined;

/** Per lint target (lint's own vocabulary, lint-target.ts), the scan that answers for it. */
const OUTCOMES: readonly { target: Loader; fromScan: boolean; outcome: Outcome }[] = [
  {
    target: "codex",
    fromScan: true,
    outcome: (facts, path) => {
      const view = facts.codexSkills.get(path);
      if (view === undefined) return undefined;
      if (view.error !== undefined) return `Codex drops the skill (${view.error})`;
      return view.quotedRetry
        ? `Codex reads it again with each value quoted and lists it as "${view.name ?? ""}"`
        : `Codex lists it as "${view.name ?? ""}"`;
    },
  },
  {
    target: "gemini",
    fromScan: true,
    outcome: (facts, path) => {
      const view = facts.geminiSkills?.get(path);
      if (view === undefined) return undefined;
      return view === null
        ? "Gemini CLI drops the skill"
        : `Gemini CLI reads name and description line by line and lists it as "${view.name}"`;
    },
  },
  // As discover/claude-code/discover-claude-skills.ts models it.
  {
    target: "claude-code",
    fromScan: false,
    outcome: () => "Claude Code ignores the frontmatter and lists it under its folder name",
  },
];

/**
 * One clause per harness whose behaviour is known, e.g. "Codex drops the skill (…); Gemini CLI …". Codex's and
 * Gemini CLI's clauses come from their own scans of the file (a skill they drop is in neither's loaded list, so the
 * shared discovery alone would not name them); Claude Code's applies where the shared discovery says it loads it.
 */
export function frontmatterOutcomes(facts: LintFacts, file: LoadedTarget): string {
  const loaders = loadingHarnesses(file, facts);
  const known = OUTCOMES.flatMap((o) => {
    if (!o.fromScan && !loaders.includes(o.target)) return [];
    const text = o.outcome(facts, file.path);
    return text !== undefined ? [text] : [];
  });
  return known.length > 0 ? known.join("; ") : "what the agents that load it do with it is not measured";
}

export const skillFrontmatterParse = defineRule({
  id: "skill/frontmatter-parse",
  meta: {
    description: "SKILL.md and .mdc frontmatter parses as a YAML mapping (duplicate keys and alias bombs are errors)",
    rationale:
      "Each harness handles frontmatter that does not parse its own way, and none says so to the model: Codex 0.171.0 retries with every `key: value` value quoted and lists the skill if that parses (else drops it with `invalid YAML`), Gemini CLI falls back to reading `name:` and `description:` lines, Claude Code lists the skill under its folder name without its frontmatter, pi drops it silently. Duplicate keys are resolved differently by different YAML parsers, and excessive alias expansion is a denial-of-service vector.",
    defaultSeverity: "error",
    appliesTo: ["skill", "cursor-rule"],
    basis: "spec",
    sources: [SKILLS_SPEC, AGNIX_RULES],
    messages: { invalid: "frontmatter is not valid YAML: {{error}} — {{outcome}}" },
  },
  check({ file, project, report }) {
    if (file.frontmatter.errors.length === 0) return;
    const outcome = frontmatterOutcomes(project.facts, file);
    for (const e of file.frontmatter.errors) {
      report({ messageId: "invalid", data: { error: e.message, outcome }, place: { line: e.line, column: e.column } });
    }
  },
});
