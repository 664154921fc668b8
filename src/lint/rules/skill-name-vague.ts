// skill/name-vague: a name made only of generic words (helper, utils, tools…) says nothing about the skill. Pure.
import { defineRule } from "../define-rule.js";
import { fmValuePlace, fmString } from "../rule-utils.js";
import { AGNIX_RULES, SKILLS_BEST_PRACTICES } from "../sources.js";

const VAGUE = new Set([
  "helper",
  "helpers",
  "util",
  "utils",
  "utility",
  "utilities",
  "tool",
  "tools",
  "data",
  "file",
  "files",
  "document",
  "documents",
  "misc",
  "stuff",
  "common",
  "general",
  "skill",
  "handler",
  "manager",
]);

export const skillNameVague = defineRule({
  id: "skill/name-vague",
  meta: {
    description: "a skill name is not made only of generic words such as helper, utils or tools",
    rationale:
      "Agents choose skills by name and description. Anthropic advises specific, descriptive names (e.g. gerund form `processing-pdfs`) over `helper` or `utils`.",
    defaultSeverity: "info",
    appliesTo: ["skill"],
    basis: "vendor",
    sources: [SKILLS_BEST_PRACTICES, AGNIX_RULES],
    messages: { vague: "skill name '{{name}}' is only generic words; name what the skill does" },
    strict: "warn",
  },
  check({ file, report }) {
    const name = fmString(file, "name");
    if (!name) return;
    const words = name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    if (words.length > 0 && words.every((w) => VAGUE.has(w)))
      report({ messageId: "vague", data: { name }, place: fmValuePlace(file, "name") });
  },
});
