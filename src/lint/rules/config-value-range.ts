// config/value-range: Codex config values with the wrong type or outside their allowed values. Pure.
import { CONFIG_APPROVAL_POLICIES, SANDBOX_MODES } from "../../model/permission-modes.js";
import { defineRule } from "../define-rule.js";
import { parseTomlKeys } from "../parse-toml-keys.js";
import { CODEX_CONFIG } from "../sources.js";

type Check = (v: unknown) => string | undefined;
const oneOf =
  (...allowed: string[]): Check =>
  (v) =>
    typeof v === "string" && allowed.includes(v) ? undefined : `one of ${allowed.map((a) => `"${a}"`).join(", ")}`;
const nonNegInt: Check = (v) =>
  (typeof v === "number" && Number.isInteger(v) && v >= 0) || (typeof v === "bigint" && v >= 0n)
    ? undefined
    : "a non-negative integer";
const str: Check = (v) => (typeof v === "string" ? undefined : "a string");
const strList: Check = (v) =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? undefined : "an array of strings";
const bool: Check = (v) => (typeof v === "boolean" ? undefined : "a boolean");

/** Keys whose values Codex validates at start-up (same set promptc's config loader checks). */
const CHECKS: { [key: string]: Check } = {
  sandbox_mode: oneOf(...SANDBOX_MODES),
  approval_policy: oneOf(...CONFIG_APPROVAL_POLICIES),
  model_reasoning_effort: oneOf("none", "minimal", "low", "medium", "high", "xhigh"),
  model_reasoning_summary: oneOf("auto", "concise", "detailed", "none"),
  model_verbosity: oneOf("low", "medium", "high"),
  model: str,
  developer_instructions: str,
  model_instructions_file: str,
  compact_prompt: str,
  model_context_window: nonNegInt,
  model_auto_compact_token_limit: nonNegInt,
  model_max_output_tokens: nonNegInt,
  project_doc_fallback_filenames: strList,
  project_root_markers: strList,
  "sandbox_workspace_write.writable_roots": strList,
  "sandbox_workspace_write.network_access": bool,
};

export const configValueRange = defineRule({
  id: "config/value-range",
  meta: {
    description: "Codex config values have the documented type and one of the allowed values",
    rationale: 'Codex refuses to start on an invalid enum value or a wrong type (e.g. `sandbox_mode = "workspace"`).',
    defaultSeverity: "error",
    appliesTo: ["codex-config"],
    basis: "vendor",
    sources: [CODEX_CONFIG],
    messages: { invalid: "`{{key}}` must be {{expected}}" },
  },
  check({ file, report }) {
    const parsed = parseTomlKeys(file.text);
    if (!parsed.ok) return;
    for (const k of parsed.keys) {
      // Profile tables hold the same keys: `profiles.<name>.<key>`.
      const local = k.path.startsWith("profiles.") ? k.path.split(".").slice(2).join(".") : k.path;
      const check = CHECKS[local];
      if (!check) continue;
      const value = k.path
        .split(".")
        .reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], parsed.data);
      const expected = check(value);
      if (expected)
        report({ messageId: "invalid", data: { key: k.path, expected }, place: { line: k.line, column: k.column } });
    }
  },
});
