// commonPrefix(a, b): how much of request a's prompt request b reuses, and where and why they diverge. Pure.
import { canonicalJson } from "../compile/canonical-json.js";
import { cacheableTokens, OPENAI_CACHE_MODEL, type CacheModel } from "./cache-model.js";
import { commonTextPrefix, prefixBytes } from "./common-text-prefix.js";
import { classifyInputDivergence, describeToolChange, type Divergence, type DivergenceCause } from "./divergence.js";
import {
  buildPromptSegments,
  isBreakpoint,
  PARAMETER_FIELDS,
  type PromptSegment,
  type RequestLike,
} from "./prompt-segments.js";
import { createSegmentCounter, type CountTokens, type SegmentCounter } from "./segment-counter.js";
import { utf8Length } from "../tokens/index.js";

export interface PrefixOptions {
  /** Token counter for segment texts (default: exact o200k_base). */
  countTokens?: CountTokens;
  cacheModel?: CacheModel;
}

export interface ParameterChange {
  field: string;
  a: unknown;
  b: unknown;
}

export interface CommonPrefixResult {
  /** Same prompt and same parameters. */
  identical: boolean;
  /** b's prompt starts with all of a's prompt, in the same cache partition. */
  extendsPrefix: boolean;
  /** The cause that decides reuse: a partition change, else the prompt divergence, else a parameter change. */
  cause: DivergenceCause | null;
  commonItems: number;
  itemsA: number;
  itemsB: number;
  commonBytes: number;
  bytesA: number;
  bytesB: number;
  commonTokens: number;
  tokensA: number;
  tokensB: number;
  /** Tokens of b a prefix cache could serve from a (0 across partitions; floored to the cache model). */
  reusableTokens: number;
  /** Tokens of b billed at the full rate. */
  rebilledTokens: number;
  divergence: Divergence | null;
  partitionChanges: ParameterChange[];
  parameterChanges: ParameterChange[];
}

function segmentTokens(segments: PromptSegment[], counter: SegmentCounter): number {
  return segments.reduce((sum, s) => sum + counter.count(s.text), 0);
}

function segmentBytes(segments: PromptSegment[]): number {
  return segments.reduce((sum, s) => sum + utf8Length(s.text), 0);
}

function changes(a: RequestLike, b: RequestLike, fields: readonly string[]): ParameterChange[] {
  const ra = a as { [key: string]: unknown };
  const rb = b as { [key: string]: unknown };
  return fields
    .filter((f) => canonicalJson(ra[f] ?? null) !== canonicalJson(rb[f] ?? null))
    .map((f) => ({ field: f, a: ra[f] ?? null, b: rb[f] ?? null }));
}

function divergenceMessage(
  cause: DivergenceCause,
  sa: PromptSegment | undefined,
  sb: PromptSegment | undefined,
  count: number,
  a: RequestLike,
  b: RequestLike,
): string {
  switch (cause) {
    case "tools-changed":
      return describeToolChange(a.tools ?? [], b.tools ?? [], canonicalJson);
    case "instructions-changed":
      return sa && sb ? "instructions changed" : sb ? "instructions added" : "instructions removed";
    case "item-rewritten":
      return sa!.label === sb!.label
        ? `input[${sa!.index}] (${sa!.label}) rewritten in place`
        : `input[${sa!.index}] (${sa!.label}) replaced by ${sb!.label}`;
    case "item-inserted":
      return `${count} item(s) inserted before input[${sa!.index}] (${sa!.label}), which is not the end`;
    case "item-removed":
      return `${count} item(s) removed at input[${sa!.index}] (${sa!.label})`;
    case "history-truncated":
      return `b drops a's last ${count} item(s) from input[${sa!.index}] (${sa!.label})`;
    case "model-changed":
      return `model changed from ${String(a.model)} to ${String(b.model)}: no cache is shared across models`;
    case "prompt-cache-key-changed":
      return `prompt_cache_key changed from ${String(a.prompt_cache_key)} to ${String(b.prompt_cache_key)}`;
    case "parameter-changed":
      return "request parameters changed; the prompt itself is extended";
    default: {
      const never: never = cause;
      return String(never);
    }
  }
}

export function commonPrefix(a: RequestLike, b: RequestLike, options: PrefixOptions = {}): CommonPrefixResult {
  const counter = createSegmentCounter(options.countTokens);
  const model = options.cacheModel ?? OPENAI_CACHE_MODEL;
  const segA = buildPromptSegments(a);
  const segB = buildPromptSegments(b);
  let i = 0;
  while (i < segA.length && i < segB.length && segA[i]!.text === segB[i]!.text && segA[i]!.kind === segB[i]!.kind) i++;
  const common = segA.slice(0, i);
  let commonBytes = segmentBytes(common);
  let commonTokens = segmentTokens(common, counter);
  let divergence: Divergence | null = null;
  const sa = segA[i];
  const sb = segB[i];
  if (sa !== undefined) {
    const sameKind = sb !== undefined && sb.kind === sa.kind;
    const chars = sameKind ? commonTextPrefix(sa.text, sb.text) : 0;
    const segmentByteOffset = prefixBytes(sa.text, chars);
    if (sameKind && chars > 0) commonTokens += counter.countPrefix(sa.text, chars);
    let cause: DivergenceCause;
    let count = 1;
    if (sa.kind === "tools") cause = "tools-changed";
    else if (sa.kind === "instructions" || sb?.kind === "instructions") cause = "instructions-changed";
    else {
      const inA = segA.filter((s) => s.kind === "input");
      const inB = segB.filter((s) => s.kind === "input");
      const r = classifyInputDivergence(inA, inB, sa.index);
      cause = r.cause;
      count = r.count;
    }
    divergence = {
      cause,
      segment: sa.kind === "input" && sb?.kind === "instructions" ? "instructions" : sa.kind,
      ...(sa.kind === "input" ? { itemIndex: sa.index } : {}),
      byteOffset: commonBytes + segmentByteOffset,
      segmentByteOffset,
      labelA: sa.label,
      ...(sb ? { labelB: sb.label } : {}),
      message: divergenceMessage(cause, sa, sb, count, a, b),
    };
    commonBytes += segmentByteOffset;
  } else if (sb !== undefined && sb.kind === "instructions") {
    // a had no instructions and b adds them before its input: the input no longer lines up.
    divergence = {
      cause: "instructions-changed",
      segment: "instructions",
      byteOffset: commonBytes,
      segmentByteOffset: 0,
      labelB: sb.label,
      message: "instructions added",
    };
  }
  const partitionChanges = changes(a, b, ["model", "prompt_cache_key"]);
  const parameterChanges = changes(a, b, PARAMETER_FIELDS);
  const tokensA = segmentTokens(segA, counter);
  const tokensB = segmentTokens(segB, counter);
  const samePartition = partitionChanges.length === 0;
  // A breakpoint model serves only up to a's last cache breakpoint inside the common segments.
  const marked = common.map((seg) => isBreakpoint(seg, a.cacheBreakpoints)).lastIndexOf(true);
  const servable = model.reuse === "breakpoints" ? segmentTokens(common.slice(0, marked + 1), counter) : commonTokens;
  const reusableTokens = samePartition ? cacheableTokens(servable, model) : 0;
  let cause: DivergenceCause | null = divergence?.cause ?? (parameterChanges.length ? "parameter-changed" : null);
  if (partitionChanges.some((c) => c.field === "prompt_cache_key")) cause = "prompt-cache-key-changed";
  if (partitionChanges.some((c) => c.field === "model")) cause = "model-changed";
  return {
    identical:
      divergence === null &&
      segA.length === segB.length &&
      partitionChanges.length === 0 &&
      parameterChanges.length === 0,
    extendsPrefix: divergence === null && samePartition,
    cause,
    commonItems: common.filter((s) => s.kind === "input").length,
    itemsA: a.input?.length ?? 0,
    itemsB: b.input?.length ?? 0,
    commonBytes,
    bytesA: segmentBytes(segA),
    bytesB: segmentBytes(segB),
    commonTokens,
    tokensA,
    tokensB,
    reusableTokens,
    rebilledTokens: tokensB - reusableTokens,
    divergence,
    partitionChanges,
    parameterChanges,
  };
}

/** Human explanation lines for a result (used by `promptc diff` and the vitest matchers). */
export function explainPrefix(r: CommonPrefixResult): string[] {
  const lines: string[] = [];
  for (const c of r.partitionChanges) {
    lines.push(
      divergenceMessage(
        c.field === "model" ? "model-changed" : "prompt-cache-key-changed",
        undefined,
        undefined,
        0,
        { [c.field]: c.a },
        { [c.field]: c.b },
      ),
    );
  }
  if (r.divergence) lines.push(`${r.divergence.cause}: ${r.divergence.message} (byte ${r.divergence.byteOffset})`);
  for (const p of r.parameterChanges)
    lines.push(`parameter ${p.field} changed: ${canonicalJson(p.a)} -> ${canonicalJson(p.b)}`);
  return lines;
}
