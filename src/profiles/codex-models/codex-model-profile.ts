// The codex profile for one model: the base profile with the layout its catalogue entry decides (tool
// placement, developer texts and messages, request fields, window). Pure data in, data out.
import type { DeveloperSectionId, Profile, RequestField } from "../profile.js";
import { codexModelToolDeclarations } from "./codex-model-tools.js";
import type { CodexModelLayout } from "./codex-model-layout.js";

export function codexProfileForModel(base: Profile, layout: CodexModelLayout): Profile {
  const inputItem = layout.tools.placement === "input-item";
  const fields: RequestField[] = base.requestFields.filter((f) => f !== "text" && !(inputItem && f === "tools"));
  const at = fields.indexOf("prompt_cache_key");
  fields.splice(at + 1, 0, "text");
  const developerSections: DeveloperSectionId[] = [...base.developerSections.filter((s) => s !== "deferred-tools" && s !== "collaboration-mode"), ...layout.developerExtras];
  const request: Profile["request"] = { ...base.request, parallelToolCalls: layout.parallelToolCalls, reasoning: layout.reasoning };
  if (layout.verbosity !== undefined) request.text = { verbosity: layout.verbosity };
  else delete request.text;
  return {
    ...base,
    description: `${base.description}; model ${layout.slug} (${layout.origin === "catalogue" ? "catalogue layout" : "fallback layout"})`,
    requestFields: fields,
    developerSections,
    developerMessages: [...layout.developerMessages],
    skillsUsage: layout.skillsUsage,
    toolPlacement: layout.tools.placement,
    tools: (ctx) => codexModelToolDeclarations(layout, ctx.permissions),
    modelWindow: { tokens: layout.contextWindow, effectivePercent: layout.effectiveContextWindowPercent, ...(layout.maxContextWindow !== undefined ? { maxTokens: layout.maxContextWindow } : {}), source: layout.origin === "catalogue" ? "model catalogue" : "fallback" },
    request,
  };
}
