// The session report as one self-contained HTML page: SVG charts of tokens per request (cached, re-billed and new
// input stacked, output beside), the cache-hit share, the layers of each request over time (changed layers marked)
// and compactions marked; then the request table with each miss's cause. Inline CSS and SVG only: no scripts, no
// external resource, every text escaped. Pure.
import { escapeHtml } from "../model/escape-html.js";
import { formatCount } from "../model/format-count.js";
import type { SessionReport } from "./session-report.js";

const W = 900;
const CHART_H = 220;
const PAD = 40;
const COLORS = { cached: "#4c9f70", rebilled: "#d1495b", fresh: "#edae49", output: "#30638e", compaction: "#6c4f9c" };

const e = escapeHtml;
const num = formatCount;

/** Stacked columns per request: cached, re-billed, the rest of the prompt; compactions as dashed lines. */
function tokensChart(r: SessionReport): string {
  const n = Math.max(1, r.requests.length);
  const max = Math.max(1, ...r.requests.map((q) => q.prompt + q.output));
  const slot = (W - 2 * PAD) / n;
  const bar = Math.max(2, slot * 0.7);
  const y = (t: number) => (CHART_H - PAD) * (t / max);
  const parts: string[] = [];
  r.requests.forEach((q, i) => {
    const x = PAD + i * slot + (slot - bar) / 2;
    const rebilled = q.miss?.rebilled ?? 0;
    const fresh = Math.max(0, q.prompt - q.cached - rebilled);
    let top = CHART_H - PAD;
    for (const [cls, t] of [
      ["cached", q.cached],
      ["rebilled", Math.min(rebilled, q.prompt - q.cached)],
      ["fresh", fresh],
      ["output", q.output],
    ] as const) {
      const h = y(t);
      top -= h;
      parts.push(
        `<rect class="${cls}" data-request="${q.n}" data-tokens="${t}" x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}" fill="${COLORS[cls]}"><title>#${q.n} ${cls}: ${num(t)} tokens</title></rect>`,
      );
    }
    parts.push(
      `<text x="${(x + bar / 2).toFixed(1)}" y="${CHART_H - PAD + 14}" font-size="10" text-anchor="middle">${q.n}</text>`,
    );
  });
  for (const c of r.compactions) {
    const x = PAD + c.afterRequest * slot;
    parts.push(
      `<line class="compaction" x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="10" y2="${CHART_H - PAD}" stroke="${COLORS.compaction}" stroke-dasharray="4 3" stroke-width="2"><title>compaction: ${e(c.dropped)}</title></line>`,
    );
  }
  parts.push(`<text x="${PAD}" y="12" font-size="11">max ${num(max)} tokens</text>`);
  return `<svg class="chart" id="tokens" viewBox="0 0 ${W} ${CHART_H}" width="${W}" height="${CHART_H}" role="img" aria-label="tokens per request">${parts.join("")}</svg>`;
}

/** The cache-hit share per request as a line. */
function hitChart(r: SessionReport): string {
  const n = Math.max(1, r.requests.length);
  const slot = (W - 2 * PAD) / n;
  const h = 120;
  const pts = r.requests.map(
    (q, i) => `${(PAD + i * slot + slot / 2).toFixed(1)},${(h - 20 - (h - 40) * q.hitShare).toFixed(1)}`,
  );
  const dots = r.requests
    .map(
      (q, i) =>
        `<circle cx="${(PAD + i * slot + slot / 2).toFixed(1)}" cy="${(h - 20 - (h - 40) * q.hitShare).toFixed(1)}" r="3" fill="${q.miss ? COLORS.rebilled : COLORS.cached}"><title>#${q.n}: ${Math.round(q.hitShare * 100)}% cached</title></circle>`,
    )
    .join("");
  return `<svg class="chart" id="hits" viewBox="0 0 ${W} ${h}" width="${W}" height="${h}" role="img" aria-label="cache-hit share"><polyline fill="none" stroke="#555" points="${pts.join(" ")}"/>${dots}<text x="${PAD}" y="12" font-size="11">cache-hit share (0–100%)</text></svg>`;
}

/** Each request's layers as a column of cells, changed layers marked: where the prefix broke, over time. */
function layersChart(r: SessionReport): string {
  const withLayers = r.requests.filter((q) => q.layers !== undefined);
  if (withLayers.length === 0) return "<p>The log does not record the requests' layers.</p>";
  const rows = Math.max(...withLayers.map((q) => q.layers!.length));
  const n = r.requests.length;
  const cw = Math.max(4, (W - 2 * PAD) / n);
  const ch = Math.max(2, Math.min(12, 400 / rows));
  const h = rows * ch + 30;
  const cells: string[] = [];
  r.requests.forEach((q, i) =>
    q.layers?.forEach((l, k) =>
      cells.push(
        `<rect class="layer${l.changed ? " changed" : ""}" x="${(PAD + i * cw).toFixed(1)}" y="${(10 + k * ch).toFixed(1)}" width="${(cw - 1).toFixed(1)}" height="${(ch - 0.5).toFixed(1)}" fill="${l.changed ? COLORS.rebilled : "#bbb"}"><title>#${q.n} ${e(l.name)}: ${e(l.label)}${l.changed ? " (changed or new)" : ""}</title></rect>`,
      ),
    ),
  );
  return `<svg class="chart" id="layers" viewBox="0 0 ${W} ${h}" width="${W}" height="${h}" role="img" aria-label="layers over time">${cells.join("")}</svg>`;
}

export function renderSessionHtml(r: SessionReport): string {
  const rows = r.requests
    .map(
      (q) =>
        `<tr${q.miss ? ' class="miss"' : ""}><td>${q.n}</td><td>${e(q.at ?? "")}</td><td>${e(q.kind)}</td><td>${e(q.model ?? "")}</td><td>${num(q.input)}</td><td>${num(q.cached)}</td><td>${num(q.cacheWrite)}</td><td>${num(q.output)}</td><td>${Math.round(q.hitShare * 100)}%</td><td>${q.miss ? `${num(q.miss.rebilled)} re-billed: ${e(q.miss.cause.message)}${q.miss.cause.layer ? ` <i>(first diverging layer: ${e(q.miss.cause.layer)})</i>` : ""}` : ""}</td></tr>`,
    )
    .join("\n");
  const comp = r.compactions.map((c) => `<li>after request ${c.afterRequest}: ${e(c.dropped)}</li>`).join("");
  const t = r.totals;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(`promptc sessions: ${r.file}`)}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right}td:last-child,th:last-child{text-align:left}tr.miss td{background:#fbeaec}.legend span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px;vertical-align:middle}</style>
</head><body>
<h1>${e(r.agent)} session ${e(r.sessionId ?? "")}</h1>
<p>${e(r.file)}${r.cwd ? ` · ${e(r.cwd)}` : ""}</p>
<p>Usage ${e(r.usageNote)}. Cache lifetime: ${e(r.cacheLifetime)}.</p>
<p><b>${num(t.requests)} requests</b> · input ${num(t.input)} · cached ${num(t.cached)} (${Math.round(t.hitShare * 100)}% of ${num(t.prompt)} prompt tokens) · cache writes ${num(t.cacheWrite)} · output ${num(t.output)} · re-billed ${num(t.rebilled)}${t.cost !== undefined ? ` · cost ${t.cost.toFixed(4)} ${e(r.currency ?? "")}` : ""}</p>
<h2>Tokens per request</h2>
<p class="legend"><span style="background:${COLORS.cached}"></span>cached<span style="background:${COLORS.rebilled}"></span>re-billed<span style="background:${COLORS.fresh}"></span>new input<span style="background:${COLORS.output}"></span>output<span style="background:${COLORS.compaction}"></span>compaction</p>
${tokensChart(r)}
<h2>Cached share</h2>
${hitChart(r)}
<h2>Layers over time</h2>
<p>Each column is a request, each row one of its layers in prompt order (instructions, tools, then each item or message); red: changed since the previous request, or new.</p>
${layersChart(r)}
${comp ? `<h2>Compactions</h2><ul>${comp}</ul>` : ""}
<h2>Requests</h2>
<table><tr><th>#</th><th>time</th><th>kind</th><th>model</th><th>input</th><th>cached</th><th>cache write</th><th>output</th><th>hit</th><th>miss</th></tr>
${rows}
</table>
${r.notes.map((n) => `<p>Note: ${e(n)}</p>`).join("")}
</body></html>
`;
}
