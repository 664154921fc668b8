// The `shell` tool: runs an argv (no shell parsing) in a working directory with a timeout; does IO.
// Under a ToolSandbox the command runs inside bubblewrap (or, when bubblewrap cannot start, only if known to be
// read-only), with the policy's environment, in its own process group; output is redacted of known secrets.
// Output = exit code, wall time and combined stdout/stderr, middle-truncated with a "Total output lines" header.
import { isAbsolute, resolve } from "node:path";
import { formattedTruncateText, type TruncationPolicy } from "../../tokens/index.js";
import type { ToolContext, ToolDefinition } from "../tool.js";
import { PROMPTC_TOOLS } from "../../profiles/promptc-tools.js";
import { toolSpecFields } from "./tool-spec-fields.js";
import { clampToolTimeout, type TimeoutBounds, DEFAULT_TIMEOUT_BOUNDS } from "../policy/limits.js";
import { TOOL_TIMEOUT_ABORT_REASON } from "../execute-tool-call.js";
import { buildBwrapArgv } from "../sandbox/build-bwrap-argv.js";
import type { ToolSandbox } from "./sandbox/create-tool-sandbox.js";
import { resolveProgram } from "./sandbox/resolve-program.js";
import { planKnownSafeLaunch } from "./sandbox/plan-known-safe-launch.js";
import { hostServiceMasks, protectedPaths, realRoots } from "./sandbox/real-paths.js";
import { runProcessGroup, type ProcessGroupRun } from "./sandbox/run-process-group.js";

export interface ShellArgs {
  command: string[];
  workdir?: string;
  timeout_ms?: number;
}

export interface ShellToolOptions {
  /** How much output the model sees (default 10,000 tokens, estimated at 4 bytes each). */
  outputPolicy?: TruncationPolicy;
  timeoutBounds?: TimeoutBounds;
  /** Environment for child processes without a sandbox; defaults to the parent's. Never sent to the model. */
  env?: { [name: string]: string | undefined };
  /** The sandbox to hold (`promptc run` always passes one); without it commands run as given, unconfined. */
  sandbox?: ToolSandbox;
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
      const cwd =
        args.workdir === undefined
          ? context.cwd
          : isAbsolute(args.workdir)
            ? args.workdir
            : resolve(context.cwd, args.workdir);
      const timeoutMs = Math.min(context.timeoutMs, clampToolTimeout(args.timeout_ms ?? context.timeoutMs, bounds));
      const plan = await planLaunch(args.command, cwd, context, options);
      if (plan.type === "refuse")
        return { output: options.sandbox ? options.sandbox.redactor.redact(plan.reason) : plan.reason, success: false };
      const run: ProcessGroupRun =
        plan.type === "not-found"
          ? {
              exitCode: null,
              signal: null,
              output: "",
              wallMs: 0,
              timedOut: false,
              aborted: false,
              spawnError: `spawn ${args.command[0] ?? ""} ENOENT`,
            }
          : await runProcessGroup({
              ...plan.launch,
              cwd,
              timeoutMs,
              signal: context.signal,
              timeoutReason: TOOL_TIMEOUT_ABORT_REASON,
              captureMaxBytes: SHELL_CAPTURE_MAX_BYTES,
            });
      const seconds = (run.wallMs / 1000).toFixed(1);
      const status = run.spawnError
        ? `Failed to start: ${run.spawnError}`
        : run.timedOut
          ? `Exit code: ${SHELL_TIMEOUT_EXIT_CODE}\nWall time: ${seconds} seconds\nThe command timed out after ${timeoutMs} ms and was killed.`
          : run.aborted
            ? `The command was cancelled after ${seconds} seconds.`
            : `Exit code: ${run.exitCode ?? `signal ${run.signal}`}\nWall time: ${seconds} seconds`;
      // Redact before truncating, so no cut can leave part of a secret standing.
      const text = options.sandbox ? options.sandbox.redactor.redact(run.output) : run.output;
      const output = formattedTruncateText(text, policy);
      return {
        output: `${status}\nOutput:\n${output}`,
        success: !run.spawnError && !run.timedOut && !run.aborted && run.exitCode === 0,
      };
    },
  };
}

type Launch = {
  program: string;
  args: string[];
  argv0?: string;
  env: { [name: string]: string };
  keepBackground?: boolean;
};
type LaunchPlan = { type: "run"; launch: Launch } | { type: "not-found" } | { type: "refuse"; reason: string };

async function planLaunch(
  command: readonly string[],
  cwd: string,
  context: ToolContext,
  options: ShellToolOptions,
): Promise<LaunchPlan> {
  const [name = "", ...rest] = command;
  const sandbox = options.sandbox;
  if (!sandbox) {
    const env = Object.fromEntries(
      Object.entries(options.env ?? process.env).filter((e): e is [string, string] => e[1] !== undefined),
    );
    return { type: "run", launch: { program: name, args: rest, env } };
  }
  const found = resolveProgram(name, cwd, sandbox.env.PATH);
  if (!found) return { type: "not-found" };
  const direct: Launch = { program: found.path, args: rest, argv0: name, env: sandbox.env };
  const enforcement = sandbox.enforcement;
  // A person approved running this outside the sandbox (the approval hook said the sandbox would not allow it).
  if (context.escalated || enforcement.type === "none")
    return { type: "run", launch: { ...direct, keepBackground: sandbox.keepBackground && !context.escalated } };
  if (enforcement.type === "bubblewrap") {
    const roots = realRoots(sandbox.policy.writableRoots);
    const layout = { writableRoots: roots, readOnlyPaths: protectedPaths(roots), cwd, ...hostServiceMasks(cwd, roots) };
    return {
      type: "run",
      launch: {
        program: enforcement.path,
        args: buildBwrapArgv(enforcement.path, sandbox.policy, layout, [name, ...rest]).slice(1),
        env: sandbox.env,
      },
    };
  }
  const fallback = await planKnownSafeLaunch(command, found, cwd, sandbox, enforcement.reason);
  return fallback.type === "refuse" ? fallback : { type: "run", launch: fallback };
}
