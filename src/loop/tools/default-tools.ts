// The tools `promptc run` offers by default: shell, read_file, edit_file, update_plan. Does IO through them.
import type { AnyTool } from "../tool.js";
import { createEditFileTool } from "./edit-file.js";
import { createReadFileTool } from "./read-file.js";
import { createShellTool, type ShellToolOptions } from "./shell.js";
import { createUpdatePlanTool } from "./update-plan.js";

export function createDefaultTools(options: { shell?: ShellToolOptions } = {}): AnyTool[] {
  return [createShellTool(options.shell), createReadFileTool(), createEditFileTool(), createUpdatePlanTool()];
}
