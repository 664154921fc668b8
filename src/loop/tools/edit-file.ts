// The `edit_file` tool: replace an exact string in a file, or create a file; does IO.
// A write lands where the path really leads: every symlink resolved (dangling ones refused), checked against the
// writable roots, written through a descriptor opened without following a last symlink and checked again once open.
import { closeSync, constants, fstatSync, openSync, readFileSync, ftruncateSync, unlinkSync, writeSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { makeDirectories } from "../../host/make-directories.js";
import type { ToolContext, ToolDefinition, ToolResult } from "../tool.js";
import { PROMPTC_TOOLS } from "../../profiles/promptc-tools.js";
import { toolSpecFields } from "./tool-spec-fields.js";
import type { ToolSandbox } from "./sandbox/create-tool-sandbox.js";
import { realPathOfDescriptor, realRoots, resolveRealTarget, writeRefusal } from "./sandbox/real-paths.js";

export interface EditFileArgs {
  path: string;
  /** Text to replace; "" creates a new file with `new_string`. */
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

export interface EditFileToolOptions {
  /** The sandbox whose writable roots bound every write (`promptc run` always passes one). */
  sandbox?: ToolSandbox;
}

export function resolveToolPath(cwd: string, path: string): string {
  return isAbsolute(path) ? resolve(path) : resolve(cwd, path);
}

export function createEditFileTool(options: EditFileToolOptions = {}): ToolDefinition<EditFileArgs> {
  return {
    ...toolSpecFields(PROMPTC_TOOLS.edit_file),
    async execute(args, context) {
      if (context.sandbox === "read-only") return { output: "refused: the sandbox is read-only", success: false };
      const path = resolveToolPath(context.cwd, args.path);
      const target = resolveRealTarget(path);
      if (!target.ok) return { output: `refused: ${target.reason}`, success: false };
      const roots = boundingRoots(options.sandbox, context);
      const refusal = roots === undefined ? undefined : writeRefusal(target.path, roots);
      if (refusal) return { output: `refused: ${refusal}`, success: false };
      const confined = (fd: number): string | undefined => {
        const real = realPathOfDescriptor(fd);
        if (roots === undefined) return undefined;
        return real === undefined ? `cannot tell where ${path} leads` : writeRefusal(real, roots);
      };
      return args.old_string === ""
        ? create(path, target.path, args.new_string, confined, roots)
        : edit(path, target.path, args, confined, roots !== undefined);
    },
  };
}

/** Real writable roots, or undefined when nothing bounds writes (danger-full-access, an approved escalation, no sandbox). */
function boundingRoots(sandbox: ToolSandbox | undefined, context: ToolContext): string[] | undefined {
  if (!sandbox || context.escalated || context.sandbox !== "workspace-write") return undefined;
  return realRoots(sandbox.policy.writableRoots);
}

function create(
  shown: string,
  real: string,
  text: string,
  confined: (fd: number) => string | undefined,
  roots: string[] | undefined,
): ToolResult {
  try {
    // Not mkdir's recursive option: under /proc it never returns (Node 20).
    makeDirectories(dirname(real));
  } catch (err) {
    return { output: `cannot create ${shown}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, success: false };
  }
  // The folders made must still lead inside the roots (a folder swapped for a symlink meanwhile does not).
  const again = resolveRealTarget(real);
  if (!again.ok || (roots !== undefined && writeRefusal(again.path, roots)))
    return { output: `refused: ${shown} no longer leads inside the writable roots`, success: false };
  let fd: number;
  try {
    // O_EXCL also fails on any symlink in the last place, dangling or not.
    fd = openSync(again.path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return { output: `${shown} already exists; give old_string to edit it`, success: false };
    return { output: `cannot create ${shown}: ${code ?? String(err)}`, success: false };
  }
  try {
    const why = confined(fd);
    if (why) {
      // Made by this call in the wrong place: take it back.
      const at = realPathOfDescriptor(fd);
      if (at) unlinkSync(at);
      return { output: `refused: ${why}`, success: false };
    }
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return { output: `created ${shown}`, success: true };
}

function edit(
  shown: string,
  real: string,
  args: EditFileArgs,
  confined: (fd: number) => string | undefined,
  bounded: boolean,
): ToolResult {
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDWR | constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      output: code === "ENOENT" ? `${shown} does not exist` : `cannot read ${shown}: ${code ?? String(err)}`,
      success: false,
    };
  }
  try {
    const why = confined(fd);
    if (why) return { output: `refused: ${why}`, success: false };
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { output: `${shown} is not a regular file`, success: false };
    // Another name for the same bytes may sit outside the roots.
    if (bounded && stat.nlink > 1)
      return {
        output: `refused: ${shown} has ${stat.nlink} hard links; one may be outside the writable roots`,
        success: false,
      };
    const current = readFileSync(fd, "utf8");
    const count = current.split(args.old_string).length - 1;
    if (count === 0) return { output: `old_string not found in ${shown}`, success: false };
    if (count > 1 && !args.replace_all)
      return { output: `old_string occurs ${count} times in ${shown}; add context or set replace_all`, success: false };
    const next = args.replace_all
      ? current.split(args.old_string).join(args.new_string)
      : current.replace(args.old_string, () => args.new_string);
    const bytes = Buffer.from(next, "utf8");
    ftruncateSync(fd, 0);
    writeSync(fd, bytes, 0, bytes.length, 0);
    return {
      output: `edited ${shown} (${args.replace_all ? count : 1} replacement${count > 1 && args.replace_all ? "s" : ""})`,
      success: true,
    };
  } finally {
    closeSync(fd);
  }
}
