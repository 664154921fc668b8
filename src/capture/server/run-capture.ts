// Runs one agent against a fresh capture server: start the server, spawn the agent (its own process group),
// enforce a timeout, stop everything, return what was recorded. Does IO (child_process, fs, http).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeDirectories } from "../../host/make-directories.js";
import { diagnostic, type Diagnostic } from "../../model/diagnostic.js";
import { agentVersionFrom, buildInvocation, type AgentAdapter } from "../agent-adapter.js";
import type { CaptureRun, CapturedRequest } from "../captured-request.js";
import type { ReplyScript } from "../reply-script.js";
import { startCaptureServer, type CaptureServer } from "./capture-server.js";

/** Default limit on the agent's whole run. */
export const CAPTURE_TIMEOUT_MS = 300_000;
/** Grace between SIGTERM and SIGKILL when stopping the agent. */
export const KILL_GRACE_MS = 3_000;

export interface RunCaptureOptions {
  adapter: AgentAdapter;
  /** The agent command line (executable first). */
  argv: string[];
  cwd: string;
  /** Environment the agent starts from (the user's); the adapter's variables are laid over it. */
  env: { [key: string]: string | undefined };
  isolated?: boolean;
  script?: ReplyScript;
  maxTurns?: number;
  timeoutMs?: number;
  /** Where the agent's own stdout/stderr go. */
  onAgentOutput?: (text: string) => void;
  onRequest?: (request: CapturedRequest) => void;
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

export async function runCapture(options: RunCaptureOptions): Promise<CaptureRun> {
  const serverOptions: Parameters<typeof startCaptureServer>[0] = {};
  if (options.script) serverOptions.script = options.script;
  if (options.maxTurns !== undefined) serverOptions.maxTurns = options.maxTurns;
  if (options.onRequest) serverOptions.onRequest = options.onRequest;
  const server = await startCaptureServer(serverOptions);
  let scratch: string | undefined;
  try {
    scratch = options.isolated ? mkdtempSync(join(tmpdir(), "promptc-capture-")) : undefined;
    return await runAgent(options, server, scratch);
  } finally {
    // Whatever happened, no listening port and no scratch HOME are left behind.
    await server.close();
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  }
}

async function runAgent(
  options: RunCaptureOptions,
  server: CaptureServer,
  scratch: string | undefined,
): Promise<CaptureRun> {
  const diagnostics: Diagnostic[] = [];
  const inv = buildInvocation(
    options.adapter,
    options.argv,
    scratch === undefined ? { origin: server.origin } : { origin: server.origin, scratch },
  );
  for (const d of inv.mkdirs) makeDirectories(d);
  for (const [path, text] of Object.entries(inv.files)) writeFileSync(path, text, { mode: 0o600 });
  const env: { [key: string]: string } = {};
  for (const [k, v] of Object.entries(options.env)) if (v !== undefined && !inv.unset.includes(k)) env[k] = v;
  for (const [k, v] of Object.entries(inv.defaults)) env[k] ??= v;
  Object.assign(env, inv.env);
  const timeoutMs = options.timeoutMs ?? CAPTURE_TIMEOUT_MS;

  const outcome = await new Promise<{
    code: number | null;
    signal: string | null;
    timedOut: boolean;
    spawnError?: string;
  }>((resolve) => {
    let timedOut = false;
    let settled = false;
    const child = spawn(inv.command, inv.args, {
      cwd: options.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const forward = (b: Buffer) => options.onAgentOutput?.(b.toString("utf8"));
    child.stdout?.on("data", forward);
    child.stderr?.on("data", forward);
    let killTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        killGroup(child.pid, "SIGTERM");
        killTimer = setTimeout(() => child.pid !== undefined && killGroup(child.pid, "SIGKILL"), KILL_GRACE_MS);
      }
    }, timeoutMs);
    // The agent runs in its own process group, so a Ctrl-C reaches only promptc: pass it on, then stop.
    const onInterrupt = () => child.pid !== undefined && killGroup(child.pid, "SIGTERM");
    process.once("SIGINT", onInterrupt);
    process.once("SIGTERM", onInterrupt);
    const finish = (r: { code: number | null; signal: string | null; timedOut: boolean; spawnError?: string }) => {
      if (settled) return;
      settled = true;
      process.off("SIGINT", onInterrupt);
      process.off("SIGTERM", onInterrupt);
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      // The agent may leave helpers (MCP servers, shells) in its group: stop them too.
      if (child.pid !== undefined) killGroup(child.pid, "SIGKILL");
      resolve(r);
    };
    child.on("error", (err: NodeJS.ErrnoException) =>
      finish({
        code: null,
        signal: null,
        timedOut,
        spawnError: err.code === "ENOENT" ? `command not found: ${inv.command}` : err.message,
      }),
    );
    child.on("close", (code, signal) => finish({ code, signal, timedOut }));
  });
  await server.close();

  if (outcome.spawnError) diagnostics.push(diagnostic("capture/spawn-failed", "error", outcome.spawnError));
  if (outcome.timedOut)
    diagnostics.push(
      diagnostic(
        "capture/timeout",
        "error",
        `agent did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped; the requests recorded so far are kept`,
        { data: { timeoutMs } },
      ),
    );
  if (!outcome.spawnError && server.requests.length === 0)
    diagnostics.push(
      diagnostic(
        "capture/no-requests",
        "warning",
        "the agent sent no request to the capture server (is it configured for another endpoint, or did it fail before its first turn?)",
      ),
    );
  const model = server.requests.find((r) => r.reply.kind === "model");
  const run: CaptureRun = {
    agent: options.adapter.id,
    command: options.argv,
    cwd: options.cwd,
    exitCode: outcome.code,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    requests: server.requests,
    diagnostics,
  };
  const version = agentVersionFrom(options.adapter, model?.headers["user-agent"]);
  if (version !== undefined) run.agentVersion = version;
  return run;
}
