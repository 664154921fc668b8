// meta/unused-suppression: a `promptc-disable…` comment that suppresses nothing (reported by the runner). Pure.
import { defineRule } from "../define-rule.js";
import { CLAUDE_CODE_LINT } from "../sources.js";

export const metaUnusedSuppression = defineRule({
  id: "meta/unused-suppression",
  meta: {
    description: "every inline `promptc-disable…` comment names a rule and suppresses at least one finding",
    rationale:
      "Stale suppressions hide future problems and clutter the file the model reads. The runner reports them after applying suppressions.",
    defaultSeverity: "warn",
    basis: "community",
    sources: [CLAUDE_CODE_LINT],
    messages: { unused: "unused suppression of {{ruleId}}", noRule: "promptc-disable… needs a rule id" },
  },
  check() {
    // Reported by run.ts, which alone knows which findings each suppression hid.
  },
});
