// `--fix-dry-run`: a unified diff of one file before/after fixes, LCS on lines with 3 lines of context. Pure.

/** Lines of context around each change, as in `diff -u`. */
const CONTEXT_LINES = 3;
/** Above this many line pairs the LCS table is too big; fall back to one hunk between common ends. */
const MAX_LCS_CELLS = 4_000_000;

type Op = { kind: " " | "-" | "+"; text: string; a: number; b: number };

function diffLines(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: Op[] = [];
  for (let i = 0; i < start; i++) ops.push({ kind: " ", text: a[i] as string, a: i, b: i });
  const n = endA - start;
  const m = endB - start;
  if (n * m <= MAX_LCS_CELLS) {
    const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        (lcs[i] as Uint32Array)[j] =
          a[start + i] === b[start + j]
            ? (lcs[i + 1] as Uint32Array)[j + 1]! + 1
            : Math.max((lcs[i + 1] as Uint32Array)[j]!, (lcs[i] as Uint32Array)[j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) {
        ops.push({ kind: " ", text: a[start + i] as string, a: start + i, b: start + j });
        i++;
        j++;
      } else if (i < n && (j === m || (lcs[i + 1] as Uint32Array)[j]! >= (lcs[i] as Uint32Array)[j + 1]!)) {
        ops.push({ kind: "-", text: a[start + i] as string, a: start + i, b: start + j });
        i++;
      } else {
        ops.push({ kind: "+", text: b[start + j] as string, a: start + i, b: start + j });
        j++;
      }
    }
  } else {
    for (let i = start; i < endA; i++) ops.push({ kind: "-", text: a[i] as string, a: i, b: start });
    for (let j = start; j < endB; j++) ops.push({ kind: "+", text: b[j] as string, a: endA, b: j });
  }
  for (let i = endA, j = endB; i < a.length; i++, j++) ops.push({ kind: " ", text: a[i] as string, a: i, b: j });
  return ops;
}

export function formatFixDiff(path: string, before: string, after: string): string {
  if (before === after) return "";
  const ops = diffLines(before.split("\n"), after.split("\n"));
  const out = [`--- a/${path}`, `+++ b/${path}`];
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && ops[i]!.kind === " ") i++;
    if (i >= ops.length) break;
    let from = Math.max(0, i - CONTEXT_LINES);
    let to = i;
    // Extend the hunk while the next change is within 2×context lines.
    for (;;) {
      while (to < ops.length && ops[to]!.kind !== " ") to++;
      let k = to;
      while (k < ops.length && ops[k]!.kind === " " && k - to < 2 * CONTEXT_LINES) k++;
      if (k < ops.length && ops[k]!.kind !== " ") to = k;
      else break;
    }
    const end = Math.min(ops.length, to + CONTEXT_LINES);
    const hunk = ops.slice(from, end);
    const aLen = hunk.filter((o) => o.kind !== "+").length;
    const bLen = hunk.filter((o) => o.kind !== "-").length;
    out.push(`@@ -${hunk[0]!.a + 1},${aLen} +${hunk[0]!.b + 1},${bLen} @@`);
    for (const o of hunk) out.push(`${o.kind}${o.text}`);
    i = end;
    from = end;
  }
  return out.join("\n") + "\n";
}
