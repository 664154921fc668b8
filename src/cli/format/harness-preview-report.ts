// The human `promptc preview` report for a profile with its own body ("body" layout): one row per layer (where in
// the body, tokens, bytes, share of the window), the diagnostics, then each layer's text. Tokens are counted with
// the counter handed in, in the profile's encoding. Pure.
import type { Diagnostic } from "../../model/diagnostic.js";
import { formatCount } from "../../model/format-count.js";
import type { HarnessRequest } from "../../model/harness-request.js";
import type { TokenizerRules } from "../../profiles/profile.js";
import type { TokenCounter } from "../../tokens/count.js";
import { utf8Length } from "../../tokens/approx.js";
import { formatDiagnostic, relativeTo } from "./format-diagnostic.js";
import { renderBar } from "./preview-report.js";
import type { Style } from "./style.js";

export interface HarnessReportInput {
  request: HarnessRequest;
  displayName: string;
  /** The profile's encoding, and whether its counts are estimates (no published tokenizer for the model). */
  tokenizer: TokenizerRules;
  /** Counts each layer (e.g. createTokenCounter({ cache }): memoised, kept on disk). */
  counter: TokenCounter;
  contextWindow: number;
  cwd: string;
  diagnostics: Diagnostic[];
  style: Style;
  showText: boolean;
}

const num = formatCount;

/** Control characters from file contents reach the terminal as visible escapes (tab and newline stay). */
export function visibleControls(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
}

function row(cells: string[]): string {
  const [where, layer, id, tokens, bytes, bar] = cells as [string, string, string, string, string, string];
  return `${where.padEnd(30)} ${layer.padEnd(13)} ${id.padEnd(34)} ${tokens.padStart(8)} ${bytes.padStart(9)}  ${bar}`;
}

function share(tokens: number, window: number): string {
  const s = tokens / window;
  return `${renderBar(s)} ${s > 0 && s < 0.001 ? "<0.1%" : `${(s * 100).toFixed(1)}%`}`;
}

export function renderHarnessReport(input: HarnessReportInput): string {
  const { request, style, tokenizer } = input;
  const countTokens = (text: string) => input.counter.count(text, tokenizer.encoding);
  const tok = tokenizer.estimate
    ? `tokens ≈ ${tokenizer.encoding} (estimate: no published tokenizer)`
    : tokenizer.encoding;
  const out: string[] = [
    `${style.bold("promptc preview")} · profile ${request.profile} (${input.displayName} ${request.agentVersion}) · ${request.wire} · model ${request.model} · ${tok}`,
    style.dim(`cwd ${input.cwd} · ${request.endpoint} · context window ${num(input.contextWindow)} tokens`),
    "",
    style.bold(row(["where", "layer", "piece", "tokens", "bytes", "share of window"])),
  ];
  let totalTokens = 0;
  let totalBytes = 0;
  for (const l of request.layers) {
    const tokens = countTokens(l.text);
    const bytes = utf8Length(l.text);
    totalTokens += tokens;
    totalBytes += bytes;
    const tag = l.prose === "stand-in" ? " [stand-in prose]" : l.prose === "user-supplied" ? " [calibrated]" : "";
    out.push(
      row([l.where, l.layer, `${l.id}${tag}`, num(tokens), num(bytes), style.cyan(share(tokens, input.contextWindow))]),
    );
    for (const s of l.sources.filter((x) => x.path !== ""))
      out.push(
        style.dim(
          `${" ".repeat(31)}← ${relativeTo(input.cwd, s.path)}${s.bytesIn > 0 ? ` ${num(s.bytesKept)} of ${num(s.bytesIn)} B` : ""}`,
        ),
      );
  }
  const toolTokens = request.tools.reduce((a, t) => a + countTokens(t.json), 0);
  const toolBytes = request.tools.reduce((a, t) => a + utf8Length(t.json), 0);
  const toolsTag = request.tools.some((t) => t.prose === "stand-in") ? " [stand-in prose]" : "";
  out.push(
    row([
      "tools",
      "tools",
      `${request.tools.length} tools${toolsTag}`,
      num(toolTokens),
      num(toolBytes),
      style.cyan(share(toolTokens, input.contextWindow)),
    ]),
  );
  out.push(
    style.bold(
      row([
        "",
        "total",
        `request body ${num(utf8Length(request.bytes))} B`,
        num(totalTokens + toolTokens),
        num(totalBytes + toolBytes),
        share(totalTokens + toolTokens, input.contextWindow),
      ]),
    ),
    "",
  );
  if (request.layers.some((l) => l.prose === "stand-in")) {
    out.push(
      style.dim(
        `[stand-in prose]: promptc's own words where ${input.displayName} has fixed text; every data-derived byte is exact. \`promptc calibrate --agent ${request.profile}\` fills in your installed agent's own text.`,
      ),
      "",
    );
  }
  out.push(
    style.bold(input.diagnostics.length === 0 ? "diagnostics: none" : `diagnostics (${input.diagnostics.length})`),
  );
  for (const d of input.diagnostics) out.push(visibleControls(formatDiagnostic(d, style, input.cwd)));
  out.push("");
  if (input.showText)
    for (const l of request.layers) out.push(style.bold(`── ${l.where} · ${l.id} ──`), visibleControls(l.text), "");
  return out.join("\n") + "\n";
}
