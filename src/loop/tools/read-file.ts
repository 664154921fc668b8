// The `read_file` tool: a bounded range of lines from a text file, numbered; does IO.
// Bounded in every direction: lines per call, characters per line, bytes read from disk.
import { constants } from "node:fs";
import { open, realpath } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { readRefusal, realPathOfDescriptor } from "./sandbox/real-paths.js";
import type { ToolDefinition } from "../tool.js";
import { PROMPTC_TOOLS, READ_FILE_MAX_LINES } from "../../profiles/promptc-tools.js";
import { toolSpecFields } from "./tool-spec-fields.js";

export interface ReadFileArgs {
  path: string;
  /** 1-based first line. */
  offset?: number;
  limit?: number;
}

export { READ_FILE_MAX_LINES };
export const READ_FILE_MAX_LINE_CHARS = 500;
export const READ_FILE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Reads what the path really leads to (symlinks resolved), never a kernel interface of the host (/proc, /sys, /dev:
 * promptc's own /proc/self/environ holds the secrets its tools never get), checked again on the open descriptor.
 */
export function createReadFileTool(): ToolDefinition<ReadFileArgs> {
  return {
    ...toolSpecFields(PROMPTC_TOOLS.read_file),
    async execute(args, context) {
      const path = isAbsolute(args.path) ? args.path : resolve(context.cwd, args.path);
      let bytes: Buffer;
      let size: number;
      try {
        const real = await realpath(path);
        const refusal = readRefusal(real);
        if (refusal) return { output: `refused: ${refusal}`, success: false };
        const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
        try {
          const opened = realPathOfDescriptor(handle.fd);
          const swapped = opened === undefined ? undefined : readRefusal(opened);
          if (swapped) return { output: `refused: ${swapped}`, success: false };
          const stat = await handle.stat();
          if (!stat.isFile()) return { output: `${path} is not a regular file`, success: false };
          size = stat.size;
          bytes = Buffer.alloc(Math.min(size, READ_FILE_MAX_BYTES));
          const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
          bytes = bytes.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      } catch (err) {
        return { output: `cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, success: false };
      }
      if (bytes.includes(0))
        return { output: `${path} looks binary (it contains NUL bytes); not shown`, success: false };
      const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
      const lines = text.split(/\r?\n/);
      if (text.endsWith("\n")) lines.pop();
      const first = args.offset ?? 1;
      const count = Math.min(args.limit ?? READ_FILE_MAX_LINES, READ_FILE_MAX_LINES);
      if (first > Math.max(lines.length, 1))
        return { output: `offset ${first} is past the end of ${path} (${lines.length} lines)`, success: false };
      const shown = lines.slice(first - 1, first - 1 + count).map((line, i) => {
        const cut =
          line.length > READ_FILE_MAX_LINE_CHARS
            ? `${line.slice(0, READ_FILE_MAX_LINE_CHARS)}… [line cut at ${READ_FILE_MAX_LINE_CHARS} chars]`
            : line;
        return `${first + i}\t${cut}`;
      });
      const notes: string[] = [];
      const last = first - 1 + shown.length;
      if (last < lines.length)
        notes.push(`[lines ${first}-${last} of ${lines.length}; continue with offset ${last + 1}]`);
      if (size > READ_FILE_MAX_BYTES) notes.push(`[only the first ${READ_FILE_MAX_BYTES} of ${size} bytes were read]`);
      if (text.includes("\uFFFD")) notes.push("[invalid UTF-8 sequences were replaced with U+FFFD]");
      return { output: [...shown, ...notes].join("\n"), success: true };
    },
  };
}
