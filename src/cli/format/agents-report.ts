// The `promptc agents` report: per harness, what it loads from this directory (order, kind, tokens, where it
// goes), what it drops, the instruction files no harness loads, and the installed agents. Pure.
import type { AgentsView } from "../../discover/agents/discover-agents-view.js";
import { formatCount } from "../../model/format-count.js";
import { relativeTo } from "./format-diagnostic.js";
import { visibleControls } from "./harness-preview-report.js";
import type { Style } from "./style.js";

export interface InstalledAgent {
  id: string;
  displayName: string;
  bin?: string;
  version?: string;
  /** The version promptc's profile reproduces (undefined: promptc has no profile for it). */
  profileVersion?: string;
  /** `calibrated`, `not calibrated`, `stand-in only` … */
  calibration: string;
}

export interface AgentsReport {
  view: AgentsView;
  /** o200k counts of each file's text as on disk (estimates for non-OpenAI harnesses). */
  tokens: { [path: string]: number };
  /** Per harness, what it sends for each file at session start: a context file whole, a skill's listing entry. */
  sent: { [harness: string]: { [path: string]: number } };
  installed: InstalledAgent[];
}

export function renderAgentsReport(report: AgentsReport, style: Style): string {
  const { view } = report;
  const rel = (p: string) => visibleControls(relativeTo(view.cwd, p));
  const out: string[] = [
    `${style.bold("promptc agents")} · ${visibleControls(view.cwd)}${view.gitRoot ? style.dim(` · git root ${visibleControls(view.gitRoot)}`) : style.dim(" · not in git")}`,
    "",
  ];
  for (const h of view.harnesses) {
    const sentOf = (path: string): number => report.sent[h.harness]?.[path] ?? report.tokens[path] ?? 0;
    const total = h.files.reduce((a, f) => a + sentOf(f.path), 0);
    out.push(
      style.bold(`${h.displayName} (${h.harness})`) +
        style.dim(
          ` · ${h.files.length} files · ~${formatCount(total)} tokens${h.basis === "write-up" ? " · rules from the shared write-up, not checked against the binary" : ""}`,
        ),
    );
    if (h.files.length === 0) out.push(style.dim("  (nothing)"));
    h.files.forEach((f, i) => {
      const from = f.importedFrom !== undefined ? ` ← ${rel(f.importedFrom)}` : "";
      out.push(
        `  ${String(i + 1).padStart(2)}. ${f.kind.padEnd(7)} ${rel(f.path).padEnd(44)} ${formatCount(sentOf(f.path)).padStart(7)}  ${style.dim(f.placement + from + (f.kind === "skill" ? `; the file, ~${formatCount(report.tokens[f.path] ?? 0)} tokens, when used` : ""))}`,
      );
    });
    for (const d of h.dropped) out.push(style.yellow(`      dropped ${rel(d.path)}: ${visibleControls(d.reason)}`));
    out.push("");
  }
  out.push(
    style.bold(
      view.unloaded.length === 0 ? "files no harness loads: none" : `files no harness loads (${view.unloaded.length})`,
    ),
  );
  for (const p of view.unloaded) out.push(`  ${rel(p)}`);
  out.push("", style.bold("installed agents"));
  for (const a of report.installed) {
    const v =
      a.bin === undefined
        ? style.dim("not found on PATH")
        : `${a.version ?? "version unknown"} ${style.dim(visibleControls(a.bin))}`;
    const match =
      a.profileVersion === undefined
        ? "no promptc profile"
        : a.version === a.profileVersion
          ? `profile ${a.profileVersion} (same version), ${a.calibration}`
          : `profile reproduces ${a.profileVersion}${a.bin !== undefined ? " (other version installed)" : ""}, ${a.calibration}`;
    out.push(`  ${a.displayName.padEnd(12)} ${v}  · ${match}`);
  }
  return out.join("\n") + "\n";
}
