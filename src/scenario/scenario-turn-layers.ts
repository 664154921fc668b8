// The layers of a compiled scenario turn with their text, for explaining a snapshot change: a harness body's own
// layers, or each manifest fragment found in the turn's request by its hash (later turns carry the first turn's
// context). Pure.
import { hashText } from "../compile/hash.js";
import type { WireLayer } from "../model/harness-request.js";
import type { ResponsesRequest } from "../model/request.js";
import type { Manifest } from "../model/manifest.js";
import { scrubPaths, type PathRoot } from "../model/portable-paths.js";
import { sourceName, type LayerSource, type TurnLayer } from "./explain-snapshot-change.js";

const layerSource = (path: string, roots: readonly PathRoot[]): LayerSource => ({
  path,
  name: sourceName(scrubPaths(path, roots)),
});

/** Every text of a request by its hash: the instructions and each message part. */
function textsByHash(request: ResponsesRequest): Map<string, string> {
  const texts = new Map<string, string>();
  if (request.instructions !== undefined) texts.set(hashText(request.instructions), request.instructions);
  for (const item of request.input)
    if (item.type === "message")
      for (const part of item.content) if (part.type !== "input_image") texts.set(hashText(part.text), part.text);
  return texts;
}

/** Layers of request `index` of a session whose turns' manifests are `manifests` (up to and including it). */
export function envelopeTurnLayers(
  manifests: readonly Manifest[],
  request: ResponsesRequest,
  roots: readonly PathRoot[],
): TurnLayer[] {
  const texts = textsByHash(request);
  const seen = new Set<string>();
  const layers: TurnLayer[] = [];
  for (const m of manifests)
    for (const f of m.fragments) {
      const text = texts.get(f.hash);
      if (text === undefined || seen.has(f.hash)) continue;
      seen.add(f.hash);
      layers.push({
        id: f.id,
        kind: f.layer,
        sources: f.sources.map((s) => layerSource(s.path, roots)),
        text,
        prose: f.prose,
      });
    }
  return layers;
}

/** A harness's own body's layers (Claude Code, Gemini CLI, pi, Copilot CLI) as turn layers, each text once. */
export function wireTurnLayers(layers: readonly WireLayer[], roots: readonly PathRoot[]): TurnLayer[] {
  const seen = new Set<string>();
  return layers
    .filter((l) => !seen.has(l.text) && seen.add(l.text))
    .map((l) => ({
      id: scrubPaths(l.id, roots),
      kind: l.layer,
      sources: l.sources.map((s) => layerSource(s.path, roots)),
      text: l.text,
      prose: l.prose,
    }));
}
