// `--fix-dry-run`: a unified diff of one file before/after fixes (one hunk around the changed lines). Pure.

/** Lines of context around the change, as in `diff -u`. */
const CONTEXT_LINES = 3;

export function formatFixDiff(path: string, before: string, after: string): string {
  if (before === after) return "";
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length - 1;
  let endB = b.length - 1;
  while (endA >= start && endB >= start && a[endA] === b[endB]) {
    endA--;
    endB--;
  }
  const from = Math.max(0, start - CONTEXT_LINES);
  const toA = Math.min(a.length - 1, endA + CONTEXT_LINES);
  const toB = Math.min(b.length - 1, endB + CONTEXT_LINES);
  const out = [`--- a/${path}`, `+++ b/${path}`, `@@ -${from + 1},${toA - from + 1} +${from + 1},${toB - from + 1} @@`];
  for (let i = from; i < start; i++) out.push(` ${a[i]}`);
  for (let i = start; i <= endA; i++) out.push(`-${a[i]}`);
  for (let i = start; i <= endB; i++) out.push(`+${b[i]}`);
  for (let i = endA + 1; i <= toA; i++) out.push(` ${a[i]}`);
  return out.join("\n") + "\n";
}
