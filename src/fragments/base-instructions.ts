// The base instructions fragment: user-supplied text when given (frozen for the session), else the profile's
// `base-instructions` prose rendered with the turn's data. Pure.
import type { TurnContext } from "../model/turn-context.js";
import { utf8Length } from "../tokens/approx.js";
import { useProse, type RenderedFragment } from "./fragment.js";
import type { ProseSet } from "./prose-set.js";
import type { RenderProseOptions } from "./render-template.js";

export function buildBaseInstructionsFragment(
  ctx: TurnContext,
  prose: ProseSet,
  options: RenderProseOptions = {},
): RenderedFragment {
  if (ctx.baseInstructions) {
    const bytes = utf8Length(ctx.baseInstructions.text);
    return {
      id: "base-instructions",
      layer: "base-instructions",
      text: ctx.baseInstructions.text,
      sources: [{ path: ctx.baseInstructions.source, bytesIn: bytes, bytesKept: bytes }],
      templates: [],
      prose: "user-supplied",
      diagnostics: [],
    };
  }
  const r = useProse(prose, "base-instructions", { model: ctx.model, shell: ctx.environment.shell }, options);
  const sources =
    r.entry?.path !== undefined
      ? [{ path: r.entry.path, bytesIn: utf8Length(r.entry.source), bytesKept: utf8Length(r.text) }]
      : [];
  return {
    id: "base-instructions",
    layer: "base-instructions",
    text: r.text,
    sources,
    templates: ["base-instructions"],
    prose: r.entry?.origin ?? "data",
    diagnostics: r.diagnostics,
  };
}
