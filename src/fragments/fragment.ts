// RenderedFragment: one piece of model-visible text with its provenance, as fragments return it. Types +
// tiny pure helpers for looking prose up.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { FragmentLayer, ManifestSource, ProseOrigin } from "../model/manifest.js";
import type { ProseEntry, ProseSet } from "./prose-set.js";
import { renderProse, type RenderProseOptions } from "./render-template.js";

export interface RenderedFragment {
  id: string;
  layer: FragmentLayer;
  text: string;
  sources: ManifestSource[];
  /** Prose ids rendered into the text (empty for data-only fragments). */
  templates: string[];
  prose: ProseOrigin;
  diagnostics: Diagnostic[];
}

/**
 * The prose origin of a fragment built from several prose entries: stand-in wins over user-supplied over builtin,
 * since one stand-in sentence makes the fragment inexact however much of it is the user's prose.
 */
export function combineOrigins(origins: ProseOrigin[]): ProseOrigin {
  for (const o of ["stand-in", "user-supplied", "calibrated", "builtin"] as const) if (origins.includes(o)) return o;
  return "data";
}

export interface ProseUse {
  text: string;
  entry?: ProseEntry;
  diagnostics: Diagnostic[];
}

/** Render prose `id` from the set; a missing id is an error diagnostic and empty text. */
export function useProse(
  prose: ProseSet,
  id: string,
  data: { [name: string]: unknown },
  options?: RenderProseOptions,
): ProseUse {
  const entry = prose.entries[id];
  if (!entry) {
    return {
      text: "",
      diagnostics: [
        diagnostic("template/missing", "error", `profile ${prose.profile} has no prose for ${id}`, {
          data: { template: id },
        }),
      ],
    };
  }
  const r = renderProse(entry, data, options);
  return { text: r.text, entry, diagnostics: r.diagnostics };
}
