// cursor/legacy-file: `.cursorrules` is the deprecated single-file format. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import { AGNIX_RULES, CURSOR_RULES } from "../sources.js";

export const cursorLegacyFile = defineRule({
  id: "cursor/legacy-file",
  meta: {
    description: "`.cursorrules` is replaced by `.cursor/rules/*.mdc`",
    rationale:
      "Cursor documents `.cursorrules` as legacy; with `.cursor/rules/` present the two sets of rules can disagree.",
    defaultSeverity: "warn",
    appliesTo: ["cursor-rule"],
    targets: ["cursor"],
    basis: "vendor",
    sources: [CURSOR_RULES, AGNIX_RULES],
    messages: {
      legacy: ".cursorrules is a legacy format; move its rules to .cursor/rules/*.mdc",
      both: ".cursorrules and .cursor/rules/ both exist; their rules can disagree",
    },
  },
  check({ file, project, report }) {
    if (!file.path.endsWith(".cursorrules")) return;
    const dir = dirOf(file.path);
    const rulesDir = dir === "" ? ".cursor/rules" : `${dir}/.cursor/rules`;
    report({ messageId: project.fs.kind(rulesDir) === "directory" ? "both" : "legacy" });
  },
});
