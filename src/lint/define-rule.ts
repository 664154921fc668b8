// The lint rule API: rule metadata, the per-file check context and defineRule(), which fills in the metadata a
// rule leaves at its default. Pure (types + two helpers).
import type { Diagnostic, Place } from "../model/diagnostic.js";
import type { LintFile, LintFileKind } from "./lint-file.js";
import type { LintProject } from "./lint-project.js";
import type { LintTarget } from "./lint-target.js";

// Re-exported: rules and the runner have always named them from here.
export { LINT_TARGETS, type LintTarget } from "./lint-target.js";
export type { LintFileKind } from "./lint-file.js";
export type { Place } from "../model/diagnostic.js";

/** Configured severity of a rule; `warn` maps to the diagnostic severity `warning`. */
export const RULE_SEVERITIES = ["off", "info", "warn", "error"] as const;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

/** What a rule rests on: normative spec, vendor docs/behaviour, paper, community tool, our heuristic. */
export type RuleBasis = "spec" | "vendor" | "paper" | "community" | "heuristic";

/** `safe` fixes are applied by --fix; `suggest` only with --fix-type suggest|all. */
export type Fixable = "safe" | "suggest" | "none";

export interface RuleSource {
  title: string;
  url: string;
}

export interface RuleMeta<O> {
  description: string;
  /** A paragraph for --explain: why the rule exists and what to do about a finding. */
  rationale: string;
  defaultSeverity: RuleSeverity;
  /** Rules that only make sense for some files; `[]` means every file kind. */
  appliesTo: readonly LintFileKind[];
  targets: readonly LintTarget[];
  basis: RuleBasis;
  sources: readonly RuleSource[];
  fixable: Fixable;
  /** messageId → text with `{{name}}` placeholders filled from `data`. */
  messages: { readonly [messageId: string]: string };
  /** JSON Schema (ajv) of the options object; options are shallow-merged over defaultOptions. */
  optionsSchema: object;
  defaultOptions: O;
  /** Also part of the `strict` preset even when off in `recommended`. */
  strict?: RuleSeverity;
  /** What the precision suite (test/lint/precision/) measured, and why the default is what it is (shown by --explain). */
  measured?: string;
}

/** A text edit on the file's decoded text: replace [start, end) (UTF-16 offsets) with `text`. */
export interface Fix {
  start: number;
  end: number;
  text: string;
}

export interface Report {
  messageId: string;
  data?: { [key: string]: string | number };
  /** Where the problem is; defaults to 1:1. */
  place?: Place;
  fix?: Fix;
  /** Overrides the fix kind for this report (a rule may offer both safe and suggest fixes). */
  fixKind?: Exclude<Fixable, "none">;
  /**
   * At least this severity (a rule with two tiers: warn over a soft limit, error over a hard one). Raises the
   * configured severity, never lowers it; a rule set to `off` reports nothing.
   */
  minSeverity?: Exclude<RuleSeverity, "off">;
}

export interface RuleContext<O> {
  file: LintFile;
  project: LintProject;
  options: O;
  report(report: Report): void;
}

export interface Rule<O = unknown> {
  id: string;
  meta: RuleMeta<O>;
  check(context: RuleContext<O>): void;
}

/** A finding as the runner returns it: a Diagnostic plus the message id, the rule's fix and its kind. */
export interface LintMessage extends Diagnostic {
  messageId: string;
  fix?: Fix;
  fixKind?: Exclude<Fixable, "none">;
  /** Stable across runs and line shifts: hash of rule id, path and the whitespace-normalised line text. */
  fingerprint?: string;
}

/**
 * `family/kebab-name`: /^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/, spelt out because every run defines every rule at
 * start-up, where compiling that regex (and again for its second use) cost more than the checks.
 */
function isRuleId(id: string): boolean {
  const slash = id.indexOf("/");
  if (slash < 1) return false;
  for (let i = 0; i < slash; i++) {
    const c = id.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  const name = id.slice(slash + 1);
  return name.split("-").every((part) => {
    if (part === "") return false;
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) return false;
    }
    return true;
  });
}

/** Options schema of a rule without options. */
export const NO_OPTIONS = { type: "object", additionalProperties: false, properties: {} } as const;

/** Metadata a rule may leave out, and what it then is. */
type DefaultedMeta = "appliesTo" | "targets" | "fixable" | "optionsSchema" | "defaultOptions";

/**
 * What a rule file writes: its metadata without the defaults — `appliesTo: []` (every file kind),
 * `targets: []` (every harness), `fixable: "none"`, no options (`optionsSchema: NO_OPTIONS`, `defaultOptions: {}`).
 */
export interface RuleDefinition<O> {
  id: string;
  meta: Omit<RuleMeta<O>, DefaultedMeta> & Partial<Pick<RuleMeta<O>, DefaultedMeta>>;
  check(context: RuleContext<O>): void;
}

/**
 * Declares a rule with its metadata defaults filled in; throws on a malformed id or a message table without
 * entries (programmer errors).
 */
export function defineRule<O = Record<string, never>>(rule: RuleDefinition<O>): Rule<O> {
  if (!isRuleId(rule.id)) throw new Error(`rule id '${rule.id}' is not family/kebab-name`);
  if (Object.keys(rule.meta.messages).length === 0) throw new Error(`rule ${rule.id} has no messages`);
  // Defaults filled in place: copying each rule's metadata with rest and spread took twice as long at start-up
  // (every run defines every rule), and nothing else holds a definition's metadata.
  const meta = rule.meta as Partial<RuleMeta<O>>;
  meta.appliesTo ??= [];
  meta.targets ??= [];
  meta.fixable ??= "none";
  meta.optionsSchema ??= NO_OPTIONS;
  meta.defaultOptions ??= {} as O;
  return { id: rule.id, meta: meta as RuleMeta<O>, check: rule.check };
}

/** Fills `{{name}}` placeholders; unknown names stay visible so a missing datum is noticed in tests. */
export function formatMessage(template: string, data: { [key: string]: string | number } = {}): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) =>
    name in data ? String(data[name]) : whole,
  );
}
