// prompt/volatile-output: templates that call clock/random helpers or embed timestamps break cache-stable output. Pure.
import { defineRule } from "../define-rule.js";
import { VITEST_SNAPSHOTS } from "../sources.js";

const VOLATILE_HELPERS = new Set(["now", "date", "time", "timestamp", "today", "random", "uuid", "nanoid"]);
const TIMESTAMP = /\b20\d{2}-\d{2}-\d{2}[T ]\d{2}:\d{2}/g;

export const promptVolatileOutput = defineRule({
  id: "prompt/volatile-output",
  meta: {
    description: "templates render the same bytes for the same data: no clock or random helpers, no literal timestamps",
    rationale:
      "Prompt text in the cached prefix must be byte-stable across requests; a clock or random value changes the prefix on every compile, defeats prompt caching and breaks snapshot tests. Time enters promptc as data (TurnContext).",
    defaultSeverity: "warn",
    appliesTo: ["template"],
    basis: "heuristic",
    sources: [VITEST_SNAPSHOTS],
    messages: {
      helper: "'{{name}}' reads the clock or randomness; pass the value in as data",
      timestamp: "literal timestamp '{{text}}' in a template",
    },
  },
  check({ file, report }) {
    const t = file.template;
    if (!t.ok) return;
    for (const ref of [...t.helpers, ...t.paths]) {
      if (VOLATILE_HELPERS.has(ref.name))
        report({ messageId: "helper", data: { name: ref.name }, place: { line: ref.line, column: ref.column } });
    }
    file.index.lines.forEach((line, i) => {
      for (const m of line.matchAll(TIMESTAMP))
        report({ messageId: "timestamp", data: { text: m[0] }, place: { line: i + 1, column: m.index + 1 } });
    });
  },
});
