// What a tool is to the loop: a JSON-schema-described function the model may call, with a kind for policy. Types only.
// Implementations live in tools/ (they do IO); the policy in policy/ reads only `kind` and the parsed arguments.
import type { JsonSchema, FunctionToolSpec } from "../model/request.js";
import type { SandboxMode } from "../model/turn-context.js";

/** What a tool can do to the world; policy decides per kind. */
export type ToolKind = "read" | "write" | "execute" | "plan";

export interface ToolContext {
  /** Aborted on cancellation or when the per-tool timeout fires; a tool must stop its work then. */
  signal: AbortSignal;
  cwd: string;
  sandbox: SandboxMode;
  callId: string;
  /** The per-call timeout in force (already clamped). */
  timeoutMs: number;
  /** A person approved running this call outside the sandbox (see ToolDecision). */
  escalated?: boolean;
}

export interface ToolResult {
  /** Text the model sees as the call's output. */
  output: string;
  success: boolean;
}

/**
 * A tool. Contract: `execute` receives arguments already validated against `parameters`; it reports
 * failures as `{ success: false }` results and throws only for programmer errors.
 */
export interface ToolDefinition<Args = unknown> {
  name: string;
  description: string;
  parameters: JsonSchema;
  kind: ToolKind;
  execute(args: Args, context: ToolContext): Promise<ToolResult>;
}

// Tool collections are heterogeneous; each tool validates its own argument type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any>;

export function toolSpecOf(tool: AnyTool): FunctionToolSpec {
  return {
    type: "function",
    name: tool.name,
    description: tool.description,
    strict: false,
    parameters: tool.parameters,
  };
}
