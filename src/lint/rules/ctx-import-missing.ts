// ctx/import-missing: `@path` imports in CLAUDE.md/GEMINI.md resolve to files. Pure.
import { defineRule } from "../define-rule.js";
import { findImports, isImportingFile } from "../find-imports.js";
import { createPathResolver } from "../resolve-written-path.js";
import { AGNIX_RULES, CLAUDE_MEMORY } from "../sources.js";

export const ctxImportMissing = defineRule({
  id: "ctx/import-missing",
  meta: {
    description: "`@path` imports in CLAUDE.md and GEMINI.md point to files that exist",
    rationale:
      "Claude Code and Gemini CLI expand `@path` imports at launch; a missing target is skipped silently, so the instructions it held are gone.",
    defaultSeverity: "error",
    appliesTo: ["context"],
    targets: ["claude-code", "gemini"],
    basis: "vendor",
    sources: [CLAUDE_MEMORY, AGNIX_RULES],
    messages: { missing: "import '@{{path}}' does not resolve to a file" },
  },
  check({ file, project, report }) {
    if (!isImportingFile(file.path)) return;
    for (const imp of findImports(file.path, file.index, file.markdown)) {
      if (imp.path === undefined || project.fs.kind(imp.path) === "file") continue;
      // An ignored import (`@CLAUDE.local.md`, a generated file) is each person's own, absent from every checkout.
      // The resolver is built on the first missing import (once per project).
      if (createPathResolver(project).notCheckedIn(imp.path) === "ignored") continue;
      report({ messageId: "missing", data: { path: imp.raw }, place: { line: imp.line, column: imp.column } });
    }
  },
});
