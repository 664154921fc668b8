// ctx/import-cycle: `@path` imports do not form a cycle. Pure.
import { defineRule } from "../define-rule.js";
import { findImports, isImportingFile, walkImports } from "../find-imports.js";
import { AGNIX_RULES, CLAUDE_MEMORY } from "../sources.js";

export const ctxImportCycle = defineRule({
  id: "ctx/import-cycle",
  meta: {
    description: "`@path` imports do not form a cycle",
    rationale:
      "A cycle of imports is cut somewhere by the harness; which file's content survives depends on the tool. Make the import graph a tree.",
    defaultSeverity: "error",
    appliesTo: ["context"],
    targets: ["claude-code", "gemini"],
    basis: "vendor",
    sources: [CLAUDE_MEMORY, AGNIX_RULES],
    messages: { cycle: "imports form a cycle: {{chain}}" },
  },
  check({ file, project, report }) {
    if (!isImportingFile(file.path)) return;
    const imports = findImports(file.path, file.index, file.markdown);
    if (imports.length === 0) return;
    const walk = walkImports(project.fs, file.path, imports, 5);
    if (!walk.cycle) return;
    const first =
      imports.find((i) => i.path === walk.cycle?.[1]) ?? imports.find((i) => i.path !== undefined) ?? imports[0]!;
    report({
      messageId: "cycle",
      data: { chain: walk.cycle.join(" → ") },
      place: { line: first.line, column: first.column },
    });
  },
});
