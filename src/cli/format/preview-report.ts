// The human `promptc preview` report, sized for one terminal screen: a per-layer table with tokens, bytes and a
// context-window bar, a legend, the diagnostics and a one-line summary last; the request text item by item
// only on request (before the table, so the summary still ends the output). Pure: a string from data.
import type { RequestView } from "../../capture/request-view.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import type { ContentPart, ResponseItem } from "../../model/items.js";
import type { Manifest, ManifestFragment } from "../../model/manifest.js";
import type { ResponsesRequest } from "../../model/request.js";
import { formatCount } from "../../model/format-count.js";
import type { ModelContextWindow } from "../../profiles/model-info.js";
import { formatDiagnostic } from "./format-diagnostic.js";
import { fragmentLabel, provenanceFor, sourceParts, STAND_IN_NOTE, type Provenance } from "./fragment-provenance.js";

export { provenanceOf, STAND_IN_NOTE } from "./fragment-provenance.js";
import type { Style } from "./style.js";
import { appendAll } from "../../model/append-all.js";

/** One line of the layer table, from a compile manifest or from a request view (history, captures). */
export interface ReportRow {
  /** `item.content`, or `instr.` for the instructions field. */
  where: string;
  layer: string;
  label: string;
  tokens: number;
  bytes: number;
  /** Where the bytes came from (files with bytes kept/in). */
  source?: string;
}

export interface PreviewTable {
  profile: string;
  model: string;
  rows: ReportRow[];
  tools: { count: number; tokens: number; bytes: number };
  requestBytes: number;
  /** A note under the table (e.g. what stand-in prose means). */
  note?: string;
  /** The turn has no user message: the request ends before it (as Codex's without a prompt). */
  noMessage?: boolean;
}

export interface PreviewReportInput {
  request: ResponsesRequest;
  table: PreviewTable;
  diagnostics: Diagnostic[];
  window: ModelContextWindow;
  cwd: string;
  style: Style;
  /** A line under the header (e.g. which scenario turn). */
  subtitle?: string;
  /** Print the request text too, item by item (before the table, so the summary stays last). Default false. */
  showText?: boolean;
}

const BAR_WIDTH = 20;
const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

const LAYER_LABELS: { [layer: string]: string } = {
  "base-instructions": "base instructions",
  developer: "developer",
  "agents-md": "AGENTS.md",
  environment: "environment",
  "user-message": "user message",
  "skill-injection": "skill",
  extension: "extension",
  history: "history",
  unknown: "unknown",
};

const num = formatCount;

/** A bar of the share of the window, in eighths of a cell; never empty for a non-zero share. */
export function renderBar(share: number, width = BAR_WIDTH): string {
  const eighths = Math.max(share > 0 ? 1 : 0, Math.round(Math.min(1, share) * width * 8));
  return "█".repeat(Math.floor(eighths / 8)) + (EIGHTHS[eighths % 8] ?? "");
}

function percent(share: number): string {
  return share > 0 && share < 0.001 ? "<0.1%" : `${(share * 100).toFixed(1)}%`;
}

function sourceLine(f: ManifestFragment, cwd: string): string | undefined {
  const parts = sourceParts(f, cwd);
  return parts.length === 0 ? undefined : parts.join(", ");
}

/** The table of a fresh compile: one row per manifest fragment. */
export function tableFromManifest(manifest: Manifest, cwd: string): PreviewTable {
  const rows = manifest.fragments.map((f): ReportRow => {
    const row: ReportRow = {
      where: f.itemIndex < 0 ? "instr." : `${f.itemIndex}.${f.contentIndex}`,
      layer: f.layer,
      label: fragmentLabel(f),
      tokens: f.tokens ?? f.approxTokens,
      bytes: f.bytes,
    };
    const source = sourceLine(f, cwd);
    if (source) row.source = source;
    return row;
  });
  const table: PreviewTable = {
    profile: manifest.profile,
    model: manifest.model,
    rows,
    tools: {
      count: manifest.tools.length,
      tokens: manifest.totals.toolTokens ?? manifest.tools.reduce((a, t) => a + t.approxTokens, 0),
      bytes: manifest.totals.toolBytes,
    },
    requestBytes: manifest.totals.requestBytes,
  };
  if (manifest.fragments.some((f) => f.prose === "stand-in")) table.note = STAND_IN_NOTE;
  return table;
}

/**
 * The table of any request body (a later turn with history, a session log): items labelled by their markers,
 * with the `[stand-in prose]` tag and sources of the compile that produced the same bytes, when known.
 */
export function tableFromView(
  view: RequestView,
  profile: string,
  model: string,
  cwd: string,
  provenance?: Provenance,
): PreviewTable {
  let standIn = false;
  const rows = view.fragments.map((f): ReportRow => {
    const origin = provenanceFor(provenance, f.text);
    if (origin?.prose === "stand-in") standIn = true;
    const row: ReportRow = {
      where: f.itemIndex < 0 ? "instr." : `${f.itemIndex}.${f.contentIndex}`,
      layer: f.layer,
      label: origin ? fragmentLabel({ ...origin, id: f.id }) : f.id,
      tokens: f.tokens,
      bytes: f.bytes,
    };
    const source = origin ? sourceLine(origin, cwd) : undefined;
    if (source) row.source = source;
    return row;
  });
  return {
    profile,
    model,
    rows,
    tools: {
      count: view.tools.length,
      tokens: view.totals.toolTokens,
      bytes: view.tools.reduce((a, t) => a + t.bytes, 0),
    },
    requestBytes: view.totals.bytes,
    ...(standIn ? { note: STAND_IN_NOTE } : {}),
  };
}

function tableRow(cells: [string, string, string, string, string, string], style: Style): string {
  const [where, layer, id, tokens, bytes, bar] = cells;
  return `${where.padEnd(7)} ${layer.padEnd(17)} ${id.padEnd(34)} ${tokens.padStart(8)} ${bytes.padStart(9)}  ${style.cyan(bar)}`;
}

function renderTable(table: PreviewTable, window: ModelContextWindow, style: Style): string[] {
  const lines: string[] = [];
  const cell = (tokens: number) => {
    const share = tokens / window.tokens;
    return `${renderBar(share)} ${percent(share)}`;
  };
  lines.push(
    style.bold(
      tableRow(["item", "layer", "fragment", "tokens", "bytes", "share of window"], { ...style, cyan: (s) => s }),
    ),
  );
  for (const r of table.rows) {
    lines.push(
      tableRow(
        [r.where, LAYER_LABELS[r.layer] ?? r.layer, r.label, num(r.tokens), num(r.bytes), cell(r.tokens)],
        style,
      ),
    );
    if (r.source) lines.push(style.dim(`${" ".repeat(26)}← ${r.source}`));
  }
  if (table.noMessage)
    lines.push(
      style.yellow(
        tableRow(["–", LAYER_LABELS["user-message"] ?? "", "none given (preview MESSAGE or -m TEXT)", "", "", ""], {
          ...style,
          cyan: (s) => s,
        }).trimEnd(),
      ),
    );
  lines.push(
    tableRow(
      [
        "tools",
        "tools",
        `${table.tools.count} tools`,
        num(table.tools.tokens),
        num(table.tools.bytes),
        cell(table.tools.tokens),
      ],
      style,
    ),
  );
  const total = table.rows.reduce((a, r) => a + r.tokens, 0) + table.tools.tokens;
  const bytes = table.rows.reduce((a, r) => a + r.bytes, 0) + table.tools.bytes;
  lines.push(
    style.bold(
      tableRow(["", "total", `request body ${num(table.requestBytes)} B`, num(total), num(bytes), cell(total)], style),
    ),
  );
  return lines;
}

function partText(part: ContentPart): string {
  switch (part.type) {
    case "input_text":
    case "output_text":
      return part.text;
    case "input_image":
      return `[image ${part.image_url.startsWith("data:") ? `${part.image_url.slice(0, part.image_url.indexOf(",") + 1)}… (${num(part.image_url.length)} chars)` : part.image_url}]`;
    default: {
      const never: never = part;
      return String(never);
    }
  }
}

function itemText(item: ResponseItem): { header: string; body: string } {
  if (item.type === "message") return { header: item.role, body: item.content.map(partText).join("\n\n") };
  return { header: item.type, body: JSON.stringify(item) };
}

function renderRequestText(request: ResponsesRequest, style: Style): string[] {
  const lines: string[] = [];
  if (request.instructions !== undefined) lines.push(style.bold("── instructions ──"), request.instructions, "");
  request.input.forEach((item, index) => {
    const { header, body } = itemText(item);
    lines.push(style.bold(`── input[${index}] ${header} ──`), body, "");
  });
  return lines;
}

/** What the columns mean, in three lines under the table. */
function legend(window: ModelContextWindow): string[] {
  return [
    "item N.M is input[N].content[M] of the request body; instr. is its instructions field.",
    `tokens: exact o200k_base count of that text; share: of the model's ${num(window.tokens)}-token context window.`,
    "← the source files, bytes kept of bytes on disk. --text prints the request text, --json the exact body.",
  ];
}

/** `text` broken at spaces into lines of at most `width` columns, continuation lines indented. */
export function wrapText(text: string, width = 100, indent = "  "): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}

const plural = (n: number, word: string) => `${num(n)} ${word}${n === 1 ? "" : "s"}`;

/** The one line that ends the report: size, share of the window, findings. */
function summaryLine(input: PreviewReportInput): string {
  const { table, window, diagnostics, request } = input;
  const tokens = table.rows.reduce((a, r) => a + r.tokens, 0) + table.tools.tokens;
  const counts = (["error", "warning", "info"] as const)
    .map((sev) => [sev, diagnostics.filter((d) => d.severity === sev).length] as const)
    .filter(([, n]) => n > 0)
    .map(([sev, n]) => plural(n, sev));
  const parts = [
    `${num(tokens)} tokens, ${percent(tokens / window.tokens)} of the window`,
    `${plural(request.input.length, "input item")} and ${plural(table.tools.count, "tool")} in a ${num(table.requestBytes)}-byte body`,
    counts.length > 0 ? counts.join(", ") : "no diagnostics",
  ];
  if (table.noMessage) parts.push("no user message");
  return `${input.style.bold("summary:")} ${parts.join(" · ")}`;
}

export function renderPreviewReport(input: PreviewReportInput): string {
  const { table, window, style, diagnostics, request } = input;
  const out: string[] = [
    `${style.bold("promptc preview")} · profile ${table.profile} · model ${table.model} · o200k_base`,
    style.dim(`cwd ${input.cwd} · context window ${num(window.tokens)} tokens (${window.source})`),
  ];
  if (input.subtitle) out.push(style.dim(input.subtitle));
  out.push("");
  // The text comes first when asked for, so the table, the diagnostics and the summary end the output on screen.
  if (input.showText === true) appendAll(out, renderRequestText(request, style));
  appendAll(out, renderTable(table, window, style));
  out.push("", ...legend(window).map(style.dim));
  if (table.note) out.push(...wrapText(table.note).map(style.dim));
  out.push("", style.bold(diagnostics.length === 0 ? "diagnostics: none" : `diagnostics (${diagnostics.length})`));
  for (const d of diagnostics) out.push(formatDiagnostic(d, style, input.cwd));
  out.push("", summaryLine(input));
  return out.join("\n") + "\n";
}
