// Test helper for CLI tests: captured streams (no TTY, the given env and standard input) and a temp folder.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CliIO } from "../../src/cli/io.js";

export function capture(
  cwd: string,
  env: { [key: string]: string } = {},
  stdin?: string,
): { io: CliIO; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return {
    io: {
      stdout: (s) => void (out += s),
      stderr: (s) => void (err += s),
      isTTY: false,
      env,
      cwd,
      ...(stdin !== undefined ? { readStdin: async () => stdin } : {}),
    },
    out: () => out,
    err: () => err,
  };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
