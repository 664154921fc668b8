// prompt/partial-cycle: partials that include themselves, directly or through others (infinite recursion). Pure.
import { defineRule } from "../define-rule.js";
import { parseTemplate } from "../parse-template.js";
import { resolvePartial } from "../resolve-partial.js";
import { HANDLEBARS } from "../sources.js";

/** Partial depth explored before giving up (a cycle is found long before). */
const MAX_PARTIAL_DEPTH = 32;

export const promptPartialCycle = defineRule({
  id: "prompt/partial-cycle",
  meta: {
    description: "templates do not include themselves through partials",
    rationale: "A partial cycle recurses until the stack overflows when the template renders.",
    defaultSeverity: "error",
    appliesTo: ["template"],
    basis: "spec",
    sources: [HANDLEBARS],
    messages: { cycle: "partials form a cycle: {{chain}}" },
  },
  check({ file, project, report }) {
    const first = file.template;
    if (!first.ok) return;
    const partialsOf = (path: string): { name: string; path: string }[] => {
      const t = parseTemplate(project.fs.readText(path) ?? "");
      if (!t.ok) return [];
      return t.partials.flatMap((p) => {
        const found = resolvePartial(project.fs, path, p.name);
        return found ? [{ name: p.name, path: found }] : [];
      });
    };
    for (const p of first.partials) {
      const start = resolvePartial(project.fs, file.path, p.name);
      if (!start) continue;
      const stack: { path: string; chain: string[] }[] = [{ path: start, chain: [file.path, start] }];
      const seen = new Set<string>();
      while (stack.length > 0) {
        const { path, chain } = stack.pop()!;
        if (chain.length > MAX_PARTIAL_DEPTH || seen.has(path)) continue;
        seen.add(path);
        const next = partialsOf(path);
        const back = next.find((n) => n.path === file.path);
        if (back)
          return report({
            messageId: "cycle",
            data: { chain: [...chain, file.path].join(" → ") },
            place: { line: p.line, column: p.column },
          });
        for (const n of next) stack.push({ path: n.path, chain: [...chain, n.path] });
      }
    }
  },
});
