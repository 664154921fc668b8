// The session report and the session listing as text for a terminal. Pure.
import { formatDuration } from "./miss-cause.js";
import type { ReportRequest, SessionReport } from "./session-report.js";

const pct = (x: number) => `${Math.round(x * 100)}%`;
const time = (at?: string) => (at !== undefined && at.length >= 19 ? at.slice(11, 19) : "-");
const money = (x: number, currency?: string) => `${x.toFixed(4)} ${currency ?? ""}`.trim();

function table(rows: string[][], right: ReadonlySet<number>): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  return rows.map((r) =>
    r
      .map((cell, c) =>
        c === r.length - 1 ? cell : right.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!),
      )
      .join("  ")
      .trimEnd(),
  );
}

function requestRow(r: ReportRequest, priced: boolean, currency?: string): string[] {
  const miss =
    r.miss === undefined
      ? ""
      : `re-billed ${r.miss.rebilled}: ${r.miss.cause.message}${r.miss.cause.layer ? ` [first diverging layer: ${r.miss.cause.layer}]` : ""}`;
  return [
    `${r.n}`,
    time(r.at),
    r.gapSeconds !== undefined ? `+${formatDuration(r.gapSeconds)}` : "",
    r.kind,
    r.model ?? "-",
    `${r.input}`,
    `${r.cached}`,
    `${r.cacheWrite}`,
    `${r.output}`,
    pct(r.hitShare),
    ...(priced ? [r.cost !== undefined ? money(r.cost, currency) : "-"] : []),
    miss,
  ];
}

export function renderSessionText(report: SessionReport): string {
  const priced = report.currency !== undefined;
  const out: string[] = [];
  out.push(`${report.agent} session${report.sessionId ? ` ${report.sessionId}` : ""}: ${report.file}`);
  if (report.cwd) out.push(`folder: ${report.cwd}`);
  out.push(`usage: ${report.usageNote}`);
  out.push(`cache lifetime: ${report.cacheLifetime}`);
  out.push("");
  const head = [
    "#",
    "time",
    "gap",
    "kind",
    "model",
    "input",
    "cached",
    "cache-write",
    "output",
    "hit",
    ...(priced ? ["cost"] : []),
    "miss",
  ];
  const right = new Set([0, 5, 6, 7, 8, 9, ...(priced ? [10] : [])]);
  out.push(...table([head, ...report.requests.map((r) => requestRow(r, priced, report.currency))], right));
  if (report.compactions.length > 0) {
    out.push("", "compactions:");
    for (const c of report.compactions) out.push(`  after request ${c.afterRequest} (line ${c.line}): ${c.dropped}`);
  }
  const t = report.totals;
  out.push(
    "",
    `totals: ${t.requests} requests · input ${t.input} · cached ${t.cached} (${pct(t.hitShare)} of ${t.prompt} prompt tokens) · cache writes ${t.cacheWrite} · output ${t.output} · re-billed ${t.rebilled}${t.cost !== undefined ? ` · cost ${money(t.cost, report.currency)}` : ""}`,
  );
  const rt = report.recordedTotal;
  if (rt !== undefined)
    out.push(
      `the log's own total: input ${rt.input} · cached ${rt.cached} · cache writes ${rt.cacheWrite} · output ${rt.output}${rt.input === t.input && rt.cached === t.cached && rt.output === t.output ? " (matches)" : " (differs from the sum of its requests)"}`,
    );
  if (report.worstMiss)
    out.push(
      `worst miss: request ${report.worstMiss.request}, ${report.worstMiss.rebilled} tokens re-billed: ${report.worstMiss.cause.message}`,
    );
  for (const n of report.notes) out.push(`note: ${n}`);
  return `${out.join("\n")}\n`;
}

export interface SessionListRow {
  report: SessionReport;
  /** ISO time the file was last written. */
  modified: string;
  bytes: number;
}

export function renderSessionListText(rows: readonly SessionListRow[], priced: boolean): string {
  const head = [
    "modified",
    "agent",
    "requests",
    "prompt",
    "cached",
    "hit",
    "output",
    "re-billed",
    ...(priced ? ["cost"] : []),
    "worst miss",
    "file",
  ];
  const body = rows.map(({ report: r, modified }) => {
    const w = r.worstMiss;
    return [
      modified.slice(0, 16).replace("T", " "),
      r.agent,
      `${r.totals.requests}`,
      `${r.totals.prompt}`,
      `${r.totals.cached}`,
      pct(r.totals.hitShare),
      `${r.totals.output}`,
      `${r.totals.rebilled}`,
      ...(priced ? [r.totals.cost !== undefined ? money(r.totals.cost, r.currency) : "-"] : []),
      w ? `#${w.request} ${w.rebilled} (${w.cause.kind})` : "-",
      r.file,
    ];
  });
  const right = new Set([2, 3, 4, 5, 6, 7, ...(priced ? [8] : [])]);
  return `${table([head, ...body], right).join("\n")}\n${rows.length === 0 ? "no sessions found\n" : ""}`;
}
