// The `edit_file` tool: replace an exact string in a file, or create a file; does IO.
// Refuses to write in a read-only sandbox even if policy was bypassed (defence in depth).
import { readFile, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, resolve } from "node:path";
import { makeDirectories } from "../../host/make-directories.js";
import type { ToolDefinition } from "../tool.js";
import { PROMPTC_TOOLS } from "../../profiles/promptc-tools.js";
import { toolSpecFields } from "./tool-spec-fields.js";

export interface EditFileArgs {
  path: string;
  /** Text to replace; "" creates a new file with `new_string`. */
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

export function resolveToolPath(cwd: string, path: string): string {
  return isAbsolute(path) ? resolve(path) : resolve(cwd, path);
}

export function createEditFileTool(): ToolDefinition<EditFileArgs> {
  return {
    ...toolSpecFields(PROMPTC_TOOLS.edit_file),
    async execute(args, context) {
      if (context.sandbox === "read-only") return { output: "refused: the sandbox is read-only", success: false };
      const path = resolveToolPath(context.cwd, args.path);
      let current: string | undefined;
      try {
        current = await readFile(path, "utf8");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") return { output: `cannot read ${path}: ${(err as NodeJS.ErrnoException).code}`, success: false };
      }
      if (args.old_string === "") {
        if (current !== undefined) return { output: `${path} already exists; give old_string to edit it`, success: false };
        try {
          // Not mkdir's recursive option: under /proc it never returns (Node 20).
          makeDirectories(dirname(path));
          await writeFile(path, args.new_string, { flag: "wx" });
        } catch (err) {
          return { output: `cannot create ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, success: false };
        }
        return { output: `created ${path}`, success: true };
      }
      if (current === undefined) return { output: `${path} does not exist`, success: false };
      const count = current.split(args.old_string).length - 1;
      if (count === 0) return { output: `old_string not found in ${path}`, success: false };
      if (count > 1 && !args.replace_all) return { output: `old_string occurs ${count} times in ${path}; add context or set replace_all`, success: false };
      const next = args.replace_all ? current.split(args.old_string).join(args.new_string) : current.replace(args.old_string, () => args.new_string);
      await writeFile(path, next);
      return { output: `edited ${path} (${args.replace_all ? count : 1} replacement${count > 1 && args.replace_all ? "s" : ""})`, success: true };
    },
  };
}
