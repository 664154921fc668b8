// A check that answers "the schema accepts this" for the configurations people write, without ajv: compiling
// LINT_CONFIG_SCHEMA with ajv (loading it, generating and compiling its code) was ~40 ms of every lint run that
// found a promptc.yaml, more than the rest of the run. It is never less strict than the schema; whatever it does
// not accept is left to ajv, which gives the exact error (or accepts it after all). Pure.
import { LINT_TARGETS, RULE_SEVERITIES } from "./define-rule.js";
import { LINT_PRESETS } from "./lint-presets.js";
import { isJsonObject } from "./matches-simple-schema.js";

const isOneOf = (list: readonly string[], v: unknown): boolean => typeof v === "string" && list.includes(v);

const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === "string");

/** A severity, or `[severity]` / `[severity, { options }]`. */
function isRuleSetting(v: unknown): boolean {
  if (isOneOf(RULE_SEVERITIES, v)) return true;
  return (
    Array.isArray(v) &&
    (v.length === 1 || v.length === 2) &&
    isOneOf(RULE_SEVERITIES, v[0]) &&
    (v.length === 1 || isJsonObject(v[1]))
  );
}

const isRules = (v: unknown): boolean => isJsonObject(v) && Object.values(v).every(isRuleSetting);

function isOverride(v: unknown): boolean {
  if (!isJsonObject(v)) return false;
  for (const key of Object.keys(v)) if (key !== "files" && key !== "rules") return false;
  const files = v["files"];
  return isStrings(files) && (files as string[]).length >= 1 && (!Object.hasOwn(v, "rules") || isRules(v["rules"]));
}

/** True only for data LINT_CONFIG_SCHEMA accepts; false means "ask ajv". */
export function isPlainLintConfig(data: unknown): boolean {
  if (!isJsonObject(data)) return false;
  const has = (key: string): boolean => Object.hasOwn(data, key);
  if (has("extends") && !isOneOf(LINT_PRESETS, data["extends"])) return false;
  if (has("targets")) {
    const targets = data["targets"];
    if (
      !Array.isArray(targets) ||
      !targets.every((t) => isOneOf(LINT_TARGETS, t)) ||
      new Set(targets).size !== targets.length
    )
      return false;
  }
  if (has("rules") && !isRules(data["rules"])) return false;
  if (has("overrides") && !(Array.isArray(data["overrides"]) && data["overrides"].every(isOverride))) return false;
  if (has("ignorePatterns") && !isStrings(data["ignorePatterns"])) return false;
  return true;
}
