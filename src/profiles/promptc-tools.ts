// The tools promptc's own loop runs (`promptc run`), as the model sees them: name, description, JSON-schema
// parameters, what they do and which sandboxes offer them. The single definition: the promptc profile declares
// these and src/loop/tools/* execute them (their arguments are validated against these same schemas). Pure data.
import { SANDBOX_MODES, WRITABLE_SANDBOX_MODES } from "../model/permission-modes.js";
import type { JsonSchema } from "../model/request.js";
import type { PermissionsInfo, SandboxMode } from "../model/turn-context.js";
import type { DescribedToolDeclaration } from "./tool-declaration.js";

export type PromptcToolName = "shell" | "read_file" | "edit_file" | "update_plan";

export interface PromptcToolSpec {
  name: PromptcToolName;
  description: string;
  parameters: JsonSchema;
  /** What the tool can do to the world; the loop's approval policy decides per kind. */
  kind: "read" | "write" | "execute" | "plan";
  /** Sandboxes in which the tool is offered at all (write tools are not offered read-only). */
  sandboxes: readonly SandboxMode[];
}

const ALL_SANDBOXES: readonly SandboxMode[] = SANDBOX_MODES;
const WRITABLE_SANDBOXES: readonly SandboxMode[] = WRITABLE_SANDBOX_MODES;

export const READ_FILE_MAX_LINES = 2000;

export const PROMPTC_TOOLS: { readonly [name in PromptcToolName]: PromptcToolSpec } = {
  shell: {
    name: "shell",
    kind: "execute",
    sandboxes: ALL_SANDBOXES,
    description:
      "Run a program with arguments (an argv array, not a shell string) and return its exit code and combined output. " +
      'Use ["bash", "-lc", "<script>"] when you need pipes or redirection. Long output is shortened in the middle.',
    parameters: {
      type: "object",
      properties: {
        command: { type: "array", items: { type: "string" }, minItems: 1, description: "Program and arguments." },
        workdir: {
          type: "string",
          description: "Working directory; relative paths resolve against the session's directory.",
        },
        timeout_ms: { type: "integer", minimum: 1, description: "Kill the command after this many milliseconds." },
      },
      required: ["command"],
      additionalProperties: false,
    },
  },
  read_file: {
    name: "read_file",
    kind: "read",
    sandboxes: ALL_SANDBOXES,
    description: `Read lines of a text file, numbered from 1. At most ${READ_FILE_MAX_LINES} lines per call; use offset and limit to page.`,
    parameters: {
      type: "object",
      properties: {
        path: {
          type: "string",
          minLength: 1,
          description: "File path; relative paths resolve against the session's directory.",
        },
        offset: { type: "integer", minimum: 1, description: "First line to return (1-based)." },
        limit: { type: "integer", minimum: 1, maximum: READ_FILE_MAX_LINES, description: "Number of lines to return." },
      },
      required: ["path"],
      additionalProperties: false,
    },
  },
  edit_file: {
    name: "edit_file",
    kind: "write",
    sandboxes: WRITABLE_SANDBOXES,
    description:
      "Edit a file by replacing old_string with new_string. old_string must match exactly once unless replace_all is true. " +
      "With an empty old_string, create the file (it must not exist yet).",
    parameters: {
      type: "object",
      properties: {
        path: { type: "string", minLength: 1 },
        old_string: { type: "string" },
        new_string: { type: "string" },
        replace_all: { type: "boolean" },
      },
      required: ["path", "old_string", "new_string"],
      additionalProperties: false,
    },
  },
  update_plan: {
    name: "update_plan",
    kind: "plan",
    sandboxes: ALL_SANDBOXES,
    description:
      "Record the current plan as a list of short steps, each pending, in_progress or completed (at most one in_progress).",
    parameters: {
      type: "object",
      properties: {
        explanation: { type: "string" },
        plan: {
          type: "array",
          items: {
            type: "object",
            properties: {
              step: { type: "string", minLength: 1 },
              status: { enum: ["pending", "in_progress", "completed"] },
            },
            required: ["step", "status"],
            additionalProperties: false,
          },
        },
      },
      required: ["plan"],
      additionalProperties: false,
    },
  },
};

/** The specs offered in this sandbox, sorted by name (the promptc profile's tool order). */
export function promptcToolSpecs(sandbox: SandboxMode): PromptcToolSpec[] {
  return Object.values(PROMPTC_TOOLS)
    .filter((t) => t.sandboxes.includes(sandbox))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The promptc profile's tool list: exactly what promptc's loop runs in this sandbox. */
export function promptcToolDeclarations(permissions: PermissionsInfo): DescribedToolDeclaration[] {
  return promptcToolSpecs(permissions.sandbox).map((t) => ({
    type: "described",
    name: t.name,
    description: t.description,
    parameters: t.parameters,
  }));
}
