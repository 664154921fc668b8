// The human report of a common-prefix comparison (promptc diff, capture --compare): counts, the first divergence
// with excerpts of both sides, why, and cache reuse. Pure.
import { explainPrefix, type CommonPrefixResult } from "../../cache/common-prefix.js";
import type { CacheModel } from "../../cache/cache-model.js";
import { buildPromptSegments, type RequestLike } from "../../cache/prompt-segments.js";
import { formatCount } from "../../model/format-count.js";

const n = formatCount;

/** Bytes of context shown either side of the first differing byte. */
const EXCERPT_BYTES = 40;

/** The canonical JSON around a byte offset of a segment, on one line, `▶` where the two requests part. */
function excerptAt(text: string, byteOffset: number): string {
  const bytes = new TextEncoder().encode(text);
  const at = Math.min(byteOffset, bytes.length);
  let start = Math.max(0, at - EXCERPT_BYTES);
  let end = Math.min(bytes.length, at + EXCERPT_BYTES);
  // Never cut inside a UTF-8 sequence.
  while (start > 0 && (bytes[start]! & 0xc0) === 0x80) start--;
  while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end++;
  const dec = new TextDecoder();
  return `${start > 0 ? "…" : ""}${dec.decode(bytes.subarray(start, at))}▶${dec.decode(bytes.subarray(at, end))}${end < bytes.length ? "…" : ""}`;
}

/** Both sides of the first divergence as excerpts of the diverging segment (tools, instructions or an item). */
export function divergenceExcerpts(
  r: CommonPrefixResult,
  a: RequestLike,
  b: RequestLike,
): { a: string; b: string } | undefined {
  const d = r.divergence;
  if (!d) return undefined;
  const find = (req: RequestLike) =>
    buildPromptSegments(req).find((s) => s.kind === d.segment && (s.kind !== "input" || s.index === d.itemIndex));
  const sa = find(a);
  const sb = find(b);
  if (!sa || !sb) return undefined;
  return { a: excerptAt(sa.text, d.segmentByteOffset), b: excerptAt(sb.text, d.segmentByteOffset) };
}

export function formatPrefixReport(
  r: CommonPrefixResult,
  a: string,
  b: string,
  model: CacheModel,
  excerpts?: { a: string; b: string },
): string[] {
  const lines = [
    `A: ${a}  ${n(r.itemsA)} items, ${n(r.tokensA)} tokens, ${n(r.bytesA)} bytes`,
    `B: ${b}  ${n(r.itemsB)} items, ${n(r.tokensB)} tokens, ${n(r.bytesB)} bytes`,
    `common prefix: ${n(r.commonItems)}/${n(r.itemsA)} items of A, ${n(r.commonTokens)} tokens, ${n(r.commonBytes)} bytes`,
  ];
  const d = r.divergence;
  if (!d) {
    lines.push(
      r.itemsB > r.itemsA || r.tokensB > r.tokensA
        ? `first divergence: none — B extends A by ${n(r.itemsB - r.itemsA)} item(s)`
        : "first divergence: none",
    );
  } else {
    const where = d.itemIndex !== undefined ? `input[${d.itemIndex}]` : d.segment;
    lines.push(
      `first divergence: ${where} at byte ${n(d.byteOffset)} (byte ${n(d.segmentByteOffset)} of the ${d.segment === "input" ? "item" : "field"})`,
    );
    if (d.labelA !== undefined) lines.push(`  A: ${d.labelA}${excerpts ? `  ${excerpts.a}` : ""}`);
    if (d.labelB !== undefined) lines.push(`  B: ${d.labelB}${excerpts ? `  ${excerpts.b}` : ""}`);
  }
  const why = explainPrefix(r);
  lines.push(`why: ${why.length ? why.join("\n     ") : "nothing changed in the cached part"}`);
  lines.push(
    `cache: ${n(r.reusableTokens)} tokens reusable, ${n(r.rebilledTokens)} re-billed (${model.reuse === "breakpoints" ? "up to a cache breakpoint of A, " : ""}prefix cache from ${n(model.minCacheableTokens)} tokens, blocks of ${n(model.blockTokens)})`,
  );
  return lines;
}
