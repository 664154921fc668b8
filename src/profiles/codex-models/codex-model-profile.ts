// The codex profile for one model, as a ProfileVariant made from the layout its catalogue entry decides: tool
// placement, the developer texts beside permissions and the developer messages after them (custom sections),
// the skills usage trailer, request settings, wire fields and the model's window. Pure data in, data out.
import { buildModelTextFragment, type ModelTextId } from "../../fragments/model-text.js";
import type { CustomSection, Envelope, Profile, ProfileVariant, RequestField } from "../profile.js";
import { applyProfileVariant } from "../profile-for-model.js";
import { codexModelToolDeclarations } from "./codex-model-tools.js";
import type { CodexModelLayout } from "./codex-model-layout.js";

function modelText(id: ModelTextId): CustomSection {
  return { id, build: ({ prose, renderOptions }) => buildModelTextFragment(id, prose, renderOptions) };
}

export function codexVariantForLayout(base: Profile, layout: CodexModelLayout): ProfileVariant {
  const inputItem = layout.tools.placement === "input-item";
  const fields: RequestField[] = base.wire.fields.filter((f) => f !== "text" && !(inputItem && f === "tools"));
  fields.splice(fields.indexOf("prompt_cache_key") + 1, 0, "text");
  const envelopes: Envelope[] = [];
  for (const e of base.layout.envelopes) {
    const bundle = e.role === "developer" && e.sections.includes("permissions");
    envelopes.push(bundle ? { role: e.role, sections: [...e.sections, ...layout.developerExtras.map(modelText)] } : e);
    if (bundle) for (const id of layout.developerMessages) envelopes.push({ role: "developer", sections: [modelText(id)] });
  }
  const request: ProfileVariant["request"] = { parallelToolCalls: layout.parallelToolCalls, reasoning: layout.reasoning };
  if (layout.verbosity !== undefined) request.text = { verbosity: layout.verbosity };
  return {
    layout: { envelopes, toolPlacement: layout.tools.placement, skillsUsage: layout.skillsUsage },
    request,
    wire: { format: base.wire.format, fields },
    tools: { declare: (ctx) => codexModelToolDeclarations(layout, ctx.permissions) },
    window: {
      tokens: layout.contextWindow,
      effectivePercent: layout.effectiveContextWindowPercent,
      ...(layout.maxContextWindow !== undefined ? { maxTokens: layout.maxContextWindow } : {}),
      source: layout.origin === "catalogue" ? "model catalogue" : "fallback",
    },
  };
}

export function codexProfileForModel(base: Profile, layout: CodexModelLayout): Profile {
  const p = applyProfileVariant(base, codexVariantForLayout(base, layout));
  const { text: _unused, ...request } = p.request;
  // A model without verbosity sends no `text` even when the base had one.
  return { ...p, description: `${base.description}; model ${layout.slug} (${layout.origin} layout)`, request: layout.verbosity !== undefined ? p.request : request };
}
