// Why two requests' prompts diverge: the cause taxonomy and its classification. Pure.
import type { PromptSegment, SegmentKind } from "./prompt-segments.js";

export type DivergenceCause =
  | "model-changed"
  | "prompt-cache-key-changed"
  | "tools-changed"
  | "instructions-changed"
  | "item-rewritten"
  | "item-inserted"
  | "item-removed"
  | "history-truncated"
  | "parameter-changed";

export interface Divergence {
  cause: DivergenceCause;
  segment: SegmentKind | "request";
  /** Input item index where the prompts first differ (input divergences only). */
  itemIndex?: number;
  /** First differing byte, counted over the concatenated canonical segments. */
  byteOffset: number;
  /** First differing byte inside the divergent segment. */
  segmentByteOffset: number;
  labelA?: string;
  labelB?: string;
  /** One sentence saying what changed. */
  message: string;
}

interface ToolLike {
  name?: unknown;
  type?: unknown;
}

function toolName(tool: unknown): string {
  const t = tool as ToolLike;
  return typeof t.name === "string" ? t.name : String(t.type);
}

/** Names added, removed, changed or reordered between two tool lists. */
export function describeToolChange(a: unknown[], b: unknown[], canonical: (v: unknown) => string): string {
  const byName = (list: unknown[]) => new Map(list.map((t) => [toolName(t), canonical(t)]));
  const ma = byName(a);
  const mb = byName(b);
  const added = [...mb.keys()].filter((n) => !ma.has(n));
  const removed = [...ma.keys()].filter((n) => !mb.has(n));
  const changed = [...ma.keys()].filter((n) => mb.has(n) && mb.get(n) !== ma.get(n));
  const parts: string[] = [];
  if (added.length) parts.push(`added ${added.join(", ")}`);
  if (removed.length) parts.push(`removed ${removed.join(", ")}`);
  if (changed.length) parts.push(`changed ${changed.join(", ")}`);
  if (!parts.length) parts.push("reordered");
  return `tools changed: ${parts.join("; ")}`;
}

/** Length of the run where `a[from..]` reappears in `b` starting at `at`. */
function runLength(a: PromptSegment[], from: number, b: PromptSegment[], at: number): number {
  let n = 0;
  while (from + n < a.length && at + n < b.length && a[from + n]!.text === b[at + n]!.text) n++;
  return n;
}

/**
 * Classifies an input divergence at index `i` (positions in the input-only lists):
 * items inserted before a's tail, items removed, or an item rewritten in place.
 */
export function classifyInputDivergence(
  a: PromptSegment[],
  b: PromptSegment[],
  i: number,
): { cause: "item-inserted" | "item-removed" | "item-rewritten" | "history-truncated"; count: number } {
  if (i >= b.length) return { cause: "history-truncated", count: a.length - b.length };
  const tailA = a.length - i;
  // Inserted: a's whole remaining tail reappears later in b.
  for (let j = i + 1; j < b.length && tailA > 0; j++) {
    if (b[j]!.text === a[i]!.text && runLength(a, i, b, j) === tailA) return { cause: "item-inserted", count: j - i };
  }
  // Removed: b continues with a later part of a (to its end or to b's end).
  for (let k = i + 1; k < a.length; k++) {
    if (a[k]!.text === b[i]!.text) {
      const run = runLength(a, k, b, i);
      if (k + run === a.length || i + run === b.length) return { cause: "item-removed", count: k - i };
    }
  }
  return { cause: "item-rewritten", count: 1 };
}
