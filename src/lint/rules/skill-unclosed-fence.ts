// skill/unclosed-fence: every ``` or ~~~ code fence closes; an open fence swallows the rest of the file. Pure.
import { defineRule } from "../define-rule.js";
import { SKILL_VALIDATOR, AGNIX_RULES } from "../sources.js";

export const skillUnclosedFence = defineRule({
  id: "skill/unclosed-fence",
  meta: {
    description: "every fenced code block in a skill or context file is closed",
    rationale:
      "An unclosed fence turns everything after it into code: headings and instructions below it stop reading as instructions. The suggested fix appends a closing fence.",
    defaultSeverity: "error",
    appliesTo: ["skill", "context", "cursor-rule"],
    basis: "community",
    sources: [SKILL_VALIDATOR, AGNIX_RULES],
    fixable: "suggest",
    messages: { unclosed: "code fence '{{marker}}' opened here is never closed" },
  },
  check({ file, report }) {
    for (const f of file.markdown.fences) {
      if (f.endLine !== undefined) continue;
      const end = file.text.length;
      const sep = file.text.endsWith("\n") || end === 0 ? "" : "\n";
      report({
        messageId: "unclosed",
        data: { marker: f.marker },
        place: { line: f.startLine, column: 1 },
        fix: { start: end, end, text: `${sep}${f.marker}\n` },
      });
    }
  },
});
