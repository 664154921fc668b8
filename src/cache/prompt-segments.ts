// A request seen as a provider's prefix cache sees it: tools, instructions, then each input item, as canonical text.
// Pure.
import type { ResponseItem } from "../model/items.js";
import type { ResponsesRequest } from "../model/request.js";
import { canonicalJson } from "../compile/canonical-json.js";
import { labelItem } from "./label-item.js";

export type SegmentKind = "tools" | "instructions" | "input";

export interface PromptSegment {
  kind: SegmentKind;
  /** Input item index for `input` segments; 0 otherwise. */
  index: number;
  /** Canonical JSON of the segment (tools array, instructions string, one item). */
  text: string;
  label: string;
}

/** Fields outside the prompt prefix; a change is reported but does not move the prefix. */
export const PARAMETER_FIELDS = [
  "tool_choice",
  "parallel_tool_calls",
  "reasoning",
  "store",
  "stream",
  "include",
  "service_tier",
  "text",
  "client_metadata",
] as const;

/** The subset of a request the cache model reads; parsed files may carry more or fewer fields. */
export type RequestLike = Partial<ResponsesRequest> & {
  input?: ResponseItem[];
  /**
   * Where the body marks cache breakpoints (Anthropic's `cache_control`), as segments: the tools, the
   * instructions, or an input item's index. Read only under a cache model that reuses up to breakpoints.
   */
  cacheBreakpoints?: readonly CacheBreakpoint[];
};

export type CacheBreakpoint = "tools" | "instructions" | number;

/** Whether segment `s` (buildPromptSegments) carries one of `marks`. */
export function isBreakpoint(s: PromptSegment, marks: readonly CacheBreakpoint[] | undefined): boolean {
  if (marks === undefined) return false;
  return s.kind === "input" ? marks.includes(s.index) : marks.includes(s.kind);
}

/**
 * Segments in the order a prefix cache consumes them. Tools and instructions precede the
 * conversation in every provider's rendering, so a change there invalidates all input after it.
 */
export function buildPromptSegments(request: RequestLike): PromptSegment[] {
  const segments: PromptSegment[] = [];
  const tools = request.tools ?? [];
  segments.push({
    kind: "tools",
    index: 0,
    text: canonicalJson(tools),
    label: `tools [${tools.map((t) => ("name" in t && typeof t.name === "string" ? t.name : t.type)).join(", ")}]`,
  });
  if (request.instructions !== undefined) {
    segments.push({ kind: "instructions", index: 0, text: canonicalJson(request.instructions), label: "instructions" });
  }
  (request.input ?? []).forEach((item, index) => {
    segments.push({ kind: "input", index, text: canonicalJson(item), label: labelItem(item) });
  });
  return segments;
}

/** The cache partition: requests only share cached prefixes within the same model and cache key. */
export function cachePartition(request: RequestLike): string {
  return canonicalJson([request.model ?? null, request.prompt_cache_key ?? null]);
}
