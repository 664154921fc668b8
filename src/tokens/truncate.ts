// Codex's middle truncation: keep a head and a tail of whole characters around a `…N tokens truncated…` marker.
// Pure. Budgets are UTF-8 bytes (a token budget is 4 bytes per token, as Codex estimates).
import { APPROX_BYTES_PER_TOKEN, approxTokensFromBytes, utf8Length } from "./approx.js";

/** A truncation budget: `tokens` (4 bytes each) or raw UTF-8 `bytes`. */
export type TruncationPolicy = { mode: "tokens"; limit: number } | { mode: "bytes"; limit: number };

export interface TruncateResult {
  text: string;
  truncated: boolean;
  originalBytes: number;
  /** UTF-8 bytes kept before and after the marker (0 when nothing was cut). */
  headBytes: number;
  tailBytes: number;
  /** The marker inserted (empty when nothing was cut). */
  marker: string;
}

/** Multiplier Codex applies to a tool-output policy when the output is recorded into history. */
export const HISTORY_TOOL_OUTPUT_ALLOWANCE = 1.2;

// UTF-8 length of one code point.
function codePointBytes(cp: number): number {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

export function policyBudgetBytes(policy: TruncationPolicy): number {
  const limit = Math.max(0, Math.floor(policy.limit));
  return policy.mode === "tokens" ? limit * APPROX_BYTES_PER_TOKEN : limit;
}

// Longest prefix of whole characters whose UTF-8 length is ≤ maxBytes: its UTF-16 end index and bytes.
function headCut(text: string, maxBytes: number): { index: number; bytes: number } {
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    const cp = text.codePointAt(index) ?? 0;
    const n = codePointBytes(cp);
    if (bytes + n > maxBytes) break;
    bytes += n;
    index += cp > 0xffff ? 2 : 1;
  }
  return { index, bytes };
}

// Longest suffix of whole characters whose UTF-8 length is ≤ maxBytes: its UTF-16 start index and bytes.
function tailCut(text: string, maxBytes: number): { index: number; bytes: number } {
  let bytes = 0;
  let index = text.length;
  while (index > 0) {
    const low = text.charCodeAt(index - 1);
    const pair = index >= 2 && low >= 0xdc00 && low <= 0xdfff && (text.charCodeAt(index - 2) & 0xfc00) === 0xd800;
    const start = pair ? index - 2 : index - 1;
    const n = codePointBytes(text.codePointAt(start) ?? 0);
    if (bytes + n > maxBytes) break;
    bytes += n;
    index = start;
  }
  return { index, bytes };
}

function countChars(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function unchanged(text: string, originalBytes: number): TruncateResult {
  return { text, truncated: false, originalBytes, headBytes: 0, tailBytes: 0, marker: "" };
}

/** Middle-truncate `text` to the policy's budget, with the kept byte counts. */
export function truncateMiddleDetailed(text: string, policy: TruncationPolicy): TruncateResult {
  const originalBytes = utf8Length(text);
  const budget = policyBudgetBytes(policy);
  if (originalBytes <= budget) return unchanged(text, originalBytes);
  if (budget === 0) {
    const marker =
      policy.mode === "tokens"
        ? `…${approxTokensFromBytes(originalBytes)} tokens truncated…`
        : `…${countChars(text)} chars truncated…`;
    return { text: marker, truncated: true, originalBytes, headBytes: 0, tailBytes: 0, marker };
  }
  const left = Math.floor(budget / 2);
  const right = budget - left;
  const head = headCut(text, left);
  const tail = tailCut(text, right);
  // head + tail ≤ budget < length, so they never overlap.
  const tailIndex = tail.index;
  const tailBytes = tail.bytes;
  const removed = text.slice(head.index, tailIndex);
  const marker =
    policy.mode === "tokens"
      ? `…${approxTokensFromBytes(originalBytes - budget)} tokens truncated…`
      : `…${countChars(removed)} chars truncated…`;
  return {
    text: text.slice(0, head.index) + marker + text.slice(tailIndex),
    truncated: true,
    originalBytes,
    headBytes: head.bytes,
    tailBytes,
    marker,
  };
}

/** Codex's `truncate_text`: the text unchanged when it fits, else head + marker + tail. */
export function truncateMiddle(text: string, policy: TruncationPolicy): string {
  return truncateMiddleDetailed(text, policy).text;
}

/** Line count as Rust's `str::lines` counts it: a trailing newline does not start a new line. */
export function countLines(text: string): number {
  if (text === "") return 0;
  const parts = text.split("\n");
  return text.endsWith("\n") ? parts.length - 1 : parts.length;
}

/** Exec/tool text: like `truncateMiddle`, prefixed with `Total output lines: N` when anything was cut. */
export function formattedTruncateText(text: string, policy: TruncationPolicy): string {
  const result = truncateMiddleDetailed(text, policy);
  return result.truncated ? `Total output lines: ${countLines(text)}\n\n${result.text}` : text;
}

/** The policy used when a tool output is recorded into history (Codex allows 20% more, rounded up). */
export function historyToolOutputPolicy(policy: TruncationPolicy): TruncationPolicy {
  return { mode: policy.mode, limit: Math.ceil(policy.limit * HISTORY_TOOL_OUTPUT_ALLOWANCE) };
}

export type OutputPart =
  | { type: "input_text"; text: string }
  | { type: "input_image"; image_url: string; detail?: "auto" | "low" | "high" | "original" };

/**
 * Multi-part tool output: text parts are charged in order; the first that does not fit is middle-truncated to
 * what is left, later text parts are omitted (images always kept) and an `[omitted N text items ...]` note added.
 */
export function truncateOutputParts<T extends OutputPart>(
  parts: readonly T[],
  policy: TruncationPolicy,
): (T | OutputPart)[] {
  const out: (T | OutputPart)[] = [];
  let remaining = policyBudgetBytes(policy);
  let omitted = 0;
  for (const part of parts) {
    if (part.type !== "input_text") {
      out.push(part);
      continue;
    }
    if (remaining === 0) {
      omitted++;
      continue;
    }
    const bytes = utf8Length(part.text);
    const cost = policy.mode === "tokens" ? approxTokensFromBytes(bytes) * APPROX_BYTES_PER_TOKEN : bytes;
    if (cost <= remaining) {
      out.push(part);
      remaining -= cost;
      continue;
    }
    const limit = policy.mode === "tokens" ? Math.floor(remaining / APPROX_BYTES_PER_TOKEN) : remaining;
    out.push({ ...part, text: truncateMiddle(part.text, { mode: policy.mode, limit }) });
    remaining = 0;
  }
  if (omitted > 0) out.push({ type: "input_text", text: `[omitted ${omitted} text items ...]` });
  return out;
}
