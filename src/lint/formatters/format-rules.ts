// `--list-rules` and `--explain`: the rule catalogue as text or JSON. Pure.
import type { Rule } from "../define-rule.js";

function ruleJson(r: Rule<any>): object {
  return {
    id: r.id,
    description: r.meta.description,
    rationale: r.meta.rationale,
    defaultSeverity: r.meta.defaultSeverity,
    appliesTo: r.meta.appliesTo,
    targets: r.meta.targets,
    basis: r.meta.basis,
    sources: r.meta.sources,
    fixable: r.meta.fixable,
    messages: r.meta.messages,
    optionsSchema: r.meta.optionsSchema,
    defaultOptions: r.meta.defaultOptions,
    ...(r.meta.strict ? { strict: r.meta.strict } : {}),
    ...(r.meta.measured ? { measured: r.meta.measured } : {}),
  };
}

export function formatRuleList(rules: readonly Rule<any>[], json: boolean): string {
  if (json) return JSON.stringify(rules.map(ruleJson), null, 2) + "\n";
  const w = Math.max(...rules.map((r) => r.id.length));
  const lines = rules.map((r) => {
    const sev = r.meta.defaultSeverity.padEnd(5);
    const fix = r.meta.fixable === "none" ? "   " : r.meta.fixable === "safe" ? "fix" : "sug";
    const targets = r.meta.targets.length > 0 ? ` [${r.meta.targets.join(", ")}]` : "";
    return `${r.id.padEnd(w)}  ${sev}  ${fix}  ${r.meta.description}${targets}`;
  });
  return `${lines.join("\n")}\n\n${rules.length} rules. Columns: id, default severity, fix (fix = safe, sug = suggestion).\n`;
}

export function formatRuleExplain(r: Rule<any>, json: boolean): string {
  if (json) return JSON.stringify(ruleJson(r), null, 2) + "\n";
  const out = [
    r.id,
    "",
    r.meta.description,
    "",
    r.meta.rationale,
    "",
    `Default severity: ${r.meta.defaultSeverity}${r.meta.strict ? ` (strict: ${r.meta.strict})` : ""}`,
    ...(r.meta.measured ? [`Measured: ${r.meta.measured}`] : []),
    `Applies to: ${r.meta.appliesTo.length > 0 ? r.meta.appliesTo.join(", ") : "every file"}`,
    `Targets: ${r.meta.targets.length > 0 ? r.meta.targets.join(", ") : "every harness"}`,
    `Basis: ${r.meta.basis}`,
    `Fixable: ${r.meta.fixable}`,
    `Options: ${JSON.stringify(r.meta.defaultOptions)}`,
    "",
    "Messages:",
    ...Object.entries(r.meta.messages).map(([id, text]) => `  ${id}: ${text}`),
    "",
    "Sources:",
    ...r.meta.sources.map((s) => `  - ${s.title}: ${s.url}`),
  ];
  return out.join("\n") + "\n";
}
