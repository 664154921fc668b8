// Helpers of the per-layout Codex conformance tests: run `codex exec` in a folder, find its rollout, run promptc's
// CLI in-process. Test helper (IO: child processes, the file system).
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { CliIO } from "../../src/cli/io.js";
import { run } from "../../src/cli/program.js";

export const EXEC_TIMEOUT_MS = 150_000;

/** The first rollout file under `dir` (depth first, names sorted). */
export function findRollout(dir: string): string | undefined {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      const found = findRollout(p);
      if (found) return found;
    } else if (name.startsWith("rollout-") && name.endsWith(".jsonl")) return p;
  }
  return undefined;
}

/** promptc's CLI in-process, with this environment and working directory. */
export async function cli(
  argv: string[],
  env: { [k: string]: string | undefined },
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), isTTY: false, env, cwd };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** `codex exec --skip-git-repo-check ARGS` in `cwd` (stdin closed); its exit status and output, for messages. */
export function codexExec(
  bin: string,
  cwd: string,
  env: { [k: string]: string | undefined },
  args: string[],
): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(bin, ["exec", "--skip-git-repo-check", ...args], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: EXEC_TIMEOUT_MS,
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("close", (code) => resolve(`exit ${String(code)}\n${out}`));
  });
}

/** `codex exec` against the loopback Responses stub (its `STUB_KEY`), with this HOME and CODEX_HOME. */
export function codexExecOnStub(bin: string, cwd: string, home: string, codexHome: string, args: string[]) {
  const env = { PATH: process.env.PATH, HOME: home, CODEX_HOME: codexHome, STUB_KEY: "x", SHELL: "/bin/bash" };
  return codexExec(bin, cwd, { ...env, LANG: "C.UTF-8" }, args);
}
