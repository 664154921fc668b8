// The codex profile for one model, as a ProfileVariant made from the layout its catalogue entry decides: tool
// placement, the developer texts beside permissions and the developer messages after them (custom sections),
// the skills usage trailer, request settings, wire fields and the model's window. Pure data in, data out.
import { buildModelTextFragment, type ModelTextId } from "../../fragments/model-text.js";
import type { CustomSection, Envelope, Profile, ProfileVariant, RequestField, ToolSet } from "../profile.js";
import type { ToolSpec } from "../../model/request.js";
import type { ToolDeclaration } from "../tool-declaration.js";
import { findCodexModel, type CodexCatalogue } from "./codex-catalogue.js";
import { codexModelLayout, type LayoutOverrides } from "./codex-model-layout.js";
import { applyProfileVariant } from "../profile-for-model.js";
import { codexModelToolDeclarations } from "./codex-model-tools.js";
import type { CodexModelLayout } from "./codex-model-layout.js";
import { withSessionMultiAgentTools, type MultiAgentToolSpecs } from "./multi-agent-tools.js";

function modelText(id: ModelTextId): CustomSection {
  return { id, build: ({ prose, renderOptions }) => buildModelTextFragment(id, prose, renderOptions) };
}

export function codexVariantForLayout(base: Profile<"envelopes">, layout: CodexModelLayout): ProfileVariant {
  const inputItem = layout.tools.placement === "input-item";
  const fields: RequestField[] = base.wire.fields.filter((f) => f !== "text" && !(inputItem && f === "tools"));
  fields.splice(fields.indexOf("prompt_cache_key") + 1, 0, "text");
  const envelopes: Envelope[] = [];
  for (const e of base.layout.envelopes) {
    const bundle = e.role === "developer" && e.sections.includes("permissions");
    envelopes.push(bundle ? { role: e.role, sections: [...e.sections, ...layout.developerExtras.map(modelText)] } : e);
    if (bundle)
      for (const id of layout.developerMessages) envelopes.push({ role: "developer", sections: [modelText(id)] });
  }
  const request: ProfileVariant["request"] = {
    parallelToolCalls: layout.parallelToolCalls,
    reasoning: layout.reasoning,
  };
  if (layout.verbosity !== undefined) request.text = { verbosity: layout.verbosity };
  // Without verbosity no `text` is sent: the wire fields leave it out.
  if (layout.verbosity === undefined) fields.splice(fields.indexOf("text"), 1);
  return {
    layout: { envelopes, toolPlacement: layout.tools.placement, skillsUsage: layout.skillsUsage },
    request,
    wire: { format: base.wire.format, fields },
    tools: { declare: (ctx) => codexModelToolDeclarations(layout, ctx.permissions) },
    ...(layout.compHash !== undefined ? { compactionFamily: layout.compHash } : {}),
    window: {
      tokens: layout.contextWindow,
      effectivePercent: layout.effectiveContextWindowPercent,
      ...(layout.maxContextWindow !== undefined ? { maxTokens: layout.maxContextWindow } : {}),
      source: layout.origin === "catalogue" ? "model catalogue" : "fallback",
    },
  };
}

export function codexProfileForModel(base: Profile<"envelopes">, layout: CodexModelLayout): Profile<"envelopes"> {
  const p = applyProfileVariant(base, codexVariantForLayout(base, layout));
  const { text: _unused, ...request } = p.request;
  // A model without verbosity sends no `text` even when the base had one.
  return {
    ...p,
    description: `${base.description}; model ${layout.slug} (${layout.origin} layout)`,
    request: layout.verbosity !== undefined ? p.request : request,
  };
}

/** What the codex profile knows at run time: the catalogue and, per slug, the calibrated tool lists. */
export interface CodexCatalogueProfileOptions {
  catalogue?: CodexCatalogue;
  overrides?: LayoutOverrides;
  /** A captured model's layout facts (capture route), used for that slug when the catalogue does not list it. */
  captured?: CodexModelLayout;
  /** The user's Codex's own tool lists for a slug (calibration), verbatim. */
  toolsFor?: (slug: string, inCatalogue: boolean) => { request?: unknown[]; inputItem?: unknown[] } | undefined;
  /** The multi-agent tools of each version as some calibrated family sent them (a session may keep another). */
  multiAgentTools?: MultiAgentToolSpecs;
}

/** Verbatim tools as declarations; the web search follows the turn's network like the declared one. */
function verbatimTools(tools: unknown[]): ToolSet["declare"] {
  return (ctx) =>
    tools.map((t): ToolDeclaration => {
      const spec = t as ToolSpec;
      const named = (spec as { name?: unknown }).name;
      const live =
        spec.type === "web_search" && "external_web_access" in spec
          ? { ...spec, external_web_access: ctx.permissions.sandbox === "danger-full-access" }
          : spec;
      return { type: "hosted", name: typeof named === "string" ? named : spec.type, spec: live };
    });
}

/** The codex profile whose per-model variants come from the catalogue (and calibration) known at run time. */
export function codexProfileWithCatalogue(
  base: Profile<"envelopes">,
  options: CodexCatalogueProfileOptions,
): Profile<"envelopes"> {
  const cache = new Map<string, ProfileVariant>();
  const models = (slug: string): ProfileVariant => {
    const hit = cache.get(slug);
    if (hit) return hit;
    const entry = options.catalogue ? findCodexModel(options.catalogue, slug) : undefined;
    const layout =
      !entry && options.captured?.slug === slug ? options.captured : codexModelLayout(slug, entry, options.overrides);
    const v = codexVariantForLayout(base, layout);
    const lists = options.toolsFor?.(slug, entry !== undefined);
    const list = layout.tools.placement === "input-item" ? lists?.inputItem : lists?.request;
    if (list !== undefined)
      v.tools = {
        ...v.tools,
        declare: verbatimTools(withSessionMultiAgentTools(list, layout, options.multiAgentTools ?? {})),
      };
    cache.set(slug, v);
    return v;
  };
  return { ...base, models };
}
