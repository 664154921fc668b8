// layout.txt for a compiled scenario: every request labelled item by item, long texts shortened, with the
// prefix check and simulated cache use per turn. Pure.
import type { ContentPart, ResponseItem } from "../model/items.js";
import type { CommonPrefixResult } from "../cache/common-prefix.js";
import { labelItem } from "../cache/label-item.js";
import type { SimulateCacheResult } from "../cache/simulate-cache.js";
import type { ScenarioRequest } from "./scenario-request.js";
import type { Scenario } from "./scenario.js";
import { formatCount } from "../model/format-count.js";
import { appendAll } from "../model/append-all.js";

/** Characters of a text kept on each side when a layout line is shortened. */
export const LAYOUT_EDGE_CHARS = 60;

export function shortenText(text: string, edge = LAYOUT_EDGE_CHARS): string {
  const oneLine = JSON.stringify(text).slice(1, -1);
  if (oneLine.length <= edge * 2 + 20) return oneLine;
  return `${oneLine.slice(0, edge)} …(${text.length} chars)… ${oneLine.slice(-edge)}`;
}

type Shorten = (text: string, edge?: number) => string;

function partText(p: ContentPart, shorten: Shorten): string {
  return p.type === "input_image" ? `[image ${shorten(p.image_url, 20)}]` : shorten(p.text);
}

function itemLines(item: ResponseItem, index: number, shorten: Shorten): string[] {
  const head = `${String(index).padStart(3, "0")} ${labelItem(item)}`;
  switch (item.type) {
    case "message":
      return item.content.length === 1
        ? [`${head}: ${partText(item.content[0]!, shorten)}`]
        : [head, ...item.content.map((p, k) => `      [${k}] ${partText(p, shorten)}`)];
    case "function_call":
      return [`${head}: ${shorten(item.arguments)}`];
    case "custom_tool_call":
      return [`${head}: ${shorten(item.input)}`];
    case "function_call_output":
    case "custom_tool_call_output":
      return [
        `${head}: ${typeof item.output === "string" ? shorten(item.output) : item.output.map((p) => partText(p, shorten)).join(" + ")}`,
      ];
    case "reasoning":
      return [`${head}: ${shorten(item.summary.map((s) => s.text).join(" "))}`];
    case "compaction":
    case "ghost_snapshot":
    case "web_search_call":
    case "additional_tools":
      return [head];
    default: {
      const never: never = item;
      return [`${head} ${String(never)}`];
    }
  }
}

export interface LayoutInput {
  scenario: Scenario;
  turns: readonly ScenarioRequest[];
  /** commonPrefix(turn N-1, turn N) for N ≥ 2, index 0 = turn 2. */
  prefixes: readonly CommonPrefixResult[];
  cache: SimulateCacheResult;
  /**
   * Applied to every text before it is shortened (machine paths as placeholders), so a cut never splits a path
   * and the character counts shown are the same in every checkout.
   */
  portable?: (text: string) => string;
}

const n = formatCount;

export function renderScenarioLayout({ scenario, turns, prefixes, cache, portable }: LayoutInput): string {
  const shorten: Shorten = (text, edge) => shortenText(portable ? portable(text) : text, edge);
  const out: string[] = [`scenario: ${scenario.name} (profile ${scenario.profile})`];
  if (scenario.description) out.push(`about: ${scenario.description}`);
  out.push(
    `cache: ${n(cache.cachedTokens)} of ${n(cache.inputTokens)} input tokens served from cache (${(cache.hitRatio * 100).toFixed(1)}%)`,
  );
  turns.forEach((t, i) => {
    const req = t.request;
    const input = req.input ?? [];
    const stats = cache.requests[i]!;
    out.push(
      "",
      `## turn ${t.turn}: ${input.length} items, ${n(stats.inputTokens)} tokens, ${n(stats.cachedTokens)} cached`,
    );
    out.push(
      `model ${req.model} · ${req.prompt_cache_key !== undefined ? `prompt_cache_key ${req.prompt_cache_key} · ` : ""}tools ${(req.tools ?? []).map((x) => ("name" in x ? String(x.name) : x.type)).join(", ")}`,
    );
    if (req.instructions !== undefined) out.push(`instructions: ${shorten(req.instructions)}`);
    let from = 0;
    const p = i > 0 ? prefixes[i - 1] : undefined;
    if (p) {
      if (p.divergence === null) {
        from = p.itemsA;
        out.push(`prefix: extends turn ${t.turn - 1} (items 000-${String(p.itemsA - 1).padStart(3, "0")} unchanged)`);
      } else {
        out.push(`prefix: BROKEN vs turn ${t.turn - 1}: ${p.divergence.cause}: ${p.divergence.message}`);
      }
      for (const c of p.partitionChanges) out.push(`changed: ${c.field} ${String(c.a)} -> ${String(c.b)}`);
    }
    const reasons = new Map(t.appended.map((a) => [a.index, a.reasons.filter((r) => r !== "turn").join(" + ")]));
    input.slice(from).forEach((item, k) => {
      const index = from + k;
      const lines = itemLines(item, index, shorten);
      const why = reasons.get(index);
      if (why && i > 0) lines[0] = `${lines[0]}   <- ${why}`;
      appendAll(out, lines);
    });
  });
  return `${out.join("\n")}\n`;
}

/**
 * The layout with its token counts masked: counts are of the real bytes, so they move with the length of the
 * checkout's path while the request files (compared exactly) stay the same. Comparison ignores them.
 */
export function maskLayoutCounts(layout: string): string {
  return layout
    .replace(
      /^cache: [\d,]+ of [\d,]+ input tokens served from cache \([\d.]+%\)$/gm,
      "cache: # of # input tokens (#%)",
    )
    .replace(/^(## turn \d+: \d+ items), [\d,]+ tokens, [\d,]+ cached$/gm, "$1, # tokens, # cached");
}
