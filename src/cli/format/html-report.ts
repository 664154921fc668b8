// A self-contained HTML report of one or more requests: stacked bar of tokens per layer against the context
// window, each fragment collapsible with its source and token count, diagnostics highlighted. Pure (string out);
// inline CSS only, no scripts, no external assets, every text HTML-escaped.
import type { Diagnostic } from "../../model/diagnostic.js";
import type { Manifest } from "../../model/manifest.js";
import type { RequestView } from "../../capture/request-view.js";
import { relativeTo, relativizePaths } from "./format-diagnostic.js";
import { escapeHtml } from "../../model/escape-html.js";
import { formatCount } from "../../model/format-count.js";
import { proseTag, provenanceFor, sourceParts, STAND_IN_NOTE, type Provenance } from "./fragment-provenance.js";

export interface ReportFragment {
  id: string;
  /** `[stand-in prose]` or `[your prose]`, as the terminal table labels it. */
  tag?: string;
  layer: string;
  role: string;
  itemIndex: number;
  contentIndex: number;
  tokens: number | null;
  bytes: number;
  text: string;
  sources: string[];
  /** Something was cut or flagged for this fragment. */
  flagged: boolean;
  note?: string;
  /** Prompt-cache breakpoint on this fragment (Messages `cache_control`). */
  cache?: string;
  /** Where it sits in the body (`messages[2].content[0]`); default from the indexes, Responses-style. */
  where?: string;
}

export interface ReportTool {
  name: string;
  tokens: number | null;
  bytes: number;
  /** Declared inside an input item: its tokens are already part of that fragment. */
  inInput?: boolean;
}

export interface ReportSection {
  title: string;
  contextWindow: number;
  fragments: ReportFragment[];
  tools: ReportTool[];
  params: { key: string; json: string }[];
  diagnostics: Diagnostic[];
  /** A note over the fragments (what stand-in prose means). */
  note?: string;
}

export interface ReportModel {
  title: string;
  sections: ReportSection[];
}

/** Layer colours, also used as the legend order. */
const LAYER_COLORS: { [layer: string]: string } = {
  "base-instructions": "#4e79a7",
  developer: "#f28e2b",
  "agents-md": "#59a14f",
  environment: "#76b7b2",
  "user-message": "#edc948",
  "skill-injection": "#b07aa1",
  extension: "#ff9da7",
  history: "#9c755f",
  tools: "#bab0ac",
  unknown: "#e15759",
};

export { escapeHtml };

const fmt = (n: number | null): string => (n === null ? "–" : formatCount(n));

/** Body paths of system/instructions pieces and conversation items per dialect. */
const VIEW_PATHS: { [dialect: string]: { system: string; items: string; parts: string } } = {
  responses: { system: "instructions", items: "input", parts: "content" },
  "anthropic-messages": { system: "system", items: "messages", parts: "content" },
  "chat-completions": { system: "system", items: "messages", parts: "content" },
  gemini: { system: "systemInstruction.parts", items: "contents", parts: "parts" },
};

function viewPath(dialect: string, itemIndex: number, contentIndex: number): string {
  const p = VIEW_PATHS[dialect];
  if (!p) return itemIndex < 0 ? "body" : `[${itemIndex}]`;
  if (itemIndex < 0) return dialect === "responses" ? p.system : `${p.system}[${contentIndex}]`;
  return `${p.items}[${itemIndex}].${p.parts}[${contentIndex}]`;
}

/**
 * A section from any request body (a capture, a scenario turn, a logged session's next turn). With the
 * manifests of the compiles that produced it, pieces with the same bytes get their prose tag and sources.
 */
export function sectionFromView(
  view: RequestView,
  title: string,
  contextWindow: number,
  provenance?: Provenance,
  cwd = "",
): ReportSection {
  let standIn = false;
  const fragments = view.fragments.map((f): ReportFragment => {
    const origin = provenanceFor(provenance, f.text);
    const tag = origin ? proseTag(origin.prose) : undefined;
    if (origin?.prose === "stand-in") standIn = true;
    return {
      where: viewPath(view.dialect, f.itemIndex, f.contentIndex),
      id: f.id,
      ...(tag !== undefined ? { tag } : {}),
      layer: f.layer,
      role: f.role,
      itemIndex: f.itemIndex,
      contentIndex: f.contentIndex,
      tokens: f.tokens,
      bytes: f.bytes,
      text: f.text,
      sources: origin ? sourceParts(origin, cwd) : [],
      flagged: !f.known,
      ...(f.known ? {} : { note: "not recognised; shown raw" }),
      ...(f.cache !== undefined ? { cache: f.cache } : {}),
    };
  });
  return {
    title,
    contextWindow,
    fragments,
    ...(standIn ? { note: STAND_IN_NOTE } : {}),
    tools: view.tools.map((t) => {
      const name = `${t.name}${t.cache !== undefined ? ` (cache breakpoint: ${t.cache})` : ""}`;
      return t.inInput === undefined
        ? { name, tokens: t.tokens, bytes: t.bytes }
        : { name: `${name} (in input[${t.inInput}])`, tokens: t.tokens, bytes: t.bytes, inInput: true };
    }),
    params: view.params,
    diagnostics: shownDiagnostics(view.diagnostics, cwd),
  };
}

/** Diagnostics as the terminal view shows them: files and the paths in messages relative to `cwd`. */
function shownDiagnostics(diagnostics: Diagnostic[], cwd: string): Diagnostic[] {
  if (cwd === "") return diagnostics;
  return diagnostics.map((d) => ({
    ...d,
    message: relativizePaths(d.message, cwd),
    ...(d.file !== undefined ? { file: relativeTo(cwd, d.file) } : {}),
  }));
}

/** `file:line:col: ` before a diagnostic's message, left out when the message already names the file. */
function diagnosticWhere(d: Diagnostic): string {
  if (!d.file || d.message.includes(d.file)) return "";
  return `${escapeHtml(d.file)}${d.place ? `:${d.place.line}:${d.place.column}` : ""}: `;
}

type Obj = { [key: string]: unknown };
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** A section from a compile result (for `preview --html`): manifest fragments with their text from the request. */
export function sectionFromCompile(
  compiled: { request: unknown; manifest: Manifest; diagnostics: Diagnostic[] },
  title: string,
  contextWindow: number,
  cwd = "",
): ReportSection {
  const req = isObj(compiled.request) ? compiled.request : {};
  const input = Array.isArray(req.input) ? req.input : [];
  const textAt = (i: number, j: number): string => {
    if (i < 0) return typeof req.instructions === "string" ? req.instructions : "";
    const item = input[i];
    const part = isObj(item) && Array.isArray(item.content) ? item.content[j] : undefined;
    return isObj(part) && typeof part.text === "string" ? part.text : JSON.stringify(part ?? item ?? null);
  };
  const fragments = compiled.manifest.fragments.map((f): ReportFragment => {
    // The skills list carries each SKILL.md's name and description only: fewer bytes kept is its design, not a cut.
    // It was cut when a skills/ diagnostic says so (descriptions capped or shortened, skills left out or unreadable).
    const listing = f.id === "skills";
    const cut = listing ? [] : f.sources.filter((s) => s.bytesKept < s.bytesIn);
    const flaggedByDiag = compiled.diagnostics.some(
      (d) =>
        (d.file !== undefined && f.sources.some((s) => s.path === d.file)) || (listing && d.rule.startsWith("skills/")),
    );
    const tag = proseTag(f.prose);
    const r: ReportFragment = {
      id: f.id,
      ...(tag !== undefined ? { tag } : {}),
      layer: f.layer,
      role: f.itemIndex < 0 ? "instructions" : String((input[f.itemIndex] as Obj | undefined)?.role ?? ""),
      itemIndex: f.itemIndex,
      contentIndex: f.contentIndex,
      tokens: f.tokens,
      bytes: f.bytes,
      text: textAt(f.itemIndex, f.contentIndex),
      sources: sourceParts(f, cwd),
      flagged: cut.length > 0 || flaggedByDiag,
    };
    if (cut.length > 0)
      r.note = `truncated: ${cut.map((s) => `${relativeTo(cwd, s.path)} kept ${fmt(s.bytesKept)} of ${fmt(s.bytesIn)} bytes`).join("; ")}`;
    return r;
  });
  const params = Object.keys(req)
    .filter((k) => k !== "input" && k !== "tools" && k !== "instructions")
    .map((key) => ({ key, json: JSON.stringify(req[key]) }));
  return {
    title,
    contextWindow,
    fragments,
    tools: compiled.manifest.tools.map((t) => ({ name: t.name, tokens: t.tokens, bytes: t.bytes })),
    params,
    diagnostics: shownDiagnostics(compiled.diagnostics, cwd),
    ...(compiled.manifest.fragments.some((f) => f.prose === "stand-in") ? { note: STAND_IN_NOTE } : {}),
  };
}

function layerTotals(s: ReportSection): { layer: string; tokens: number }[] {
  const totals = new Map<string, number>();
  for (const f of s.fragments) totals.set(f.layer, (totals.get(f.layer) ?? 0) + (f.tokens ?? 0));
  const toolTokens = s.tools.reduce((n, t) => n + (t.inInput ? 0 : (t.tokens ?? 0)), 0);
  if (toolTokens > 0) totals.set("tools", toolTokens);
  const order = Object.keys(LAYER_COLORS);
  return [...totals.entries()]
    .map(([layer, tokens]) => ({ layer, tokens }))
    .sort((a, b) => (order.indexOf(a.layer) + 1 || 99) - (order.indexOf(b.layer) + 1 || 99));
}

function renderBar(s: ReportSection): string {
  const totals = layerTotals(s);
  const used = totals.reduce((n, t) => n + t.tokens, 0);
  const window = Math.max(s.contextWindow, used, 1);
  const segs = totals
    .map((t) => {
      const pct = (100 * t.tokens) / window;
      const color = LAYER_COLORS[t.layer] ?? LAYER_COLORS.unknown;
      return `<div class="seg" data-layer="${escapeHtml(t.layer)}" data-tokens="${t.tokens}" style="width:${pct.toFixed(4)}%;background:${color}" title="${escapeHtml(t.layer)}: ${fmt(t.tokens)} tokens"></div>`;
    })
    .join("");
  const legend = totals
    .map(
      (t) =>
        `<li><span class="sw" style="background:${LAYER_COLORS[t.layer] ?? LAYER_COLORS.unknown}"></span>${escapeHtml(t.layer)} <b>${fmt(t.tokens)}</b> (${((100 * t.tokens) / window).toFixed(2)}%)</li>`,
    )
    .join("");
  // The same layers as shares of what is used: readable even when the request is a sliver of the window.
  const composition = totals
    .map(
      (t) =>
        `<div class="cseg" style="width:${((100 * t.tokens) / Math.max(used, 1)).toFixed(4)}%;background:${LAYER_COLORS[t.layer] ?? LAYER_COLORS.unknown}" title="${escapeHtml(t.layer)}: ${fmt(t.tokens)} tokens"></div>`,
    )
    .join("");
  return `<div class="bar" role="img" aria-label="${fmt(used)} of ${fmt(s.contextWindow)} tokens">${segs}</div>
<div class="bar composition" role="img" aria-label="composition of the ${fmt(used)} tokens used">${composition}</div>
<p class="used">${fmt(used)} of ${fmt(s.contextWindow)} tokens in the context window (${((100 * used) / window).toFixed(2)}%)</p>
<ul class="legend">${legend}</ul>`;
}

function renderFragment(f: ReportFragment): string {
  const where = f.where ?? (f.itemIndex < 0 ? "instructions" : `input[${f.itemIndex}].content[${f.contentIndex}]`);
  const color = LAYER_COLORS[f.layer] ?? LAYER_COLORS.unknown;
  const note = f.note ? `<p class="note">${escapeHtml(f.note)}</p>` : "";
  const sources =
    f.sources.length > 0
      ? `<ul class="sources">${f.sources.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>`
      : "";
  return `<details class="fragment${f.flagged ? " flagged" : ""}" data-id="${escapeHtml(f.id)}" data-tokens="${f.tokens ?? ""}">
<summary><span class="sw" style="background:${color}"></span><code>${escapeHtml(where)}</code> ${escapeHtml(f.role)} · <b>${escapeHtml(f.id)}</b>${f.tag !== undefined ? ` <span class="tag">${escapeHtml(f.tag)}</span>` : ""} · ${fmt(f.tokens)} tokens · ${fmt(f.bytes)} bytes${f.cache !== undefined ? ` · <span class="cache">cache breakpoint: ${escapeHtml(f.cache)}</span>` : ""}</summary>
${note}${sources}<pre>${escapeHtml(f.text)}</pre>
</details>`;
}

function renderSection(s: ReportSection, index: number): string {
  const diags = s.diagnostics.length
    ? `<ul class="diagnostics">${s.diagnostics.map((d) => `<li class="${escapeHtml(d.severity)}"><b>${escapeHtml(d.severity)}</b> <code>${escapeHtml(d.rule)}</code> ${diagnosticWhere(d)}${escapeHtml(d.message)}</li>`).join("")}</ul>`
    : "";
  const tools = s.tools.length
    ? `<table class="tools"><tr><th>tool</th><th>tokens</th><th>bytes</th></tr>${s.tools.map((t) => `<tr><td><code>${escapeHtml(t.name)}</code></td><td>${fmt(t.tokens)}</td><td>${fmt(t.bytes)}</td></tr>`).join("")}</table>`
    : "<p>no tools</p>";
  const params = s.params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.key)}</code></td><td><code>${escapeHtml(p.json.length > 300 ? p.json.slice(0, 300) + "…" : p.json)}</code></td></tr>`,
    )
    .join("");
  return `<section id="request-${index + 1}">
<h2>${escapeHtml(s.title)}</h2>
${renderBar(s)}
${diags}
<h3>Fragments (${s.fragments.length})</h3>
${s.note !== undefined ? `<p class="section-note">${escapeHtml(s.note)}</p>\n` : ""}<div class="fragments">${s.fragments.map(renderFragment).join("\n")}</div>
<h3>Tools (${s.tools.length})</h3>
${tools}
<h3>Parameters</h3>
<table class="params">${params}</table>
</section>`;
}

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}
h1{font-size:1.4em}h2{font-size:1.2em;border-bottom:1px solid #ccc;padding-bottom:.2em}
.bar{display:flex;height:28px;border:1px solid #888;background:#f3f3f3;border-radius:3px;overflow:hidden}
.seg,.cseg{height:100%;min-width:1px}.composition{height:12px;margin-top:4px}.used{margin:.3em 0;color:#555}
.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4em 1.2em}
.sw{display:inline-block;width:.9em;height:.9em;margin-right:.35em;vertical-align:-1px;border-radius:2px}
details.fragment{border:1px solid #ddd;border-radius:3px;margin:.25em 0;padding:.2em .5em}
details.flagged{border-color:#e15759;background:#fff4f4}
summary{cursor:pointer}pre{white-space:pre-wrap;word-break:break-word;background:#f8f8f8;padding:.5em;max-height:30em;overflow:auto}
.note{color:#b00;margin:.3em 0}.tag{color:#8a5a00}.section-note{color:#555}.cache{color:#2a7a2a}.diagnostics li.error{color:#b00}.diagnostics li.warning{color:#a60}
table{border-collapse:collapse}td code{word-break:break-all}.params td:first-child code{word-break:normal;white-space:nowrap}td,th{border:1px solid #ddd;padding:.15em .5em;text-align:left;vertical-align:top}`;

export function renderHtmlReport(model: ReportModel): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(model.title)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${escapeHtml(model.title)}</h1>
${model.sections.map(renderSection).join("\n")}
</body>
</html>
`;
}
