// The review text of a differing snapshot file: for a turn, what changed in the user's terms with its token cost
// and whether the snapshot's cache prefix still holds; then the JSON diff. Every line fits REVIEW_COLUMNS and
// shows no control byte of the data. Pure.
import { formatFixDiff } from "../../lint/formatters/format-fix-diff.js";
import { formatCount } from "../../model/format-count.js";
import type { TurnChangeExplanation } from "../../scenario/explain-snapshot-change.js";
import { sanitizeTerminalText } from "../terminal-text.js";
import type { Style } from "./style.js";

export const REVIEW_COLUMNS = 100;
/** Diff lines shown per file; the rest is counted. */
export const REVIEW_DIFF_LINES = 40;
/** Characters kept before the first difference when a long diff line is cut to the column limit. */
const LEAD = 24;

/** `text` made visible (controls escaped) and cut to `width` code points. */
export function fitColumns(text: string, width = REVIEW_COLUMNS): string {
  const chars = [...sanitizeTerminalText(text)];
  return chars.length <= width ? chars.join("") : `${chars.slice(0, width - 1).join("")}…`;
}

/** A long diff line shown around `from` (its first difference with its pair), with `…` where it is cut. */
function windowAt(prefix: string, text: string, from: number, width: number): string {
  const chars = [...sanitizeTerminalText(text)];
  const room = width - prefix.length;
  if (chars.length <= room) return prefix + chars.join("");
  const start = Math.max(0, Math.min(from - LEAD, chars.length - room + 1));
  const head = start > 0 ? "…" : "";
  const body = chars.slice(start + (head ? 1 : 0), start + room - 1).join("");
  return `${prefix}${head}${body}…`;
}

function firstDifference(a: string, b: string): number {
  const x = [...sanitizeTerminalText(a)];
  const y = [...sanitizeTerminalText(b)];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : n < 0 ? `-${formatCount(-n)}` : "±0");

/** The change lines of one turn, indented by `indent`. */
export function formatTurnExplanation(e: TurnChangeExplanation, indent: string, style: Style): string[] {
  const out: string[] = [];
  for (const c of e.changes) {
    if (c.tokens === undefined) {
      out.push(fitColumns(`${indent}${c.what}`));
      continue;
    }
    const tokens = `${signed(c.tokens)} tokens`;
    const room = REVIEW_COLUMNS - indent.length - tokens.length - 2;
    const what = fitColumns(c.what, room);
    out.push(`${indent}${what}${" ".repeat(Math.max(2, room - [...what].length + 2))}${tokens}`);
    if (c.hint !== undefined) out.push(style.yellow(fitColumns(`${indent}  ${c.hint}`)));
  }
  const p = e.prefix;
  out.push(
    p.extendsPrefix
      ? `${indent}${style.green("cache prefix holds")}: the snapshot's ${formatCount(p.tokensA)} tokens start the new request`
      : fitColumns(
          `${indent}cache prefix broken: ${formatCount(p.commonTokens)} of the snapshot's ${formatCount(p.tokensA)} tokens still match, ${formatCount(p.reusableTokens)} reusable`,
        ),
  );
  if (!p.extendsPrefix)
    for (const why of e.prefixBreaks) out.push(style.red(fitColumns(`${indent}  ${why}`, REVIEW_COLUMNS)));
  return out;
}

/** For each changed line of a unified diff, the line it pairs with: the k-th `-` of a run with the k-th `+` after it. */
function pairedLines(lines: readonly string[]): Map<number, number> {
  const pairs = new Map<number, number>();
  for (let i = 0; i < lines.length; ) {
    if (lines[i]![0] !== "-" || lines[i]!.startsWith("---")) {
      i++;
      continue;
    }
    let minus = i;
    while (minus < lines.length && lines[minus]![0] === "-") minus++;
    let plus = minus;
    while (plus < lines.length && lines[plus]![0] === "+") plus++;
    for (let k = 0; k < Math.min(minus - i, plus - minus); k++) {
      pairs.set(i + k, minus + k);
      pairs.set(minus + k, i + k);
    }
    i = plus;
  }
  return pairs;
}

/** The unified diff of a snapshot file (stored → new), at most REVIEW_DIFF_LINES lines, each within the columns. */
export function formatSnapshotDiff(
  name: string,
  expected: string,
  actual: string,
  indent: string,
  style: Style,
): string[] {
  const lines = formatFixDiff(name, expected, actual).replace(/\n$/, "").split("\n");
  const pairs = pairedLines(lines);
  const out: string[] = [];
  const width = REVIEW_COLUMNS - indent.length;
  const shown = Math.min(lines.length, REVIEW_DIFF_LINES);
  for (let i = 0; i < shown; i++) {
    const line = lines[i]!;
    const kind = line[0];
    if (i < 2 || (kind !== "-" && kind !== "+")) {
      out.push(`${indent}${style.dim(fitColumns(line, width))}`);
      continue;
    }
    // A changed line is shown from just before where it differs from its pair.
    const pair = pairs.get(i);
    const other = pair === undefined ? "" : lines[pair]!.slice(1);
    const text = windowAt(kind, line.slice(1), firstDifference(line.slice(1), other), width);
    out.push(`${indent}${kind === "-" ? style.red(text) : style.green(text)}`);
  }
  if (lines.length > shown)
    out.push(`${indent}${style.dim(`… ${formatCount(lines.length - shown)} more diff lines (see the file)`)}`);
  return out;
}
