// The lint rule API: rule metadata, the per-file check context and defineRule(). Pure (types + one helper).
import type { Diagnostic, Place } from "../model/diagnostic.js";
import type { LintFile, LintFileKind } from "./lint-file.js";
import type { LintProject } from "./lint-project.js";
import type { LintTarget } from "./lint-target.js";

// Re-exported: rules and the runner have always named them from here.
export { LINT_TARGETS, type LintTarget } from "./lint-target.js";
export type { LintFileKind } from "./lint-file.js";
export type { Place } from "../model/diagnostic.js";

/** Configured severity of a rule; `warn` maps to the diagnostic severity `warning`. */
export type RuleSeverity = "off" | "info" | "warn" | "error";

/** What a rule rests on (lint-and-cli.md §4): normative spec, vendor docs/behaviour, paper, community tool, our heuristic. */
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

const RULE_ID = /^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/;

/** Declares a rule; throws on a malformed id or a message table without entries (programmer errors). */
export function defineRule<O>(rule: Rule<O>): Rule<O> {
  if (!RULE_ID.test(rule.id)) throw new Error(`rule id '${rule.id}' is not family/kebab-name`);
  if (Object.keys(rule.meta.messages).length === 0) throw new Error(`rule ${rule.id} has no messages`);
  return rule;
}

/** Fills `{{name}}` placeholders; unknown names stay visible so a missing datum is noticed in tests. */
export function formatMessage(template: string, data: { [key: string]: string | number } = {}): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) =>
    name in data ? String(data[name]) : whole,
  );
}
