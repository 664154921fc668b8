// skill/unknown-field: frontmatter keys outside the spec (plus known harness extensions) are flagged. Pure.
import { defineRule } from "../define-rule.js";
import { editDistance } from "../rule-utils.js";
import { SKILLS_REF, SKILLS_SPEC, CLAUDE_SKILLS } from "../sources.js";

const SPEC_KEYS = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"];
/** Keys Claude Code documents for skills; accepted when the claude-code target is on. */
const CLAUDE_KEYS = [
  "argument-hint",
  "disable-model-invocation",
  "user-invocable",
  "model",
  "context",
  "agent",
  "hooks",
  "version",
  "when_to_use",
];
/** Keys of TanStack Intent, the library-skills format TanStack and tRPC ship (`library`, `requires`, `sources`, …); harnesses ignore them. */
const INTENT_KEYS = ["library", "library_version", "framework", "requires", "sources", "type"];

export const skillUnknownField = defineRule({
  id: "skill/unknown-field",
  meta: {
    description: "skill frontmatter uses only keys the spec (or an enabled harness) defines",
    rationale:
      "skills-ref treats unknown keys as errors and harnesses silently ignore them, so a typo such as `descripton` means the field is simply missing. Claude Code's extension keys are accepted when the claude-code target is enabled; add your own with the `allow` option.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, SKILLS_REF, CLAUDE_SKILLS],
    fixable: "suggest",
    messages: {
      unknown: "unknown frontmatter key '{{key}}'",
      typo: "unknown frontmatter key '{{key}}'; did you mean '{{suggestion}}'?",
    },
    optionsSchema: {
      type: "object",
      additionalProperties: false,
      properties: { allow: { type: "array", items: { type: "string" } } },
    },
    defaultOptions: { allow: [] as string[] },
  },
  check({ file, project, options, report }) {
    const allowed = new Set([
      ...SPEC_KEYS,
      ...(project.targets.has("claude-code") ? CLAUDE_KEYS : []),
      ...options.allow,
    ]);
    const present = new Set(file.frontmatter.keys.map((k) => k.key));
    const unknown: typeof file.frontmatter.keys = [];
    for (const k of file.frontmatter.keys) {
      if (allowed.has(k.key)) continue;
      const place = { line: k.line, column: k.column };
      const suggestion = [...allowed].find(
        (a) => !present.has(a) && editDistance(a, k.key.toLowerCase()) <= 2 && k.key.length > 3,
      );
      if (suggestion) {
        report({
          messageId: "typo",
          data: { key: k.key, suggestion },
          place,
          fix: { start: k.start, end: k.start + k.key.length, text: suggestion },
        });
      } else if (!INTENT_KEYS.includes(k.key)) unknown.push(k);
    }
    // One finding per file for the keys without a likely spelling: a tool's own vocabulary is one decision, not N.
    const first = unknown[0];
    if (first)
      report({
        messageId: "unknown",
        data: { key: unknown.map((k) => k.key).join("', '") },
        place: { line: first.line, column: first.column },
      });
  },
});
