// Runs the real pi, Gemini CLI and Claude Code offline through a compaction, against promptc's capture server with
// scripted replies, in scratch homes: the model request bodies in order, and the home (its session files). Test
// helper (IO: processes, an HTTP server, temp folders).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseReplyScript } from "../../src/capture/reply-script.js";
import { startCaptureServer, type CaptureServer } from "../../src/capture/server/capture-server.js";

export type Body = { [key: string]: unknown };

export interface HarnessRun {
  /** Model request bodies (JSON), in arrival order. */
  bodies: Body[];
  home: string;
  cwd: string;
}

/** A scratch home and a git repository inside it (Claude Code and Gemini CLI look for the git root). */
export function scratch(name: string): { home: string; cwd: string } {
  const root = mkdtempSync(join(tmpdir(), `promptc-compaction-${name}-`));
  const home = join(root, "home");
  const cwd = join(root, "repo");
  mkdirSync(join(cwd, ".git"), { recursive: true });
  mkdirSync(home, { recursive: true });
  return { home, cwd };
}

export async function withServer(script: unknown, run: (server: CaptureServer) => Promise<void>): Promise<Body[]> {
  const server = await startCaptureServer({ script: parseReplyScript(JSON.stringify(script)).value });
  try {
    await run(server);
  } finally {
    await server.close();
  }
  return server.requests
    .filter((r) => r.reply.kind === "model")
    .map((r) => JSON.parse(Buffer.from(r.body).toString("utf8")) as Body);
}

/** Runs a command to its end (stdin closed unless `input` is given); resolves with the exit code. */
export function runProcess(
  argv: readonly string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    input?: (write: (line: string) => void, lines: AsyncIterable<string>) => Promise<void>;
  },
): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "ignore"],
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    if (!options.input) {
      child.stdin.end();
      child.stdout.resume();
      return;
    }
    async function* lines(): AsyncGenerator<string> {
      let buffered = "";
      for await (const chunk of child.stdout) {
        buffered += String(chunk);
        let i: number;
        while ((i = buffered.indexOf("\n")) >= 0) {
          yield buffered.slice(0, i);
          buffered = buffered.slice(i + 1);
        }
      }
    }
    void options
      .input((line) => child.stdin.write(line + "\n"), lines())
      .finally(() => {
        child.stdin.end();
        child.kill();
      });
  });
}

/** pi's RPC mode: each prompt waits for the agent's end, `compact` for its response. */
export function piRpcScript(commands: readonly Body[]) {
  return async (write: (line: string) => void, lines: AsyncIterable<string>): Promise<void> => {
    const iterator = lines[Symbol.asyncIterator]();
    for (const command of commands) {
      write(JSON.stringify(command));
      const done = (e: Body) =>
        command.type === "prompt" ? e.type === "agent_end" : e.type === "response" && e.command === command.type;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        let event: Body;
        try {
          event = JSON.parse(next.value) as Body;
        } catch {
          continue;
        }
        if (done(event)) break;
      }
    }
  };
}

export function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
}
