// `promptc run "<message>"`: one agent turn against an OpenAI-Responses-compatible server. Does IO (CLI edge).
// Compiles exactly what `preview` shows, streams the reply, runs tools under policy, logs the session as JSONL.
import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import type { Command } from "commander";
import { compile } from "../../compile/index.js";
import { autoCompactLimit, shouldCompact, totalUsageTokens } from "../../compact/index.js";
import { buildWorldState } from "../../session-log/logged-settings.js";
import { buildReferenceContext } from "../../session/reference-context.js";
import { referenceFromLog } from "../../session-log/resume-from-log.js";
import { readResumed } from "./run/read-resumed.js";
import type { ResponseItem } from "../../model/items.js";
import type { CompileOptions } from "../../compile/index.js";
import { writableRoots } from "../../model/writable-roots.js";
import { PROMPTC_VERSION } from "../promptc-version.js";
import { addTurnFlags, parseTurnFlags, readTurnMessage, resolveTurn, type TurnFlags } from "../turn-flags.js";
import { runTurn } from "../../loop/run-turn.js";
import { createResponsesProvider } from "../../loop/providers/responses.js";
import { createModelCompactor } from "../../loop/create-model-compactor.js";
import { initialContextOf } from "../../loop/initial-context-of.js";
import { createToolRegistry } from "../../loop/tools/tool-registry.js";
import { buildTurnRequest, historyWithBaseInstructions, type BuildTurnRequestOptions } from "../../loop/build-turn-request.js";
import { CODEX_TOOLS_NOTICE, createSandboxTools, runToolOverride } from "../../loop/tools/default-tools.js";
import { clampToolTimeout, TOOL_TIMEOUT_MAX_MS, TOOL_TIMEOUT_MIN_MS } from "../../loop/policy/limits.js";
import { createApprovalHook, type ApprovalQuestion } from "../../loop/policy/create-approval-hook.js";
import { createToolSandbox, sandboxNotice } from "../../loop/tools/sandbox/create-tool-sandbox.js";
import { sandboxPolicyOf } from "../../loop/sandbox/sandbox-policy.js";
import { createSessionRecorder } from "../../loop/create-session-recorder.js";
import { openSessionLogFile } from "../../host/session-log-file.js";
import { deferSessionLog } from "./run/deferred-session-log.js";
import { renderLoopEvent } from "../../loop/render-loop-event.js";
import type { LoopEvent } from "../../loop/events.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, writeExact, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";
import { cannotWrite } from "../../model/file-error.js";

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
    .description("run one agent turn against a Responses-compatible server: stream the reply, run tools, log the session")
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
  if (read.message === undefined || read.message === "") return usage("no message: promptc run MESSAGE (or -m TEXT, --message-file FILE)");
  const flags = parseTurnFlags(options, read.message);
  if (!flags.value) return usage(flags.diagnostics[0]?.message ?? "bad flags");
  if (options.resume !== undefined && options.sessionId !== undefined) return usage("--session-id cannot be combined with --resume (the log names the session)");
  const numbers = parseNumbers(options);
  if (typeof numbers === "string") return usage(numbers);
  if (numbers.toolTimeout !== undefined && clampToolTimeout(numbers.toolTimeout) !== numbers.toolTimeout) {
    io.stderr(`note: --tool-timeout ${numbers.toolTimeout} ms is outside [${TOOL_TIMEOUT_MIN_MS}, ${TOOL_TIMEOUT_MAX_MS}] ms; using ${clampToolTimeout(numbers.toolTimeout)} ms\n`);
  }

  const sessionsDir = join(io.env.PROMPTC_HOME ?? join(homedir(), ".promptc"), "sessions");
  const resumed = options.resume === undefined ? undefined : readResumed(options.resume, sessionsDir, io);
  if (typeof resumed === "string") return usage(resumed);
  const sessionId = resumed?.sessionId ?? options.sessionId ?? randomUUID();
  const turn = resolveTurn({ ...flags.value, load: { ...flags.value.load, sessionId } }, io);
  if ("error" in turn) return usage(turn.error);
  const { ctx, profile, prose } = turn;

  const sandbox = ctx.permissions.sandbox;
  if (options.keepBackground && sandbox !== "danger-full-access") return usage("--keep-background needs --sandbox danger-full-access");
  // The promptc profile declares exactly the tools the loop runs, so the request is the one `preview` shows;
  // Codex's tools cannot run here, so under --profile codex the loop's own tools replace them (with a notice).
  const override = runToolOverride(profile, sandbox);
  if (override) io.stderr(`${CODEX_TOOLS_NOTICE}\n`);
  const compileOptions: CompileOptions = { profile, prose, ...(override ? { transformTools: () => override } : {}) };
  // A resumed log is continued as Codex 0.171.0 resumes: the baseline is the log's last turn context (only what
  // changed since is appended; a log without one gets the full initial context again) and the base instructions
  // are the session's own. After a pre-turn compaction the compacted history (context re-injected) is the baseline.
  const baseline = resumed?.settings ? referenceFromLog(resumed.settings, ctx, profile, prose) : undefined;
  const turnOptions = (history: ResponseItem[], contextInHistory = false): BuildTurnRequestOptions => ({
    compile: compileOptions,
    history,
    sessionId,
    contextInHistory,
    ...(baseline ? { baseline } : {}),
    ...(resumed?.baseInstructions !== undefined ? { baseInstructions: resumed.baseInstructions } : {}),
  });
  const build = (history: ResponseItem[], contextInHistory = false) => buildTurnRequest(ctx, turnOptions(history, contextInHistory));
  // Codex layout: the session's base-instructions item first (Codex never logs it as history).
  let history = resumed ? historyWithBaseInstructions(ctx, turnOptions(resumed.history)) : [];
  let compiled = build(history);
  for (const d of compiled.diagnostics) if (d.severity !== "info") io.stderr(`${d.severity}: ${d.message}\n`);
  const contextWindow = numbers.contextWindow ?? ctx.contextWindow;
  const limit = autoCompactLimit({ contextWindow, configLimit: numbers.autoCompactLimit ?? ctx.autoCompactTokenLimit });
  const preTurn = shouldCompact({ phase: "pre-turn", totalUsage: totalUsageTokens({ lastReportedTotal: resumed?.lastTotalTokens ?? 0, history }).total, limit });
  if (options.dryRun) {
    if (preTurn.compact) io.stderr("note: the resumed history is over the auto-compact limit; a real run compacts it first\n");
    writeExact(io, `${compiled.bytes}\n`);
    return EXIT_OK;
  }

  const baseUrl = options.baseUrl ?? io.env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\//i.test(baseUrl) || !URL.canParse(baseUrl)) return usage(`the base URL must be an http(s) URL (got ${baseUrl})`);
  const apiKey = io.env[options.apiKeyEnv];
  if (!apiKey && baseUrl === DEFAULT_BASE_URL) return usage(`no API key: set $${options.apiKeyEnv} (or pass --api-key-env NAME)`);
  const provider = createResponsesProvider({ baseUrl, ...(apiKey ? { apiKey } : {}) });

  const compactor = createModelCompactor({
    provider,
    mode: options.remoteCompact ? "remote" : "local",
    summaryPrefix: (prose.entries["compact-summary-prefix"]?.source ?? "Summary of earlier work:").replace(/\n+$/, ""),
    compactPrompt: ctx.compactPrompt ?? prose.entries["compact-prompt"]?.source ?? "Summarise the work so far for a successor.",
    initialContext: (r) => initialContextOf(r.input),
    sessionId,
    ...(contextWindow !== undefined ? { contextWindow } : {}),
  });

  const permissions = ctx.permissions;
  // The sandbox the tools hold: bubblewrap over the roots the permissions text shows, the environment policy, redaction.
  const toolSandbox = createToolSandbox({
    policy: sandboxPolicyOf(ctx.environment.cwd, permissions),
    parentEnv: io.env,
    ...(ctx.shellEnvironmentPolicy ? { environmentPolicy: ctx.shellEnvironmentPolicy } : {}),
    secretNames: [options.apiKeyEnv],
    ...(io.env.PROMPTC_BWRAP !== undefined ? { bubblewrap: io.env.PROMPTC_BWRAP } : {}),
    keepBackground: options.keepBackground === true,
  });
  const notice = sandboxNotice(toolSandbox);
  if (notice) io.stderr(`${notice}\n`);
  const tools = createSandboxTools(sandbox, { sandbox: toolSandbox });
  // The roots the permissions text names are the roots the policy enforces (one computation).
  const approval = createApprovalHook({
    facts: { sandbox, approval: permissions.approval, writableRoots: writableRoots(ctx.environment.cwd, permissions), approvedPrefixes: permissions.approvedPrefixes, osSandbox: toolSandbox.enforcement.type === "bubblewrap" },
    cwd: ctx.environment.cwd,
    ...(process.stdin.isTTY && io.isTTY ? { ask: askOnTerminal(io) } : {}),
  });

  const logPath = resumed?.path ?? resolve(io.cwd, options.sessionLog ?? join(sessionsDir, `${sessionId}.jsonl`));
  let log;
  try {
    // Nothing is written until the model has answered once (see deferSessionLog).
    log = deferSessionLog(openSessionLogFile(logPath, { base: resumed || options.sessionLog !== undefined ? io.cwd : sessionsDir }));
  } catch (err) {
    return usage(cannotWrite(logPath, err));
  }
  const timestamp = () => new Date().toISOString();
  const turnContext = {
    timestamp: timestamp(),
    type: "turn_context" as const,
    payload: { model: ctx.model, cwd: ctx.environment.cwd, sandbox, approval: permissions.approval, network_access: permissions.networkAccess, writable_roots: permissions.configuredWritableRoots },
  };
  // What the model is told this turn: the baseline a later `--resume` diffs against.
  const worldState = { timestamp: timestamp(), type: "world_state" as const, payload: buildWorldState(buildReferenceContext(ctx, profile, prose), permissions.approvedPrefixes) };
  // A codex-profile log keeps its base instructions as the first history item instead (see hasLoggedBaseInstructionsItem).
  const meta = { timestamp: timestamp(), type: "session_meta" as const, payload: { id: sessionId, cwd: ctx.environment.cwd, originator: "promptc" as const, cli_version: PROMPTC_VERSION, model_provider: baseUrl, timestamp: timestamp(), ...(compiled.request.instructions ? { base_instructions: { text: compiled.request.instructions } } : {}) } };
  log.append(resumed ? [turnContext, worldState] : [meta, turnContext, worldState]);
  const noLog = () => (log.committed ? undefined : io.stderr(`no session log written: the model never answered${resumed ? ` (${logPath} is unchanged)` : ""}\n`));
  if (preTurn.compact) {
    // Codex 0.171.0 re-injects the current initial context before the last real user message (both profiles do).
    const fresh = compile(ctx, compileOptions).request;
    const outcome = await compactor.compact({ request: { ...compiled.request, input: history }, phase: "pre-turn", contextSource: fresh });
    if (!outcome.ok) return (io.stderr(`promptc run: pre-turn compaction failed: ${outcome.error.message}\n`), noLog(), EXIT_FINDINGS);
    log.append([{ timestamp: timestamp(), type: "compacted", payload: { message: outcome.summaryText, replacement_history: outcome.history } }]);
    const logError = log.commit();
    if (logError) return usage(logError);
    history = outcome.history;
    compiled = build(history, true);
  }
  const recorder = createSessionRecorder({ timestamp, initialHistory: history, ...(contextWindow !== undefined ? { contextWindow } : {}) });

  const color = io.isTTY && !io.env.NO_COLOR;
  const renderState = { midLine: false };
  let logFailed = false;
  const onEvent = (event: LoopEvent) => {
    const records = recorder.recordsFor(event);
    // The model answered: from here on the run is a session worth resuming.
    const failure = (event.type === "model_response" || event.type === "compaction" ? log.commit() : undefined) ?? log.append(records);
    if (failure && !logFailed) {
      logFailed = true;
      io.stderr(`warning: ${failure}\n`);
    }
    if (options.json) return writeExact(io, `${JSON.stringify(event)}\n`);
    const out = renderLoopEvent(event, color, renderState);
    // stderr first: it may end a reasoning line before the reply text starts on stdout.
    if (out.stderr) io.stderr(out.stderr);
    if (out.stdout) io.stdout(out.stdout);
  };

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    const result = await runTurn({
      provider,
      request: compiled.request,
      tools: createToolRegistry(tools),
      cwd: ctx.environment.cwd,
      sandbox,
      sessionId,
      hooks: { beforeToolCall: approval },
      limits: { ...(numbers.maxSteps !== undefined ? { maxSteps: numbers.maxSteps } : {}), ...(numbers.toolTimeout !== undefined ? { toolTimeoutMs: numbers.toolTimeout } : {}) },
      compaction: { limit, compactor },
      signal: controller.signal,
      onEvent,
      now: () => Date.now(),
    });
    if (!log.committed) noLog();
    else if (!options.json) io.stderr(`session log: ${logPath}\n`);
    return result.status === "completed" ? EXIT_OK : EXIT_FINDINGS;
  } finally {
    process.removeListener("SIGINT", onSigint);
  }
}

function parseNumbers(o: RunOptions): { maxSteps?: number; toolTimeout?: number; contextWindow?: number; autoCompactLimit?: number } | string {
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
