// ctx/import-depth: Claude Code follows `@path` imports at most 5 hops deep. Pure.
import { defineRule } from "../define-rule.js";
import { findImports, isImportingFile, walkImports } from "../find-imports.js";
import { limitsSchema } from "../rule-utils.js";
import { CLAUDE_MEMORY } from "../sources.js";

export const ctxImportDepth = defineRule({
  id: "ctx/import-depth",
  meta: {
    description: "`@path` import chains are at most 5 hops deep",
    rationale: "Claude Code expands imports recursively up to 5 hops; anything deeper is not loaded.",
    defaultSeverity: "error",
    appliesTo: ["context"],
    targets: ["claude-code"],
    basis: "vendor",
    sources: [CLAUDE_MEMORY],
    messages: { tooDeep: "import chain is {{depth}} hops deep (limit {{max}}): {{chain}}" },
    optionsSchema: limitsSchema("maxHops"),
    defaultOptions: { maxHops: 5 },
  },
  check({ file, project, options, report }) {
    if (!isImportingFile(file.path)) return;
    const imports = findImports(file.path, file.index, file.markdown);
    if (imports.length === 0) return;
    const walk = walkImports(project.fs, file.path, imports, options.maxHops);
    if (walk.depth <= options.maxHops) return;
    const first = imports.find((i) => i.path === walk.deepestChain[1]) ?? imports[0]!;
    report({
      messageId: "tooDeep",
      data: { depth: walk.depth, max: options.maxHops, chain: walk.deepestChain.join(" → ") },
      place: { line: first.line, column: first.column },
    });
  },
});
