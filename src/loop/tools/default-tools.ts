// The tools `promptc run` offers: shell, read_file, edit_file, update_plan, declared (name, description, schema,
// sandboxes) in src/profiles/promptc-tools.ts and implemented here. Does IO through them.
import type { FunctionToolSpec } from "../../model/request.js";
import type { SandboxMode } from "../../model/turn-context.js";
import type { Profile } from "../../profiles/profile.js";
import { promptcToolSpecs } from "../../profiles/promptc-tools.js";
import { toolSpecOf, type AnyTool } from "../tool.js";
import { createEditFileTool } from "./edit-file.js";
import { createReadFileTool } from "./read-file.js";
import { createShellTool, type ShellToolOptions } from "./shell.js";
import { createUpdatePlanTool } from "./update-plan.js";
import type { ToolSandbox } from "./sandbox/create-tool-sandbox.js";

export interface DefaultToolsOptions {
  shell?: ShellToolOptions;
  /** Held by every tool: shell commands confined, file tools bounded by real paths, outputs redacted of secrets. */
  sandbox?: ToolSandbox;
}

export function createDefaultTools(options: DefaultToolsOptions = {}): AnyTool[] {
  const sandbox = options.sandbox;
  const tools: AnyTool[] = [
    createShellTool({ ...options.shell, ...(sandbox ? { sandbox } : {}) }),
    createReadFileTool(),
    createEditFileTool(sandbox ? { sandbox } : {}),
    createUpdatePlanTool(),
  ];
  return sandbox ? tools.map((tool) => withRedaction(tool, sandbox)) : tools;
}

/** Known secret values never leave a tool, whichever tool printed them. */
function withRedaction(tool: AnyTool, sandbox: ToolSandbox): AnyTool {
  if (sandbox.redactor.size === 0) return tool;
  return {
    ...tool,
    async execute(args, context) {
      const result = await tool.execute(args, context);
      return { ...result, output: sandbox.redactor.redact(result.output) };
    },
  };
}

/** The tools `promptc run` executes under this sandbox: the promptc profile's declared list, in its order (by name). */
export function createSandboxTools(sandbox: SandboxMode, options: DefaultToolsOptions = {}): AnyTool[] {
  const tools = new Map(createDefaultTools(options).map((t) => [t.name, t]));
  return promptcToolSpecs(sandbox).map((spec) => {
    const tool = tools.get(spec.name);
    if (!tool) throw new Error(`no implementation for declared tool ${spec.name}`);
    return tool;
  });
}

/** The tool specs `promptc run` sends under this sandbox (sorted, write tools left out when read-only). */
export function defaultToolSpecs(sandbox: SandboxMode): FunctionToolSpec[] {
  return createSandboxTools(sandbox).map(toolSpecOf);
}

/**
 * The tools `promptc run` sends instead of the profile's own, or undefined when the profile already declares
 * what the loop runs (`tools.runByLoop`, promptc). The codex profile declares Codex's tools (exec_command, …),
 * which the loop cannot execute, so run keeps its own tools there and says so (CODEX_TOOLS_NOTICE).
 */
export function runToolOverride(profile: Profile<"envelopes">, sandbox: SandboxMode): FunctionToolSpec[] | undefined {
  return profile.tools.runByLoop ? undefined : defaultToolSpecs(sandbox);
}

export const CODEX_TOOLS_NOTICE =
  "note: --profile codex: run offers promptc's own tools (shell, read_file, edit_file, update_plan), not Codex's, so the request's tools differ from Codex's";
