// The text report of one scenario of `promptc snapshot`: its verdict, diagnostics and prefix findings, then per
// differing turn file what changed (layers, tokens, cache prefix) before its JSON diff. Pure.
import { formatDiagnostic } from "../../format/format-diagnostic.js";
import { fitColumns, formatSnapshotDiff, formatTurnExplanation } from "../../format/snapshot-review.js";
import type { Style } from "../../format/style.js";
import type { ScenarioReport } from "./snapshot-scenario.js";

/** One scenario's lines: its verdict, diagnostics and findings; per differing turn what changed, then the diff. */
export function formatScenarioReport(r: ScenarioReport, style: Style, cwd: string): string {
  const ok = r.status === "ok" || r.status === "written" || r.status === "updated";
  const cache = r.cache
    ? `, cache ${(r.cache.hitRatio * 100).toFixed(1)}%${r.cache.note !== undefined ? ` (${r.cache.note})` : ""}`
    : "";
  const note =
    r.status === "written" ? " (new snapshots written)" : r.status === "updated" ? " (snapshots updated)" : "";
  const lines = [`${ok ? style.green("✓") : style.red("✗")} ${style.bold(r.name)}  ${r.turns} turn(s)${cache}${note}`];
  for (const d of r.diagnostics.filter((x) => r.status === "error" || x.severity !== "info"))
    lines.push(formatDiagnostic(d, style, cwd));
  for (const f of r.findings) lines.push(`    ${style.red(f.rule)} ${fitColumns(f.message, 90)}`);
  // layout.txt is drawn from the requests: when one of them differs, its diff says nothing more.
  const turnDiffers = r.files.some((f) => f.status === "differs" && f.explanation !== undefined);
  let previous: { same: string; name: string } | undefined;
  for (const f of r.files) {
    if (f.status === "differs" && f.name === "layout.txt" && turnDiffers) {
      lines.push(`    ${f.name} differs too (it is drawn from the requests above)`);
    } else if (f.status === "differs") {
      lines.push(`    ${style.bold(f.name)} differs from the snapshot`);
      const explained = f.explanation ? formatTurnExplanation(f.explanation, "      ", style) : [];
      const diff = formatSnapshotDiff(f.name, f.expected ?? "", f.actual ?? "", "      ", style);
      // A later turn carries the first turn's context: the same change is said once (its cache line still shows).
      const same = JSON.stringify([f.explanation?.changes, diff.slice(2)]);
      if (previous !== undefined && previous.same === same) {
        lines.push(
          `      the same changes and diff as ${previous.name}`,
          ...explained.slice(f.explanation!.changes.length),
        );
        continue;
      }
      previous = { same, name: f.name };
      lines.push(...explained, ...diff);
    } else if (f.status === "missing" || f.status === "stale") {
      lines.push(`    ${f.name} ${f.status}`);
    } else if (f.status === "unwritable") {
      lines.push(`    ${style.red(`${f.name} cannot be written: ${f.error ?? "unknown error"}`)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
