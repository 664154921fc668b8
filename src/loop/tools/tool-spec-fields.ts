// The model-visible half of a loop tool, taken from its declaration in src/profiles/promptc-tools.ts, so the
// schema the model sees and the one arguments are validated against are the same object. Pure.
import type { PromptcToolSpec } from "../../profiles/promptc-tools.js";
import type { ToolDefinition } from "../tool.js";

export function toolSpecFields(
  spec: PromptcToolSpec,
): Pick<ToolDefinition, "name" | "description" | "parameters" | "kind"> {
  return { name: spec.name, description: spec.description, parameters: spec.parameters, kind: spec.kind };
}
