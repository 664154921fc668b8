// The human `promptc preview` report: a per-layer table with tokens, bytes and a context-window bar,
// then diagnostics, then the request text item by item. Pure: a string from data.
import type { Diagnostic } from "../../model/diagnostic.js";
import type { ContentPart, ResponseItem } from "../../model/items.js";
import type { Manifest, ManifestFragment } from "../../model/manifest.js";
import type { ResponsesRequest } from "../../model/request.js";
import type { ModelContextWindow } from "../../profiles/model-info.js";
import { formatDiagnostic, relativeTo } from "./format-diagnostic.js";
import type { Style } from "./style.js";

export interface PreviewReportInput {
  request: ResponsesRequest;
  manifest: Manifest;
  diagnostics: Diagnostic[];
  window: ModelContextWindow;
  cwd: string;
  style: Style;
  /** Print the request text after the table (default true). */
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
};

const num = (n: number) => n.toLocaleString("en-US");

/** A bar of the share of the window, in eighths of a cell; never empty for a non-zero share. */
export function renderBar(share: number, width = BAR_WIDTH): string {
  const eighths = Math.max(share > 0 ? 1 : 0, Math.round(Math.min(1, share) * width * 8));
  return "█".repeat(Math.floor(eighths / 8)) + (EIGHTHS[eighths % 8] ?? "");
}

function percent(share: number): string {
  return share > 0 && share < 0.001 ? "<0.1%" : `${(share * 100).toFixed(1)}%`;
}

function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

function fragmentLabel(f: ManifestFragment): string {
  const tag = f.prose === "stand-in" ? " [stand-in prose]" : f.prose === "user-supplied" ? " [your prose]" : "";
  return `${f.id}${tag}`;
}

function sourceLine(f: ManifestFragment, cwd: string): string | undefined {
  const files = f.sources.filter((s) => s.path !== "");
  if (files.length === 0 || f.layer === "user-message") return undefined;
  return files
    .map((s) => `${relativeTo(cwd, s.path)} ${s.bytesKept === s.bytesIn ? `${num(s.bytesIn)} B` : `${num(s.bytesKept)} of ${num(s.bytesIn)} B`}`)
    .join(", ");
}

function tableRow(cells: [string, string, string, string, string, string], style: Style): string {
  const [where, layer, id, tokens, bytes, bar] = cells;
  return `${pad(where, 7)} ${pad(layer, 17)} ${pad(id, 34)} ${pad(tokens, 8, true)} ${pad(bytes, 9, true)}  ${style.cyan(bar)}`;
}

function renderTable(input: PreviewReportInput): string[] {
  const { manifest, window, style, cwd } = input;
  const lines: string[] = [];
  const share = (tokens: number | null, approx: number) => (tokens ?? approx) / window.tokens;
  lines.push(style.bold(tableRow(["item", "layer", "fragment", "tokens", "bytes", "share of window"], { ...style, cyan: (s) => s })));
  for (const f of manifest.fragments) {
    const where = f.itemIndex < 0 ? "instr." : `${f.itemIndex}.${f.contentIndex}`;
    const s = share(f.tokens, f.approxTokens);
    lines.push(tableRow([where, LAYER_LABELS[f.layer] ?? f.layer, fragmentLabel(f), num(f.tokens ?? f.approxTokens), num(f.bytes), `${renderBar(s)} ${percent(s)}`], style));
    const source = sourceLine(f, cwd);
    if (source) lines.push(style.dim(`${" ".repeat(26)}← ${source}`));
  }
  const toolTokens = manifest.totals.toolTokens ?? manifest.tools.reduce((a, t) => a + t.approxTokens, 0);
  const ts = toolTokens / window.tokens;
  lines.push(tableRow(["tools", "tools", `${manifest.tools.length} tools`, num(toolTokens), num(manifest.totals.toolBytes), `${renderBar(ts)} ${percent(ts)}`], style));
  const total = (manifest.totals.fragmentTokens ?? manifest.totals.fragmentApproxTokens) + toolTokens;
  const tshare = total / window.tokens;
  lines.push(style.bold(tableRow(["", "total", `request body ${num(manifest.totals.requestBytes)} B`, num(total), num(manifest.totals.fragmentBytes + manifest.totals.toolBytes), `${renderBar(tshare)} ${percent(tshare)}`], style)));
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
  if (request.instructions !== undefined) {
    lines.push(style.bold("── instructions ──"), request.instructions, "");
  }
  request.input.forEach((item, index) => {
    const { header, body } = itemText(item);
    lines.push(style.bold(`── input[${index}] ${header} ──`), body, "");
  });
  return lines;
}

export function renderPreviewReport(input: PreviewReportInput): string {
  const { manifest, window, style, diagnostics, request } = input;
  const out: string[] = [];
  out.push(
    `${style.bold("promptc preview")} · profile ${manifest.profile} · model ${manifest.model} · ${manifest.encoding}`,
    style.dim(`cwd ${input.cwd} · context window ${num(window.tokens)} tokens (${window.source})`),
    "",
    ...renderTable(input),
    "",
  );
  if (manifest.fragments.some((f) => f.prose === "stand-in")) {
    out.push(style.dim("[stand-in prose]: promptc's own wording in the harness's layout; its bytes differ from the harness's. Use --prose-dir or --base-instructions for exact bytes."), "");
  }
  out.push(style.bold(diagnostics.length === 0 ? "diagnostics: none" : `diagnostics (${diagnostics.length})`));
  for (const d of diagnostics) out.push(formatDiagnostic(d, style, input.cwd));
  out.push("");
  if (input.showText !== false) out.push(...renderRequestText(request, style));
  return out.join("\n") + "\n";
}
