// `promptc run "<message>"`: one agent turn against an OpenAI-Responses-compatible server. Does IO (CLI edge).
// Parses the flags and wires the Node adapters (provider, session-log file, clock, terminal asker, SIGINT) into
// loop/run-session-turn.ts, which compiles exactly what `preview` shows, runs the turn and logs the session.
import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import type { Command } from "commander";
import { openSessionLogFile } from "../../host/session-log-file.js";
import { cannotWrite } from "../../model/file-error.js";
import { deferSessionLog, type DeferredSessionLog } from "./run/deferred-session-log.js";
import type { LoopEvent } from "../../loop/events.js";
import type { ApprovalQuestion } from "../../loop/policy/create-approval-hook.js";
import { clampToolTimeout, TOOL_TIMEOUT_MAX_MS, TOOL_TIMEOUT_MIN_MS } from "../../loop/policy/limits.js";
import { createResponsesProvider } from "../../loop/providers/responses.js";
import { renderLoopEvent } from "../../loop/render-loop-event.js";
import { ownSgr } from "../terminal-text.js";
import { prepareSessionTurn, runSessionTurn, type SessionTurnInput } from "../../loop/run-session-turn.js";
import { CODEX_TOOLS_NOTICE, createSandboxTools } from "../../loop/tools/default-tools.js";
import { createToolSandbox, sandboxNotice } from "../../loop/tools/sandbox/create-tool-sandbox.js";
import { sandboxPolicyOf } from "../../loop/sandbox/sandbox-policy.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import { PROMPTC_VERSION } from "../promptc-version.js";
import { nodeSetupPorts } from "../node-setup-ports.js";
import { setupTurn, VERSION_MISMATCH } from "../../setup/index.js";
import { addTurnFlags, parseTurnFlags, readTurnMessage, type TurnFlags } from "../turn-flags.js";
import { readResumed } from "./run/read-resumed.js";
import type { RegisterCommand } from "./register-command.js";
import { profileContextWindow } from "../../profiles/model-info.js";
import { ENVELOPE_PROFILE_IDS, profileIdList } from "../../profiles/index.js";

const DEFAULT_BASE_URL = "https://api.openai.com/v1";

interface RunOptions extends TurnFlags {
  baseUrl?: string;
  apiKeyEnv: string;
  dryRun?: boolean;
  json?: boolean;
  sessionLog?: string;
  maxSteps?: string;
  toolTimeout?: string;
  contextWindow?: string;
  autoCompactLimit?: string;
  remoteCompact?: boolean;
  resume?: string;
  keepBackground?: boolean;
}

export const registerRun: RegisterCommand = (program: Command, io, setExitCode) => {
  const command = program
    .command("run")
    .description(
      "run one agent turn against a Responses-compatible server: stream the reply, run tools, log the session",
    )
    .argument("[message...]", "the user's message (or -m TEXT, --message-file FILE)");
  addTurnFlags(command)
    .option("--base-url <url>", `Responses endpoint base (default $OPENAI_BASE_URL or ${DEFAULT_BASE_URL})`)
    .option("--api-key-env <name>", "environment variable holding the API key", "OPENAI_API_KEY")
    .option("--dry-run", "print the first request body and stop before sending it")
    .option("--json", "print loop events as JSON lines instead of text")
    .option("--session-log <file>", "where to write the session JSONL (default ~/.promptc/sessions/<id>.jsonl)")
    .option("--max-steps <n>", "model requests per turn before stopping")
    .option("--tool-timeout <ms>", "per-tool timeout, clamped to [10 s, 1 h]")
    .option("--context-window <tokens>", "model context window (enables auto-compaction at 90%)")
    .option("--auto-compact-limit <tokens>", "compact when usage reaches this many tokens")
    .option("--remote-compact", "compact through POST /responses/compact instead of a local summary")
    .option("--keep-background", "danger-full-access only: processes a command starts in the background outlive it")
    .option("--resume <log>", "continue a session log (a path, or `last` for the newest under ~/.promptc/sessions)")
    .action(async (words: string[], options: RunOptions) => setExitCode(await runCommand(words, options, io)));
};

async function runCommand(words: readonly string[], options: RunOptions, io: CliIO): Promise<number> {
  const usage = (reason: string) => (io.stderr(`promptc run: ${reason}\n`), EXIT_USAGE);
  const read = await readTurnMessage(words, options, io);
  if ("error" in read) return usage(read.error);
  if (read.message === undefined || read.message === "")
    return usage("no message: promptc run MESSAGE (or -m TEXT, --message-file FILE)");
  const flags = parseTurnFlags(options, read.message);
  if (!flags.value) return usage(flags.diagnostics[0]?.message ?? "bad flags");
  // The loop compiles, runs and continues requests promptc lays out itself (an envelope layout).
  if (!("load" in flags.value))
    return usage(
      `--profile ${flags.value.profile.id}: run drives the profiles promptc lays out (${profileIdList("and", ENVELOPE_PROFILE_IDS)}); ${flags.value.profile.displayName}'s request is its own layout — promptc preview --profile ${flags.value.profile.id} shows it`,
    );
  if (options.resume !== undefined && options.sessionId !== undefined)
    return usage("--session-id cannot be combined with --resume (the log names the session)");
  const numbers = parseNumbers(options);
  if (typeof numbers === "string") return usage(numbers);
  if (numbers.toolTimeout !== undefined && clampToolTimeout(numbers.toolTimeout) !== numbers.toolTimeout) {
    io.stderr(
      `note: --tool-timeout ${numbers.toolTimeout} ms is outside [${TOOL_TIMEOUT_MIN_MS}, ${TOOL_TIMEOUT_MAX_MS}] ms; using ${clampToolTimeout(numbers.toolTimeout)} ms\n`,
    );
  }

  const sessionsDir = join(io.env.PROMPTC_HOME ?? join(homedir(), ".promptc"), "sessions");
  const resumed = options.resume === undefined ? undefined : readResumed(options.resume, sessionsDir, io);
  if (typeof resumed === "string") return usage(resumed);
  const sessionId = resumed?.sessionId ?? options.sessionId ?? randomUUID();
  // A resumed session keeps its multi-agent version whatever model this turn runs (Codex fixes it per thread).
  const multiAgent = resumed?.settings?.multiAgentVersion;
  const turn = setupTurn(nodeSetupPorts(io), {
    ...flags.value,
    load: { ...flags.value.load, sessionId },
    ...(multiAgent !== undefined ? { sessionMultiAgentVersion: multiAgent } : {}),
  });
  if ("error" in turn) return usage(turn.error);
  const { ctx, profile, prose } = turn;
  const sandbox = ctx.permissions.sandbox;
  if (options.keepBackground && sandbox !== "danger-full-access")
    return usage("--keep-background needs --sandbox danger-full-access");

  const input: SessionTurnInput = {
    ctx,
    profile,
    prose,
    sessionId,
    // The tools' declarations (what the request shows); the sandboxed tools that run them come after --dry-run.
    tools: createSandboxTools(sandbox),
    ...(resumed ? { resumed } : {}),
    // Codex: the model's window as its catalogue states it, unless a flag or config.toml names one.
    ...(numbers.contextWindow !== undefined
      ? { contextWindow: numbers.contextWindow }
      : turn.setup && ctx.contextWindow === undefined
        ? { contextWindow: profileContextWindow(profile, ctx.model).tokens }
        : {}),
    ...(numbers.autoCompactLimit !== undefined ? { autoCompactLimit: numbers.autoCompactLimit } : {}),
    countTokens: tokenCounterOf(io).count,
  };
  const prepared = prepareSessionTurn(input);
  // Codex's tools cannot run here, so under --profile codex the loop's own tools replace them (with a notice).
  if (prepared.toolsReplaced) io.stderr(`${CODEX_TOOLS_NOTICE}\n`);
  // The one line saying the installed Codex, the profile and the calibration disagree on the version.
  for (const d of turn.diagnostics) if (d.rule === VERSION_MISMATCH) io.stderr(`${d.severity}: ${d.message}\n`);
  for (const d of prepared.turn.diagnostics) if (d.severity !== "info") io.stderr(`${d.severity}: ${d.message}\n`);
  if (options.dryRun) {
    if (prepared.compactFirst)
      io.stderr("note: the resumed history is over the auto-compact limit; a real run compacts it first\n");
    writeExact(io, `${prepared.turn.bytes}\n`);
    return EXIT_OK;
  }

  const baseUrl = options.baseUrl ?? io.env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\//i.test(baseUrl) || !URL.canParse(baseUrl))
    return usage(`the base URL must be an http(s) URL (got ${baseUrl})`);
  const apiKey = io.env[options.apiKeyEnv];
  if (!apiKey && baseUrl === DEFAULT_BASE_URL)
    return usage(`no API key: set $${options.apiKeyEnv} (or pass --api-key-env NAME)`);
  const provider = createResponsesProvider({ baseUrl, ...(apiKey ? { apiKey } : {}) });

  // The sandbox the tools hold: bubblewrap over the roots the permissions text shows, the environment policy, redaction.
  const toolSandbox = createToolSandbox({
    policy: sandboxPolicyOf(ctx.environment.cwd, ctx.permissions),
    parentEnv: io.env,
    ...(ctx.shellEnvironmentPolicy ? { environmentPolicy: ctx.shellEnvironmentPolicy } : {}),
    secretNames: [options.apiKeyEnv],
    ...(io.env.PROMPTC_BWRAP !== undefined ? { bubblewrap: io.env.PROMPTC_BWRAP } : {}),
    keepBackground: options.keepBackground === true,
  });
  const notice = sandboxNotice(toolSandbox);
  if (notice) io.stderr(`${notice}\n`);

  const logPath = resumed?.path ?? resolve(io.cwd, options.sessionLog ?? join(sessionsDir, `${sessionId}.jsonl`));
  let log: DeferredSessionLog;
  try {
    // Nothing is written until the model has answered once: a run that fails before leaves no log behind.
    log = deferSessionLog(
      openSessionLogFile(logPath, { base: resumed || options.sessionLog !== undefined ? io.cwd : sessionsDir }),
    );
  } catch (err) {
    return usage(cannotWrite(logPath, err));
  }
  let logFailed = false;
  const logFailure = (failure: string) => {
    if (logFailed) return;
    logFailed = true;
    io.stderr(`warning: ${failure}\n`);
  };
  const noLog = () =>
    io.stderr(`no session log written: the model never answered${resumed ? ` (${logPath} is unchanged)` : ""}\n`);

  const color = io.isTTY && !io.env.NO_COLOR;
  const renderState = { midLine: false };
  const onEvent = (event: LoopEvent) => {
    if (event.type === "model_response" || event.type === "compaction") {
      const failure = log.commit();
      if (failure) logFailure(failure);
    }
    if (options.json) return writeExact(io, `${JSON.stringify(event)}\n`);
    const out = renderLoopEvent(event, color, renderState, ownSgr);
    // stderr first: it may end a reasoning line before the reply text starts on stdout.
    if (out.stderr) io.stderr(out.stderr);
    if (out.stdout) io.stdout(out.stdout);
  };

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    const outcome = await runSessionTurn({
      ...input,
      // The same declarations as `input.tools`, so the prepared request stays the one that is sent.
      tools: createSandboxTools(sandbox, { sandbox: toolSandbox }),
      prepared,
      provider,
      log,
      timestamp: () => new Date().toISOString(),
      now: () => Date.now(),
      meta: { cliVersion: PROMPTC_VERSION, modelProvider: baseUrl },
      ...(process.stdin.isTTY && io.isTTY ? { ask: askOnTerminal(io) } : {}),
      approvalFacts: { osSandbox: toolSandbox.enforcement.type === "bubblewrap" },
      compaction: options.remoteCompact ? "remote" : "local",
      limits: {
        ...(numbers.maxSteps !== undefined ? { maxSteps: numbers.maxSteps } : {}),
        ...(numbers.toolTimeout !== undefined ? { toolTimeoutMs: numbers.toolTimeout } : {}),
      },
      signal: controller.signal,
      onEvent,
      onLogFailure: logFailure,
    });
    if (!outcome.ok) {
      if (outcome.stage === "log") return usage(outcome.message);
      io.stderr(`promptc run: pre-turn compaction failed: ${outcome.message}\n`);
      if (!log.committed) noLog();
      return EXIT_FINDINGS;
    }
    if (!log.committed) noLog();
    else if (!options.json) io.stderr(`session log: ${logPath}\n`);
    return outcome.result.status === "completed" ? EXIT_OK : EXIT_FINDINGS;
  } finally {
    process.removeListener("SIGINT", onSigint);
  }
}

function parseNumbers(
  o: RunOptions,
): { maxSteps?: number; toolTimeout?: number; contextWindow?: number; autoCompactLimit?: number } | string {
  const out: { [key: string]: number } = {};
  const fields: [keyof RunOptions, string, string][] = [
    ["maxSteps", "maxSteps", "--max-steps"],
    ["toolTimeout", "toolTimeout", "--tool-timeout"],
    ["contextWindow", "contextWindow", "--context-window"],
    ["autoCompactLimit", "autoCompactLimit", "--auto-compact-limit"],
  ];
  for (const [key, name, flag] of fields) {
    const raw = o[key];
    if (raw === undefined) continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) return `${flag} must be a positive integer (got ${String(raw)})`;
    out[name] = n;
  }
  return out;
}

function askOnTerminal(io: CliIO): (q: ApprovalQuestion) => Promise<boolean> {
  return async (q) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      const answer = await rl.question(`Allow ${q.toolName}: ${q.summary}? (${q.reason}) [y/N] `);
      return /^y(es)?$/i.test(answer.trim());
    } catch {
      io.stderr("no answer; refused\n");
      return false;
    } finally {
      rl.close();
    }
  };
}
