// meta/internal-error: a rule crashed on this file — a defect in promptc, reported instead of aborting the run. Pure.
import { defineRule } from "../define-rule.js";

export const metaInternalError = defineRule({
  id: "meta/internal-error",
  meta: {
    description: "reports a rule that threw on a file (exit code 2)",
    rationale:
      "Bad input must never crash lint; a rule that throws is a bug in promptc. The run reports it on the file, continues, and exits with 2. Please report it with the file.",
    defaultSeverity: "error",
    basis: "heuristic",
    sources: [
      { title: "ESLint exit codes", url: "https://eslint.org/docs/latest/use/command-line-interface#exit-codes" },
    ],
    messages: { crashed: "rule {{ruleId}} crashed: {{error}}" },
  },
  check() {
    // Reported by run.ts.
  },
});
