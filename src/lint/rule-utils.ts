// Small helpers shared by rules: frontmatter lookups, body lines, token counts, places. Pure.
import { countTokens } from "../tokens/count.js";
import { utf8Length } from "../tokens/approx.js";
import type { Place } from "../model/diagnostic.js";
import { dirOf, type LintFile } from "./lint-file.js";
import type { LintProject } from "./lint-project.js";
import type { FrontmatterKey } from "./parse-frontmatter.js";

export function fmKey(file: LintFile, key: string): FrontmatterKey | undefined {
  return file.frontmatter.keys.find((k) => k.key === key);
}

/** Place of a frontmatter key's value, or of the frontmatter opening when the key is absent. */
export function fmValuePlace(file: LintFile, key: string): Place {
  const k = fmKey(file, key);
  return k ? { line: k.valueLine, column: k.valueColumn } : { line: 1, column: 1 };
}

export function fmKeyPlace(file: LintFile, key: string): Place {
  const k = fmKey(file, key);
  return k ? { line: k.line, column: k.column } : { line: 1, column: 1 };
}

/** A frontmatter value when it parsed as a string. */
export function fmString(file: LintFile, key: string): string | undefined {
  const v = file.frontmatter.data?.[key];
  return typeof v === "string" ? v : undefined;
}

/** Body text (after frontmatter). */
export function bodyText(file: LintFile): string {
  return file.frontmatter.closed ? file.text.slice(file.frontmatter.bodyOffset) : file.text;
}

/** Body lines as [1-based line number, text]. */
export function bodyLines(file: LintFile): [number, string][] {
  const first = file.frontmatter.closed ? file.frontmatter.bodyLine : 1;
  return file.index.lines.slice(first - 1).map((t, i) => [first + i, t]);
}

/** Prose lines: body lines outside fenced code. */
export function proseLines(file: LintFile): [number, string][] {
  return bodyLines(file).filter(([n]) => !file.markdown.inCode[n - 1]);
}

/**
 * Whether `text` could hold more than `limit` tokens: a token is at least one UTF-8 byte, so a text of at most
 * `limit` bytes cannot, and the rule needs no count (nor the encoding's tables, which a short file's run loads).
 */
export function couldExceedTokens(text: string, limit: number): boolean {
  // A UTF-16 unit is at most three UTF-8 bytes; at least one.
  if (text.length * 3 <= limit) return false;
  return text.length > limit || utf8Length(text) > limit;
}

/** Exact o200k_base count, with the project's counter when it has one (the CLI's memoises and keeps counts on disk). */
export function tokensOf(project: Pick<LintProject, "countTokens">, text: string): number {
  return project.countTokens ? project.countTokens(text) : countTokens(text);
}

export function formatInt(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The skill's directory (the SKILL.md parent), project-relative. */
export function skillDir(file: LintFile): string {
  return dirOf(file.path);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Every match of `re` (global) on prose lines with its place; skips inline code when `skipCode`. */
export function matchProse(file: LintFile, re: RegExp, skipCode = true): { match: RegExpMatchArray; place: Place }[] {
  const out: { match: RegExpMatchArray; place: Place }[] = [];
  for (const [line, text] of proseLines(file)) {
    const spans = file.markdown.codeSpans[line - 1] ?? [];
    for (const m of text.matchAll(re)) {
      if (skipCode && spans.some(([s, e]) => m.index >= s && m.index < e)) continue;
      out.push({ match: m, place: { line, column: m.index + 1, endLine: line, endColumn: m.index + 1 + m[0].length } });
    }
  }
  return out;
}

// Re-exported: rules that spell out their (empty) options schema name it from here.
export { NO_OPTIONS } from "./define-rule.js";

/** Options schema with numeric (integer ≥ 0) limits. */
export function limitsSchema(...names: string[]): object {
  return {
    type: "object",
    additionalProperties: false,
    properties: Object.fromEntries(names.map((n) => [n, { type: "integer", minimum: 0 }])),
  };
}

/** Levenshtein distance, for "did you mean" suggestions on misspelt keys. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] as number;
}
