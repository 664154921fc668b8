// The snapshot of a compiled scenario: turn-N.request.json files, layout.txt, and the prefix-invariant
// findings (request N's input a prefix of N+1's; instructions, tools and prompt_cache_key unchanged), with cache use
// simulated under the cache model of the provider the requests are posted to. Pure.
import { commonPrefix, explainPrefix, type CommonPrefixResult } from "../cache/common-prefix.js";
import { simulateCache, type SimulateCacheResult } from "../cache/simulate-cache.js";
import { mapJsonStrings, scrubPaths, type PathRoot } from "../model/portable-paths.js";
import { cacheModelFor, type CacheModel } from "../cache/cache-model.js";
import type { CountTokens } from "../tokens/count.js";
import type { ScenarioRequest } from "./scenario-request.js";
import { renderScenarioLayout } from "./render-scenario-layout.js";
import type { Scenario } from "./scenario.js";

export interface InvariantFinding {
  /** The later turn of the pair (1-based). */
  turn: number;
  rule: "prefix/broken" | "prefix/expected-break";
  message: string;
}

export interface ScenarioSnapshot {
  /** Relative file name (inside snapshots/<scenario>/) → content. */
  files: { [name: string]: string };
  /** The provider cache model the cache use was simulated under (the one the scenario's wire format is posted to). */
  cacheModel: CacheModel;
  prefixes: CommonPrefixResult[];
  cache: SimulateCacheResult;
  findings: InvariantFinding[];
}

/**
 * The request as stored in a snapshot: the exact body (profile key order), two-space indented, with the machine
 * paths in `roots` as placeholders in every string (before JSON escapes them).
 */
export function requestSnapshotText(bytes: string, roots: readonly PathRoot[] = []): string {
  const body: unknown = JSON.parse(bytes);
  return `${JSON.stringify(roots.length > 0 ? mapJsonStrings(body, (t) => scrubPaths(t, roots)) : body, null, 2)}\n`;
}

/**
 * A pair keeps the invariant when b's prompt extends a's (same tools, instructions, input prefix) and the
 * cache key is the same; a model switch is allowed (it moves the cache partition, not the prefix).
 */
export function keepsPrefix(p: CommonPrefixResult): boolean {
  return p.divergence === null && !p.partitionChanges.some((c) => c.field === "prompt_cache_key");
}

export function buildScenarioSnapshot(
  scenario: Scenario,
  turns: readonly ScenarioRequest[],
  options: {
    countTokens?: CountTokens;
    cacheModel?: CacheModel;
    /** Machine paths written as placeholders (model/portable-paths.ts); none for a scenario on virtual `files`. */
    roots?: readonly PathRoot[];
  } = {},
): ScenarioSnapshot {
  const tokenOptions = options.countTokens ? { countTokens: options.countTokens } : {};
  const cacheModel = options.cacheModel ?? cacheModelFor(turns[0]?.wire ?? "openai-responses");
  const prefixes: CommonPrefixResult[] = [];
  const findings: InvariantFinding[] = [];
  for (let i = 1; i < turns.length; i++) {
    const p = commonPrefix(turns[i - 1]!.request, turns[i]!.request, tokenOptions);
    prefixes.push(p);
    const expectedBreak = scenario.turns[i]?.breaksCache === true;
    const kept = keepsPrefix(p);
    if (!kept && !expectedBreak) {
      findings.push({
        turn: i + 1,
        rule: "prefix/broken",
        message: `turn ${i + 1} does not extend turn ${i}: ${explainPrefix(p).join("; ")}`,
      });
    } else if (kept && expectedBreak) {
      findings.push({
        turn: i + 1,
        rule: "prefix/expected-break",
        message: `turn ${i + 1} is marked breaksCache but extends turn ${i}`,
      });
    }
  }
  const cache = simulateCache(
    turns.map((t) => t.request),
    { ...tokenOptions, cacheModel },
  );
  // Counts are of the real bytes; only the text written is made portable.
  const portable = (text: string) => scrubPaths(text, options.roots ?? []);
  const files: { [name: string]: string } = {};
  for (const t of turns) files[`turn-${t.turn}.request.json`] = requestSnapshotText(t.bytes, options.roots ?? []);
  files["layout.txt"] = portable(renderScenarioLayout({ scenario, turns, prefixes, cache, portable }));
  return { files, cacheModel, prefixes, cache, findings };
}
