// The `shell` tool: runs an argv (no shell parsing) in a working directory with a timeout; does IO.
// Output = exit code, wall time and combined stdout/stderr, middle-truncated with a "Total output lines" header.
import { spawn } from "node:child_process";
import { isAbsolute, resolve } from "node:path";
import { formattedTruncateText, type TruncationPolicy } from "../../tokens/index.js";
import type { ToolDefinition } from "../tool.js";
import { PROMPTC_TOOLS } from "../../profiles/promptc-tools.js";
import { toolSpecFields } from "./tool-spec-fields.js";
import { clampToolTimeout, type TimeoutBounds, DEFAULT_TIMEOUT_BOUNDS } from "../policy/limits.js";

export interface ShellArgs {
  command: string[];
  workdir?: string;
  timeout_ms?: number;
}

export interface ShellToolOptions {
  /** How much output the model sees (default 10,000 tokens, estimated at 4 bytes each). */
  outputPolicy?: TruncationPolicy;
  timeoutBounds?: TimeoutBounds;
  /** Environment for child processes; defaults to the parent's. Never sent to the model. */
  env?: { [name: string]: string | undefined };
}

export const SHELL_OUTPUT_POLICY: TruncationPolicy = { mode: "tokens", limit: 10_000 };
/** In-memory capture cap per stream; beyond it the middle is dropped (and reported). */
export const SHELL_CAPTURE_MAX_BYTES = 4 * 1024 * 1024;
/** Exit code reported when the command was killed by its timeout (as `timeout(1)` does). */
export const SHELL_TIMEOUT_EXIT_CODE = 124;

export function createShellTool(options: ShellToolOptions = {}): ToolDefinition<ShellArgs> {
  const policy = options.outputPolicy ?? SHELL_OUTPUT_POLICY;
  const bounds = options.timeoutBounds ?? DEFAULT_TIMEOUT_BOUNDS;
  return {
    ...toolSpecFields(PROMPTC_TOOLS.shell),
    async execute(args, context) {
      const cwd = args.workdir === undefined ? context.cwd : isAbsolute(args.workdir) ? args.workdir : resolve(context.cwd, args.workdir);
      const timeoutMs = Math.min(context.timeoutMs, clampToolTimeout(args.timeout_ms ?? context.timeoutMs, bounds));
      const run = await runProcess(args.command, cwd, timeoutMs, context.signal, options.env);
      const seconds = (run.wallMs / 1000).toFixed(1);
      const status = run.spawnError
        ? `Failed to start: ${run.spawnError}`
        : run.timedOut
          ? `Exit code: ${SHELL_TIMEOUT_EXIT_CODE}\nWall time: ${seconds} seconds\nThe command timed out after ${timeoutMs} ms and was killed.`
          : run.aborted
            ? `The command was cancelled after ${seconds} seconds.`
            : `Exit code: ${run.exitCode ?? `signal ${run.signal}`}\nWall time: ${seconds} seconds`;
      const output = formattedTruncateText(run.output, policy);
      return { output: `${status}\nOutput:\n${output}`, success: !run.spawnError && !run.timedOut && !run.aborted && run.exitCode === 0 };
    },
  };
}

interface ProcessRun {
  exitCode: number | null;
  signal: string | null;
  output: string;
  wallMs: number;
  timedOut: boolean;
  aborted: boolean;
  spawnError?: string;
}

function runProcess(argv: string[], cwd: string, timeoutMs: number, signal: AbortSignal, env?: { [name: string]: string | undefined }): Promise<ProcessRun> {
  const started = Date.now();
  return new Promise((done) => {
    const [program, ...rest] = argv;
    const capture = createCapture();
    let timedOut = false;
    let aborted = false;
    let finished = false;
    // A process group of its own, so a kill reaches the children the command started.
    const child = spawn(program ?? "", rest, { cwd, env: env ?? process.env, detached: process.platform !== "win32", stdio: ["ignore", "pipe", "pipe"] });
    const kill = () => {
      if (child.pid === undefined || child.exitCode !== null) return;
      try {
        if (process.platform !== "win32") process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    if (signal.aborted) onAbort();
    child.stdout.on("data", (b: Buffer) => capture.add(b));
    child.stderr.on("data", (b: Buffer) => capture.add(b));
    const finish = (run: Partial<ProcessRun>) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      done({ exitCode: null, signal: null, output: capture.text(), wallMs: Date.now() - started, timedOut, aborted, ...run });
    };
    child.on("error", (err) => finish({ spawnError: err.message }));
    child.on("close", (code, sig) => finish({ exitCode: code, signal: sig }));
  });
}

/** Keeps the first and last SHELL_CAPTURE_MAX_BYTES / 2 bytes; a runaway command cannot exhaust memory. */
function createCapture() {
  const half = SHELL_CAPTURE_MAX_BYTES / 2;
  let head = Buffer.alloc(0);
  let tail: Buffer[] = [];
  let tailBytes = 0;
  let dropped = 0;
  return {
    add(b: Buffer) {
      if (head.length < half) {
        const take = b.subarray(0, half - head.length);
        head = Buffer.concat([head, take]);
        b = b.subarray(take.length);
      }
      if (b.length === 0) return;
      tail.push(b);
      tailBytes += b.length;
      while (tailBytes > half && tail.length > 0) {
        const first = tail[0]!;
        const excess = tailBytes - half;
        if (first.length <= excess) {
          tail.shift();
          tailBytes -= first.length;
          dropped += first.length;
        } else {
          tail[0] = first.subarray(excess);
          tailBytes -= excess;
          dropped += excess;
        }
      }
    },
    text() {
      const note = dropped > 0 ? `\n[${dropped} bytes of output dropped while capturing]\n` : "";
      return head.toString("utf8") + note + Buffer.concat(tail).toString("utf8");
    },
  };
}
