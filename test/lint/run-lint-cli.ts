// Test helper: runs `promptc …` through the CLI entry with captured streams, no TTY and an env whose CODEX_HOME
// does not exist (so the machine's ~/.codex/config.toml never changes a result).
import { run } from "../../src/cli/program.js";

export const NO_CODEX_HOME = "/nonexistent/promptc-test-codex-home";

export async function lintCli(
  args: string[],
  cwd: string,
  stdin?: string,
  env: { [name: string]: string } = { CODEX_HOME: NO_CODEX_HOME },
) {
  return runCli(["lint", ...args], cwd, stdin, env);
}

export async function runCli(
  argv: string[],
  cwd: string,
  stdin?: string,
  env: { [name: string]: string } = { CODEX_HOME: NO_CODEX_HOME },
) {
  let stdout = "";
  let stderr = "";
  const code = await run(argv, {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    isTTY: false,
    env,
    cwd,
    ...(stdin !== undefined ? { readStdin: async () => stdin } : {}),
  });
  return { code, stdout, stderr };
}
