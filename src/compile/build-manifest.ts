// Stage 5 of compile: the manifest — per fragment its place, sources, bytes, exact and approximate tokens,
// templates, prose origin and hash; per tool its cost; totals and fingerprint. Pure.
import type { Fingerprint, Manifest, ManifestFragment, ManifestTool } from "../model/manifest.js";
import type { ToolSpec } from "../model/request.js";
import { approxTokensFromBytes, utf8Length } from "../tokens/approx.js";
import { countTokens, type CountTokens } from "../tokens/count.js";
import type { Profile } from "../profiles/profile.js";
import { toolName } from "../profiles/tool-declaration.js";
import type { FragmentPlacementRecord } from "./assemble.js";
import { hashText } from "./hash.js";

export interface ManifestInput {
  profile: Profile<"envelopes">;
  model: string;
  placements: FragmentPlacementRecord[];
  tools: ToolSpec[];
  toolsProse: ManifestTool["prose"];
  requestBytes: number;
  items: number;
  fingerprint: Fingerprint;
  exactTokens: boolean;
  /** Exact counts; default: countTokens, uncached. */
  countTokens?: CountTokens;
}

function sum(values: (number | null)[]): number | null {
  let total = 0;
  for (const v of values) {
    if (v === null) return null;
    total += v;
  }
  return total;
}

export function buildManifest(input: ManifestInput): Manifest {
  const exact = input.countTokens ?? ((text: string) => countTokens(text));
  const count = (text: string) => (input.exactTokens ? exact(text) : null);
  // Hashes are taken when first read, as the fingerprint's are (see fingerprint.ts).
  const fragments: ManifestFragment[] = input.placements.map(({ fragment: f, itemIndex, contentIndex }) => {
    const bytes = utf8Length(f.text);
    const text = f.text;
    let hash: string | undefined;
    return {
      id: f.id,
      layer: f.layer,
      itemIndex,
      contentIndex,
      sources: f.sources,
      bytes,
      tokens: count(f.text),
      approxTokens: approxTokensFromBytes(bytes),
      templates: f.templates,
      prose: f.prose,
      get hash() {
        return (hash ??= hashText(text));
      },
    };
  });
  const tools: ManifestTool[] = input.tools.map((t) => {
    const json = JSON.stringify(t);
    const bytes = utf8Length(json);
    const prose = t.type === "function" || t.type === "namespace" ? input.toolsProse : "data";
    let hash: string | undefined;
    return {
      name: toolName(t),
      bytes,
      tokens: count(json),
      approxTokens: approxTokensFromBytes(bytes),
      prose,
      get hash() {
        return (hash ??= hashText(json));
      },
    };
  });
  return {
    profile: input.profile.id,
    model: input.model,
    encoding: "o200k_base",
    fragments,
    tools,
    totals: {
      requestBytes: input.requestBytes,
      fragmentBytes: fragments.reduce((s, f) => s + f.bytes, 0),
      fragmentTokens: sum(fragments.map((f) => f.tokens)),
      fragmentApproxTokens: fragments.reduce((s, f) => s + f.approxTokens, 0),
      toolBytes: tools.reduce((s, t) => s + t.bytes, 0),
      toolTokens: sum(tools.map((t) => t.tokens)),
      items: input.items,
    },
    fingerprint: input.fingerprint,
  };
}
