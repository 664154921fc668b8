// ctx/max-lines: lines per always-loaded context file. Pure.
import { defineRule } from "../define-rule.js";
import { isAlwaysLoaded, loadingHarnesses } from "../loading-harnesses.js";
import { limitsSchema } from "../rule-utils.js";
import { CLAUDE_MEMORY, CURSOR_RULES } from "../sources.js";

export const ctxMaxLines = defineRule({
  id: "ctx/max-lines",
  meta: {
    description: "an always-loaded context file has at most 200 lines (500 for Cursor rules)",
    rationale:
      "Claude Code's memory docs: 'target under 200 lines per CLAUDE.md file. Longer files consume more context and reduce adherence.' Cursor: keep rules under 500 lines.",
    defaultSeverity: "warn",
    appliesTo: ["context", "cursor-rule"],
    basis: "vendor",
    sources: [CLAUDE_MEMORY, CURSOR_RULES],
    messages: { tooLong: "{{lines}} lines; keep always-loaded instructions under {{max}}" },
    optionsSchema: limitsSchema("maxLines", "maxCursorLines", "marginPercent"),
    // Measured on the precision suite: a few lines over was judged noise; 1.5× the limit and more, real.
    defaultOptions: { maxLines: 200, maxCursorLines: 500, marginPercent: 50 },
  },
  check({ file, project, options, report }) {
    if (!isAlwaysLoaded(file, project.facts)) return;
    // The 200-line advice is Claude Code's: it applies to what Claude Code loads (a CLAUDE.md, or a CLAUDE.md symlink's target under its link's name).
    if (file.kind !== "cursor-rule" && !loadingHarnesses(file, project.facts).includes("claude-code")) return;
    const lines = file.index.lines.length - (file.text.endsWith("\n") ? 1 : 0);
    const max = file.kind === "cursor-rule" ? options.maxCursorLines : options.maxLines;
    if (lines > max * (1 + options.marginPercent / 100))
      report({ messageId: "tooLong", data: { lines, max }, place: { line: max + 1, column: 1 } });
  },
});
