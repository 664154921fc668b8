// The tools `promptc run` offers by default: shell, read_file, edit_file, update_plan. Does IO through them.
import type { FunctionToolSpec } from "../../model/request.js";
import type { SandboxMode } from "../../model/turn-context.js";
import { selectTools } from "../policy/select-tools.js";
import { toolSpecOf, type AnyTool } from "../tool.js";
import { createEditFileTool } from "./edit-file.js";
import { createReadFileTool } from "./read-file.js";
import { createShellTool, type ShellToolOptions } from "./shell.js";
import { createUpdatePlanTool } from "./update-plan.js";

export function createDefaultTools(options: { shell?: ShellToolOptions } = {}): AnyTool[] {
  return [createShellTool(options.shell), createReadFileTool(), createEditFileTool(), createUpdatePlanTool()];
}

/** The tool specs `promptc run` sends under this sandbox (sorted, write tools left out when read-only). */
export function defaultToolSpecs(sandbox: SandboxMode): FunctionToolSpec[] {
  return selectTools(createDefaultTools(), { sandbox }).map(toolSpecOf);
}
