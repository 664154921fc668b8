// Test helper: runs `promptc lint …` through the CLI entry with captured streams, no TTY and an empty env.
import { run } from "../../src/cli/program.js";

export async function lintCli(args: string[], cwd: string, stdin?: string, env: { [name: string]: string } = {}) {
  let stdout = "";
  let stderr = "";
  const code = await run(["lint", ...args], {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    isTTY: false,
    env,
    cwd,
    ...(stdin !== undefined ? { readStdin: async () => stdin } : {}),
  });
  return { code, stdout, stderr };
}
