// Which tools a turn offers the model: decided from policy, sorted by name so the request prefix stays cacheable. Pure.
import type { SandboxMode } from "../../model/turn-context.js";
import type { AnyTool } from "../tool.js";

export interface SelectToolsOptions {
  sandbox: SandboxMode;
  /** Tool names to leave out whatever the policy says. */
  disabled?: readonly string[];
}

export function selectTools<T extends Pick<AnyTool, "name" | "kind">>(
  tools: readonly T[],
  options: SelectToolsOptions,
): T[] {
  const disabled = new Set(options.disabled ?? []);
  return tools
    .filter((t) => !disabled.has(t.name))
    .filter((t) => !(options.sandbox === "read-only" && t.kind === "write"))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
