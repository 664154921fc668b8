// Developer texts a model's layout adds as whole prose (Codex 0.171.0: the deferred tool namespaces and the
// collaboration mode beside permissions; the multi-agent role and mode as messages of their own). Pure.
import { useProse, type RenderedFragment } from "./fragment.js";
import type { ProseSet } from "./prose-set.js";
import type { RenderProseOptions } from "./render-template.js";

export type ModelTextId = "deferred-tools" | "collaboration-mode" | "multi-agent-role" | "multi-agent-mode";

export function buildModelTextFragment(
  id: ModelTextId,
  prose: ProseSet,
  options: RenderProseOptions = {},
): RenderedFragment {
  const p = useProse(prose, id, {}, options);
  return {
    id,
    layer: "developer",
    text: p.text,
    sources: [],
    templates: [id],
    prose: p.entry?.origin ?? "stand-in",
    diagnostics: p.diagnostics,
  };
}
