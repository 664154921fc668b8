// skill/codex-listing: what Codex's skills scan does with this SKILL.md — list it, rewrite its metadata, or drop it.
// Reads the scan result the IO edge computed with the shared discovery code (LintFacts.codexSkills). Pure.
import { defineRule } from "../define-rule.js";
import { fmString, fmValuePlace } from "../rule-utils.js";
import { CODEX_SOURCE } from "../sources.js";

export const skillCodexListing = defineRule({
  id: "skill/codex-listing",
  meta: {
    description: "simulates Codex's skills scan: reports skills it would not list and metadata it would rewrite",
    rationale:
      "Codex lists a skill only when its SKILL.md parses and passes its own limits (description required, name ≤ 64 and description ≤ 1,024 characters); it collapses every whitespace run in name and description to one space, so line breaks and indentation written for humans do not reach the model.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    targets: ["codex"],
    basis: "vendor",
    sources: [CODEX_SOURCE],
    messages: {
      dropped: "Codex will not list this skill: {{error}}",
      collapsed:
        "Codex joins the {{field}} into one line, so its list items and paragraph breaks do not reach the model",
    },
  },
  check({ file, project, report }) {
    const view = project.facts.codexSkills.get(file.path);
    if (!view) return;
    if (view.error !== undefined) return report({ messageId: "dropped", data: { error: view.error } });
    for (const field of ["description", "name"] as const) {
      const raw = fmString(file, field);
      const seen = view[field];
      // Only structure is worth a finding: line breaks inside a sentence are harmless once joined.
      if (
        raw === undefined ||
        seen === undefined ||
        raw.trim() === seen ||
        !/\n\s*\n|\n\s*(?:[-*•]|\d+[.)])\s/.test(raw.trim())
      )
        continue;
      report({ messageId: "collapsed", data: { field }, place: fmValuePlace(file, field) });
    }
  },
});
