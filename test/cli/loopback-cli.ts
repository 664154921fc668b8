// Test helper for CLI tests that record sessions with `promptc run` against a loopback Responses server: a temp
// workspace (a git root with AGENTS.md) and HOME, a `cli()` with captured streams, the server closed after each test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach } from "vitest";
import { run } from "../../src/cli/program.js";
import type { CliIO } from "../../src/cli/io.js";
import { startSseServer, type Reply, type SseServer } from "../loop/helpers/sse-server.js";

export interface LoopbackCli {
  root: string;
  work: string;
  home: string;
  /** `env` is added to (and overrides) the run's environment. */
  cli(
    argv: string[],
    cwd?: string,
    env?: { [key: string]: string },
  ): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Starts a server with these replies; the latest one is closed after each test. */
  serve(replies: Reply[]): Promise<SseServer>;
}

/** Call at module level: registers the cleanup hooks of the file it is called from. */
export function useLoopbackCli(prefix: string, extraEnv: { [key: string]: string } = {}): LoopbackCli {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const work = join(root, "work");
  const home = join(root, "home");
  mkdirSync(join(home, ".codex"), { recursive: true });
  mkdirSync(join(work, ".git"), { recursive: true });
  writeFileSync(join(work, "AGENTS.md"), "Be brief.\n");
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  let server: SseServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  return {
    root,
    work,
    home,
    async cli(argv, cwd = work, env = {}) {
      let stdout = "";
      let stderr = "";
      const io: CliIO = {
        stdout: (s) => void (stdout += s),
        stderr: (s) => void (stderr += s),
        isTTY: false,
        env: { HOME: home, CODEX_HOME: join(home, ".codex"), PATH: process.env.PATH, ...extraEnv, ...env },
        cwd,
      };
      const code = await run(argv, io);
      return { code, stdout, stderr };
    },
    async serve(replies) {
      server = await startSseServer(replies);
      return server;
    },
  };
}
