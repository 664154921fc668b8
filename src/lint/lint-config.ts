// Lint configuration: its JSON Schema, ajv validation, presets and the per-file rule settings. Pure.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import { LINT_TARGETS, RULE_SEVERITIES, type LintTarget, type Rule, type RuleSeverity } from "./define-rule.js";
import { isPlainLintConfig } from "./is-plain-lint-config.js";
import { LINT_PRESETS, type LintPreset } from "./lint-presets.js";
import { matchesSimpleSchema } from "./matches-simple-schema.js";
import { matchesAnyGlob } from "./glob-to-regexp.js";

export type RuleSetting = RuleSeverity | [RuleSeverity] | [RuleSeverity, { [key: string]: unknown }];
export { LINT_PRESETS, type LintPreset } from "./lint-presets.js";

export interface LintConfig {
  extends?: LintPreset;
  targets?: LintTarget[];
  rules?: { [ruleId: string]: RuleSetting };
  overrides?: { files: string[]; rules: { [ruleId: string]: RuleSetting } }[];
  ignorePatterns?: string[];
}

export interface RuleSettings {
  severity: RuleSeverity;
  options: unknown;
}

const SEVERITY = { enum: [...RULE_SEVERITIES] };
const RULE_SETTING = {
  oneOf: [
    SEVERITY,
    { type: "array", minItems: 1, maxItems: 2, items: [SEVERITY, { type: "object" }], additionalItems: false },
  ],
};
const RULES = { type: "object", additionalProperties: RULE_SETTING };

/** The published schema of the lint keys in promptc.yaml (`promptc schema`); other top-level keys belong to other verbs. */
export const LINT_CONFIG_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://promptc.dev/schema/lint-config.json",
  title: "promptc lint configuration",
  type: "object",
  properties: {
    extends: { enum: [...LINT_PRESETS] },
    targets: { type: "array", items: { enum: [...LINT_TARGETS] }, uniqueItems: true },
    rules: RULES,
    overrides: {
      type: "array",
      items: {
        type: "object",
        required: ["files"],
        additionalProperties: false,
        properties: { files: { type: "array", items: { type: "string" }, minItems: 1 }, rules: RULES },
      },
    },
    ignorePatterns: { type: "array", items: { type: "string" } },
  },
} as const;

/** Top-level keys of promptc.yaml that other verbs read (`snapshot`), and an editor's `$schema`. */
const OTHER_VERB_KEYS: readonly string[] = ["snapshot", "$schema"];
const KNOWN_TOP_LEVEL_KEYS = new Set([...Object.keys(LINT_CONFIG_SCHEMA.properties), ...OTHER_VERB_KEYS]);

// Made on first use: ajv's schema compiler generates code, which a run whose configuration isPlainLintConfig
// accepts, with rule options matchesSimpleSchema accepts, never needs.
let ajvInstance: Ajv | undefined;
const ajvOf = (): Ajv => (ajvInstance ??= new Ajv({ allErrors: true, strict: false }));
let shapeValidator: ValidateFunction | undefined;
const configShapeValidator = (): ValidateFunction => (shapeValidator ??= ajvOf().compile(LINT_CONFIG_SCHEMA));

function isEmptyObject(data: unknown): boolean {
  return typeof data === "object" && data !== null && !Array.isArray(data) && Object.keys(data).length === 0;
}

function ajvMessage(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`).join("; ");
}

/**
 * Validates raw config data against the schema and the rule registry. Shape errors make `value`
 * undefined (a usage error for the CLI); unknown rule ids and bad options are warnings (`meta/*`).
 */
export function validateLintConfig(
  raw: unknown,
  rules: ReadonlyMap<string, Rule<any>>,
  file: string,
): { value: LintConfig | undefined; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const data = raw ?? {};
  // No configuration (the defaults): nothing for the schema to reject.
  if (isEmptyObject(data)) return { value: {}, diagnostics };
  const validateConfigShape = isPlainLintConfig(data) ? undefined : configShapeValidator();
  if (validateConfigShape !== undefined && !validateConfigShape(data)) {
    diagnostics.push(
      diagnostic(
        "meta/invalid-config",
        "error",
        `invalid lint configuration: ${ajvMessage(validateConfigShape.errors)}`,
        { file },
      ),
    );
    return { value: undefined, diagnostics };
  }
  const config = data as LintConfig;
  // Like an unknown rule id: a typo (`rulez:`) would otherwise silently leave the defaults in force.
  for (const key of Object.keys(config)) {
    if (!KNOWN_TOP_LEVEL_KEYS.has(key))
      diagnostics.push(
        diagnostic(
          "meta/unknown-config-key",
          "warning",
          `unknown key '${key}' in configuration (ignored; known: ${[...KNOWN_TOP_LEVEL_KEYS].join(", ")})`,
          { file, data: { key } },
        ),
      );
  }
  const tables = [config.rules ?? {}, ...(config.overrides ?? []).map((o) => o.rules ?? {})];
  for (const table of tables) {
    for (const [id, setting] of Object.entries(table)) {
      const rule = rules.get(id);
      if (!rule) {
        diagnostics.push(
          diagnostic("meta/unknown-rule", "warning", `unknown rule '${id}' in configuration (ignored)`, {
            file,
            data: { ruleId: id },
          }),
        );
        continue;
      }
      if (Array.isArray(setting) && setting[1] !== undefined) {
        if (matchesSimpleSchema(rule.meta.optionsSchema, setting[1])) continue;
        const check = ajvOf().compile(rule.meta.optionsSchema);
        if (!check(setting[1])) {
          diagnostics.push(
            diagnostic("meta/invalid-options", "error", `invalid options for ${id}: ${ajvMessage(check.errors)}`, {
              file,
              data: { ruleId: id },
            }),
          );
          return { value: undefined, diagnostics };
        }
      }
    }
  }
  return { value: config, diagnostics };
}

function presetSeverity(rule: Rule<any>, preset: LintPreset): RuleSeverity {
  switch (preset) {
    case "recommended":
      return rule.meta.defaultSeverity;
    case "strict":
      return rule.meta.strict ?? (rule.meta.defaultSeverity === "warn" ? "error" : rule.meta.defaultSeverity);
    case "all":
      return rule.meta.defaultSeverity === "off" ? (rule.meta.strict ?? "warn") : presetSeverity(rule, "strict");
    default: {
      const never: never = preset;
      throw new Error(`unknown preset ${String(never)}`);
    }
  }
}

function applySetting(current: RuleSettings, setting: RuleSetting): RuleSettings {
  if (typeof setting === "string") return { ...current, severity: setting };
  const options = setting[1] ? { ...(current.options as object), ...setting[1] } : current.options;
  return { severity: setting[0], options };
}

/** Effective severity and options of every rule for one file (preset → rules → matching overrides → CLI). */
export function resolveRuleSettings(
  rules: readonly Rule<any>[],
  config: LintConfig,
  path: string,
  cliRules: { [ruleId: string]: RuleSetting } = {},
): Map<string, RuleSettings> {
  const preset = config.extends ?? "recommended";
  const out = new Map<string, RuleSettings>();
  for (const rule of rules) {
    let s: RuleSettings = { severity: presetSeverity(rule, preset), options: rule.meta.defaultOptions };
    const own = config.rules?.[rule.id];
    if (own !== undefined) s = applySetting(s, own);
    for (const o of config.overrides ?? []) {
      const set = o.rules?.[rule.id];
      if (set !== undefined && matchesAnyGlob(path, o.files)) s = applySetting(s, set);
    }
    const cli = cliRules[rule.id];
    if (cli !== undefined) s = applySetting(s, cli);
    out.set(rule.id, s);
  }
  return out;
}
