// A set of tools with their argument schemas compiled once by ajv; model arguments are validated before execution.
// A validation failure is a message for the model (it becomes the call's output), never an exception.
import { Ajv, type ValidateFunction, type ErrorObject } from "ajv";
import type { AnyTool } from "../tool.js";
import { oneLine } from "../../model/one-line.js";

export type ArgumentCheck = { ok: true; args: unknown } | { ok: false; message: string };

export interface ToolRegistry {
  readonly tools: readonly AnyTool[];
  get(name: string): AnyTool | undefined;
  /** Parses the JSON argument text and validates it against the tool's schema. */
  check(name: string, argumentsText: string): ArgumentCheck;
}

/** Arguments longer than this are refused before parsing. */
export const TOOL_ARGUMENTS_MAX_CHARS = 1024 * 1024;

export function createToolRegistry(tools: readonly AnyTool[]): ToolRegistry {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const byName = new Map<string, { tool: AnyTool; validate: ValidateFunction }>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new Error(`duplicate tool name ${tool.name}`);
    byName.set(tool.name, { tool, validate: ajv.compile(tool.parameters) });
  }
  return {
    tools,
    get: (name) => byName.get(name)?.tool,
    check(name, argumentsText) {
      const entry = byName.get(name);
      if (!entry) return { ok: false, message: `unknown tool "${name}"; available: ${[...byName.keys()].join(", ")}` };
      if (argumentsText.length > TOOL_ARGUMENTS_MAX_CHARS)
        return { ok: false, message: `arguments exceed ${TOOL_ARGUMENTS_MAX_CHARS} characters` };
      let args: unknown;
      try {
        args = argumentsText.trim() === "" ? {} : JSON.parse(argumentsText);
      } catch (err) {
        return {
          ok: false,
          message: `arguments are not valid JSON: ${oneLine(err instanceof Error ? err.message : String(err))}`,
        };
      }
      if (!entry.validate(args))
        return { ok: false, message: `invalid arguments for ${name}: ${formatErrors(entry.validate.errors ?? [])}` };
      return { ok: true, args };
    },
  };
}

function formatErrors(errors: readonly ErrorObject[]): string {
  return errors
    .map((e) => {
      const where = e.instancePath === "" ? "arguments" : e.instancePath;
      const extra =
        e.keyword === "additionalProperties"
          ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
          : "";
      return `${where} ${e.message ?? e.keyword}${extra}`;
    })
    .join("; ");
}
