// The default human format, ESLint "stylish": findings grouped by file, `line:col  severity  message  rule`,
// then a summary with the fixable count. Colors only when asked (the CLI decides from NO_COLOR/FORCE_COLOR/TTY). Pure.
import { maxOf } from "../../model/append-all.js";
import { rawSgr, type Sgr } from "../../model/sgr.js";
import type { LintRunResult } from "../run.js";

export interface StylishOptions {
  color: boolean;
  /** How colours are written (the CLI's unforgeable markers); the real SGR sequence by default. */
  sgr?: Sgr;
}

export function formatStylish(run: LintRunResult, options: StylishOptions): string {
  const c = options.color;
  const sgr = options.sgr ?? rawSgr;
  const paint = (on: boolean, code: string, text: string): string => (on ? `${sgr(code)}${text}${sgr("0")}` : text);
  const out: string[] = [];
  for (const r of run.results) {
    if (r.messages.length === 0) continue;
    out.push(paint(c, "4", r.path));
    const rows = r.messages.map((m) => [
      `${m.place?.line ?? 1}:${m.place?.column ?? 1}`,
      m.severity === "error" ? "error" : m.severity === "warning" ? "warning" : "info",
      m.message,
      m.rule,
    ]);
    const w0 = maxOf(rows.map((x) => (x[0] as string).length));
    const w1 = maxOf(rows.map((x) => (x[1] as string).length));
    for (const [place, sev, message, rule] of rows as [string, string, string, string][]) {
      const colored =
        sev === "error"
          ? paint(c, "31", sev.padEnd(w1))
          : sev === "warning"
            ? paint(c, "33", sev.padEnd(w1))
            : paint(c, "36", sev.padEnd(w1));
      out.push(`  ${paint(c, "2", place.padEnd(w0))}  ${colored}  ${message}  ${paint(c, "2", rule)}`);
    }
    out.push("");
  }
  const total = run.errorCount + run.warningCount + run.infoCount;
  // A clean run says so in one line (an empty run prints nothing: the CLI already said there was nothing to lint).
  if (total === 0)
    return run.results.length === 0
      ? ""
      : `${paint(c, "32", "✔")} no problems in ${run.results.length} file${run.results.length === 1 ? "" : "s"}\n`;
  const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? "" : "s"}`;
  const parts = [plural(run.errorCount, "error"), plural(run.warningCount, "warning")];
  if (run.infoCount > 0) parts.push(plural(run.infoCount, "info"));
  const mark = run.errorCount > 0 ? paint(c, "31;1", "✖") : paint(c, "33;1", "⚠");
  out.push(`${mark} ${plural(total, "problem")} (${parts.join(", ")})`);
  if (run.fixableCount > 0) out.push(`  ${plural(run.fixableCount, "problem")} fixable with \`promptc lint --fix\``);
  // Suggested fixes change meaning, so --fix leaves them alone; say they exist (ESLint's "potentially fixable").
  const suggested = run.results.reduce(
    (n, r) => n + r.messages.filter((m) => m.fix && m.fixKind === "suggest").length,
    0,
  );
  if (suggested > 0)
    out.push(
      `  ${plural(suggested, "problem")} fixable with \`promptc lint --fix --fix-type suggest\` (suggested fixes: preview with --fix-dry-run)`,
    );
  return out.join("\n") + "\n";
}
