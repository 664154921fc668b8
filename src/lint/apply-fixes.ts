// Applies non-overlapping text fixes in one pass, earliest first; overlapping ones wait for the next pass. Pure.
import type { Fix } from "./define-rule.js";

export interface ApplyFixesResult {
  text: string;
  applied: number;
  /** Fixes skipped because they overlapped an earlier one. */
  deferred: number;
  /** The fixes applied, in order (their offsets are the input text's). */
  appliedFixes: Fix[];
}

export function applyFixes(text: string, fixes: readonly Fix[]): ApplyFixesResult {
  const sorted = [...fixes].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let cursor = 0;
  let applied = 0;
  let deferred = 0;
  const appliedFixes: Fix[] = [];
  for (const fix of sorted) {
    if (fix.start < cursor || fix.start > fix.end || fix.end > text.length) {
      deferred++;
      continue;
    }
    out += text.slice(cursor, fix.start) + fix.text;
    cursor = fix.end;
    applied++;
    appliedFixes.push(fix);
  }
  return { text: out + text.slice(cursor), applied, deferred, appliedFixes };
}
