// Human-readable layer view of captured requests (per request: parameters, fragments with tokens and layers,
// tools, totals per layer). Pure (strings out).
import type { CapturedRequest } from "../../capture/captured-request.js";
import type { RequestView } from "../../capture/request-view.js";
import { formatDiagnostic } from "./format-diagnostic.js";
import type { Style } from "./style.js";
import { formatCount } from "../../model/format-count.js";

const n = formatCount;
const pad = (s: string, w: number): string => (s.length >= w ? s : s + " ".repeat(w - s.length));
const lpad = (s: string, w: number): string => (s.length >= w ? s : " ".repeat(w - s.length) + s);

function preview(text: string, width = 60): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > width ? one.slice(0, width - 1) + "…" : one;
}

/** Tokens per layer in order of first appearance, tools last (tools declared in input count as content). */
export function layerTotals(view: RequestView): [string, number][] {
  const totals = new Map<string, number>();
  for (const f of view.fragments) totals.set(f.layer, (totals.get(f.layer) ?? 0) + f.tokens);
  if (view.totals.toolTokens > 0) totals.set("tools", view.totals.toolTokens);
  return [...totals.entries()];
}

export function formatRequestView(
  req: CapturedRequest,
  view: RequestView | undefined,
  style: Style,
  contextWindow: number,
): string {
  const out: string[] = [];
  const size = `${n(req.body.length)} bytes${req.decoded ? "" : `, ${req.encoding} (not decoded)`}`;
  out.push(
    style.bold(`#${req.seq} ${req.method} ${req.url}`) +
      style.dim(`  → ${req.reply.kind} ${req.reply.status}  (${size})`),
  );
  for (const d of req.diagnostics) out.push("  " + formatDiagnostic(d, style));
  if (!view) return out.join("\n");
  for (const d of view.diagnostics) out.push("  " + formatDiagnostic(d, style));
  out.push(style.dim(`  ${view.dialect}; keys: ${view.keyOrder.join(", ")}`));
  // Token counts are o200k_base everywhere; other vendors' tokenizers give other numbers.
  if (view.dialect === "anthropic-messages" || view.dialect === "gemini")
    out.push(
      style.dim("  tokens: o200k_base counts, an estimate for this vendor's models (its own tokenizer differs)"),
    );
  for (const p of view.params) out.push(`  ${pad(p.key, 20)} ${preview(p.json, 90)}`);
  out.push("");
  // Columns as wide as their longest value (`additional_tools`, `developer-section:collaboration_mode`), never narrower.
  const width = (min: number, values: string[]): number => Math.max(min, ...values.map((v) => v.length));
  const wRole = width(
    10,
    view.fragments.map((f) => f.role),
  );
  const wLayer = width(
    17,
    view.fragments.map((f) => f.layer),
  );
  const wId = width(
    28,
    view.fragments.map((f) => f.id),
  );
  out.push(
    style.dim(
      `  ${pad("where", 8)} ${pad("role", wRole)} ${pad("layer", wLayer)} ${pad("fragment", wId)} ${lpad("tokens", 8)} ${lpad("bytes", 9)}  text`,
    ),
  );
  for (const f of view.fragments) {
    const where =
      f.itemIndex < 0
        ? view.dialect === "responses"
          ? "instr"
          : `sys.${f.contentIndex}`
        : `${f.itemIndex}.${f.contentIndex}`;
    const id = pad(f.id, wId);
    const cache = f.cache !== undefined ? style.green(` [cache: ${f.cache}]`) : "";
    out.push(
      `  ${pad(where, 8)} ${pad(f.role, wRole)} ${pad(f.layer, wLayer)} ${f.known ? id : style.yellow(id)} ${lpad(n(f.tokens), 8)} ${lpad(n(f.bytes), 9)}  ${style.dim(preview(f.text))}${cache}`,
    );
  }
  const total = view.totals.fragmentTokens + view.totals.toolTokens;
  out.push("");
  out.push(
    `  tools (${view.tools.length}): ${view.tools.map((t) => `${t.name}${t.inInput !== undefined ? ` (in input[${t.inInput}])` : ""} ${n(t.tokens)}${t.cache !== undefined ? ` [cache: ${t.cache}]` : ""}`).join(", ") || "none"}`,
  );
  out.push(
    `  layers: ${layerTotals(view)
      .map(([layer, tokens]) => `${layer} ${n(tokens)}`)
      .join(", ")}`,
  );
  out.push(
    `  total: ${n(view.totals.fragmentTokens)} tokens in content + ${n(view.totals.toolTokens)} in tools = ${n(total)} (${((100 * total) / contextWindow).toFixed(1)}% of ${n(contextWindow)})`,
  );
  return out.join("\n");
}
