// The lint runner: applies the enabled rules to each file, honours inline suppressions, reports unused
// ones, and drives --fix passes. Works on in-memory files and a LintProject; the CLI does the IO. Pure.
import { hashText } from "../compile/hash.js";
import type { Severity } from "../model/diagnostic.js";
import { applyFixes } from "./apply-fixes.js";
import { applyToPieces, editsOfPieces, startPieces, type TextEdit } from "./compose-edits.js";
import { formatMessage, type Fixable, type LintMessage, type Rule, type RuleSeverity } from "./define-rule.js";
import { resolveRuleSettings, type LintConfig, type RuleSetting, type RuleSettings } from "./lint-config.js";
import { matchesAnyGlob } from "./glob-to-regexp.js";
import { createLintFile, type LintFile } from "./lint-file.js";
import type { LintProject } from "./lint-project.js";
import { lintTargetOf, loadingHarnesses } from "./loading-harnesses.js";
import { isInCode } from "./parse-markdown.js";
import { parseSuppressions } from "./parse-suppressions.js";
import { lintRules } from "./rules/index.js";

export interface LintFileResult {
  path: string;
  messages: LintMessage[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  fixableCount: number;
  /** Text after --fix (only when fixes were applied). */
  output?: string;
  /** The applied fixes as edits of the original text (with `output`), so a writer can change only those bytes. */
  edits?: TextEdit[];
}

export interface LintRunResult {
  results: LintFileResult[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  fixableCount: number;
  /** A rule threw: a defect in promptc, reported as `meta/internal-error` and exit code 2. */
  internalErrors: number;
}

export interface LintRunOptions {
  files: readonly LintFile[];
  project: LintProject;
  config?: LintConfig;
  /** `--rule id:severity` overrides. */
  cliRules?: { [ruleId: string]: RuleSetting };
  /** Restrict to these rule ids (tests, `--rule` only mode). */
  only?: readonly string[];
  /** Apply fixes of these kinds and re-lint (up to FIX_MAX_PASSES). */
  fix?: readonly Exclude<Fixable, "none">[];
  rules?: readonly Rule<any>[];
  /** A file's rule settings from a run's memo (lintFiles passes one; default: resolved for the file). */
  settingsOf?: (path: string) => Map<string, RuleSettings>;
}

export const FIX_MAX_PASSES = 10;

const SEVERITY: { [K in Exclude<RuleSeverity, "off">]: Severity } = { error: "error", warn: "warning", info: "info" };
const RANK: { [K in Exclude<RuleSeverity, "off">]: number } = { info: 0, warn: 1, error: 2 };

/** Rules that check the letter of a spec (and file/meta problems), which hold wherever a file is. */
function isSpecRule(rule: Rule<any>): boolean {
  return rule.meta.basis === "spec" || rule.id.startsWith("file/") || rule.id.startsWith("meta/");
}

function compareMessages(a: LintMessage, b: LintMessage): number {
  const pa = a.place ?? { line: 0, column: 0 };
  const pb = b.place ?? { line: 0, column: 0 };
  return pa.line - pb.line || pa.column - pb.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);
}

/** Runs every enabled rule on one file and applies its inline suppressions. */
export function lintFile(
  file: LintFile,
  project: LintProject,
  options: Omit<LintRunOptions, "files" | "project"> = {},
): LintMessage[] {
  const rules = options.rules ?? lintRules;
  const settings =
    options.settingsOf?.(file.path) ?? resolveRuleSettings(rules, options.config ?? {}, file.path, options.cliRules);
  const messages: LintMessage[] = [];
  // Samples, fixtures and skills outside every skill folder reach no harness: only the spec applies to them.
  const harnessFile = file.kind === "skill" || file.kind === "context" || file.kind === "cursor-rule";
  const loaders = harnessFile ? loadingHarnesses(file, project.facts) : ["other"];
  for (const rule of rules) {
    const s = settings.get(rule.id);
    if (!s || s.severity === "off") continue;
    if (options.only && !options.only.includes(rule.id)) continue;
    if (rule.meta.appliesTo.length > 0 && !rule.meta.appliesTo.includes(file.kind)) continue;
    if (rule.meta.targets.length > 0 && !rule.meta.targets.some((t) => project.targets.has(t))) continue;
    if (loaders.length === 0 && !isSpecRule(rule)) continue;
    // A skill in one harness's folder is seen by that harness only (Codex never scans .claude/skills).
    if (
      file.kind === "skill" &&
      rule.meta.targets.length > 0 &&
      !loaders.some((l) => {
        const target = lintTargetOf(l);
        return l === "distributed" || (target !== undefined && rule.meta.targets.includes(target));
      })
    )
      continue;
    // Content rules have nothing sensible to say about a file that is unreadable or binary.
    if ((file.status.error || file.status.binary) && !rule.id.startsWith("file/")) continue;
    const configured = s.severity;
    try {
      rule.check({
        file,
        project,
        options: s.options,
        report(r) {
          const template = rule.meta.messages[r.messageId];
          if (template === undefined) throw new Error(`rule ${rule.id} reported unknown messageId '${r.messageId}'`);
          const fixKind = r.fix
            ? (r.fixKind ?? (rule.meta.fixable === "none" ? "suggest" : rule.meta.fixable))
            : undefined;
          const level = r.minSeverity && RANK[r.minSeverity] > RANK[configured] ? r.minSeverity : configured;
          messages.push({
            rule: rule.id,
            severity: SEVERITY[level],
            message: formatMessage(template, r.data),
            messageId: r.messageId,
            file: file.path,
            place: r.place ?? { line: 1, column: 1 },
            ...(r.data ? { data: r.data } : {}),
            ...(r.fix ? { fix: r.fix, fixKind } : {}),
          });
        },
      });
    } catch (err) {
      messages.push({
        rule: "meta/internal-error",
        severity: "error",
        message: `rule ${rule.id} crashed: ${err instanceof Error ? err.message : String(err)}`,
        messageId: "crashed",
        data: { ruleId: rule.id },
        file: file.path,
        place: { line: 1, column: 1 },
      });
    }
  }
  const kept = applySuppressions(file, messages, settings.get("meta/unused-suppression")?.severity ?? "warn").sort(
    compareMessages,
  );
  for (const m of kept) {
    const line = (file.index.lines[(m.place?.line ?? 1) - 1] ?? "").replace(/\s+/g, " ").trim();
    m.fingerprint = hashText(`${m.rule}\u0000${file.path}\u0000${line}`);
  }
  return kept;
}

function applySuppressions(file: LintFile, messages: LintMessage[], unusedSeverity: RuleSeverity): LintMessage[] {
  if (!file.text.includes("promptc-")) return messages;
  const markdown = file.kind !== "codex-config" && file.kind !== "exec-policy" && file.kind !== "template";
  // A directive shown as an example in Markdown code is documentation, not a directive.
  const suppressions = parseSuppressions(file.index.lines).filter(
    (s) => !markdown || !isInCode(file.markdown, s.line, s.column - 1),
  );
  const used = new Set<string>();
  const kept = messages.filter((m) => {
    const line = m.place?.line ?? 1;
    const hit = suppressions.find((s) => s.rules.includes(m.rule) && line >= s.from && line <= s.to);
    if (hit) used.add(`${hit.line}:${hit.column}:${m.rule}`);
    return !hit;
  });
  if (unusedSeverity === "off") return kept;
  for (const s of suppressions) {
    if (s.kind === "enable") continue;
    const place = { line: s.line, column: s.column };
    if (s.rules.length === 0) {
      kept.push({
        rule: "meta/unused-suppression",
        severity: SEVERITY[unusedSeverity],
        messageId: "noRule",
        message: `promptc-${s.kind} needs a rule id`,
        file: file.path,
        place,
      });
      continue;
    }
    for (const r of s.rules) {
      if (!used.has(`${s.line}:${s.column}:${r}`)) {
        kept.push({
          rule: "meta/unused-suppression",
          severity: SEVERITY[unusedSeverity],
          messageId: "unused",
          message: `unused suppression of ${r}`,
          file: file.path,
          place,
          data: { ruleId: r },
        });
      }
    }
  }
  return kept;
}

function summarize(path: string, messages: LintMessage[], output?: string, edits?: TextEdit[]): LintFileResult {
  const count = (s: Severity): number => messages.filter((m) => m.severity === s).length;
  return {
    path,
    messages,
    errorCount: count("error"),
    warningCount: count("warning"),
    infoCount: count("info"),
    fixableCount: messages.filter((m) => m.fix && m.fixKind === "safe").length,
    ...(output !== undefined ? { output } : {}),
    ...(output !== undefined && edits !== undefined ? { edits } : {}),
  };
}

/**
 * A symlinked file (CLAUDE.md → AGENTS.md) is linted under the name its harness loads, but a finding the real
 * file already has (same rule, place and message) is reported once, on the real file.
 */
function dropAliasRepeats(files: readonly LintFile[], results: LintFileResult[]): void {
  const byPath = new Map(results.map((r) => [r.path, r]));
  for (const [i, file] of files.entries()) {
    const real = file.status.realPath !== undefined ? byPath.get(file.status.realPath) : undefined;
    const mine = results[i];
    if (!real || !mine || real === mine) continue;
    const seen = new Set(
      real.messages.map((m) => `${m.rule}\u0000${m.place?.line}\u0000${m.place?.column}\u0000${m.message}`),
    );
    const kept = mine.messages.filter(
      (m) => !seen.has(`${m.rule}\u0000${m.place?.line}\u0000${m.place?.column}\u0000${m.message}`),
    );
    if (kept.length !== mine.messages.length) results[i] = summarize(mine.path, kept, mine.output);
  }
}

/**
 * Rule settings per file, resolved once per set of matching `overrides`: a file's settings depend on its path
 * only through which overrides match it, so a run without any resolves them once.
 */
function settingsMemo(
  rules: readonly Rule<any>[],
  config: LintConfig,
  cliRules: { [ruleId: string]: RuleSetting } | undefined,
): (path: string) => Map<string, RuleSettings> {
  const overrides = config.overrides ?? [];
  const byMatches = new Map<string, Map<string, RuleSettings>>();
  return (path) => {
    const key = overrides.map((o) => (matchesAnyGlob(path, o.files) ? "1" : "0")).join("");
    let settings = byMatches.get(key);
    if (settings === undefined) {
      settings = resolveRuleSettings(rules, config, path, cliRules);
      byMatches.set(key, settings);
    }
    return settings;
  };
}

/** Lints every file; with `fix`, applies fixes in passes and reports what remains afterwards. */
export function lintFiles(run: LintRunOptions): LintRunResult {
  const options: LintRunOptions = {
    ...run,
    settingsOf: run.settingsOf ?? settingsMemo(run.rules ?? lintRules, run.config ?? {}, run.cliRules),
  };
  const results: LintFileResult[] = options.files.map((file) => {
    let current = file;
    let messages = lintFile(current, options.project, options);
    // A symlink is fixed through its real file, never written through the link.
    if (!options.fix || options.fix.length === 0 || file.status.realPath !== undefined)
      return summarize(file.path, messages);
    let changed = false;
    let pieces = startPieces(file.text.length);
    for (let pass = 0; pass < FIX_MAX_PASSES; pass++) {
      const fixes = messages.filter((m) => m.fix && m.fixKind && options.fix?.includes(m.fixKind)).map((m) => m.fix!);
      if (fixes.length === 0) break;
      const { text, applied, appliedFixes } = applyFixes(current.text, fixes);
      if (applied === 0 || text === current.text) break;
      changed = true;
      pieces = applyToPieces(pieces, appliedFixes);
      current = createLintFile(current.path, current.kind, text, current.status);
      messages = lintFile(current, options.project, options);
    }
    return summarize(
      file.path,
      messages,
      changed ? current.text : undefined,
      changed ? editsOfPieces(pieces, file.text.length) : undefined,
    );
  });
  dropAliasRepeats(options.files, results);
  return totalRun(results);
}

/** A run of these file results, with their counts summed. */
export function totalRun(results: LintFileResult[]): LintRunResult {
  const sum = (k: "errorCount" | "warningCount" | "infoCount" | "fixableCount"): number =>
    results.reduce((n, r) => n + r[k], 0);
  return {
    results,
    errorCount: sum("errorCount"),
    warningCount: sum("warningCount"),
    infoCount: sum("infoCount"),
    fixableCount: sum("fixableCount"),
    internalErrors: results.reduce((n, r) => n + r.messages.filter((m) => m.rule === "meta/internal-error").length, 0),
  };
}
