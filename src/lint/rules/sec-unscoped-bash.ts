// sec/unscoped-bash: `allowed-tools` grants Bash only for the commands a skill needs, e.g. `Bash(git:*)`. Pure.
import { defineRule } from "../define-rule.js";
import { fmKey } from "../rule-utils.js";
import { AGNIX_RULES, CLAUDE_SKILLS } from "../sources.js";

/** `allowed-tools` as a list of entries: a YAML list, or a comma/space-separated string (parentheses kept whole). */
function toolEntries(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string") return [];
  return value.match(/[^\s,()]+(?:\([^)]*\))?/g) ?? [];
}

export const secUnscopedBash = defineRule({
  id: "sec/unscoped-bash",
  meta: {
    description: "a skill's `allowed-tools` scopes Bash to commands (`Bash(git:*)`) instead of granting all of Bash",
    rationale:
      "Tools in `allowed-tools` run without asking while the skill is active. A bare `Bash` lets any command run unprompted; scoping it (`Bash(npm test:*)`, `Bash(git status:*)`) keeps the approval prompt for everything else.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    targets: ["claude-code"],
    basis: "community",
    sources: [AGNIX_RULES, CLAUDE_SKILLS],
    messages: {
      unscoped: "`allowed-tools` grants every Bash command without approval; scope it, e.g. `Bash(git status:*)`",
    },
  },
  check({ file, report }) {
    const value = file.frontmatter.data?.["allowed-tools"];
    const k = fmKey(file, "allowed-tools");
    if (!k || !toolEntries(value).some((t) => t === "Bash" || t === "Bash(*)" || t === "Bash()")) return;
    report({ messageId: "unscoped", place: { line: k.valueLine, column: k.valueColumn } });
  },
});
