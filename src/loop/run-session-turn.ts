// One turn of a logged session as a library function: continue a resumed log (its history, baseline and base
// instructions) or start a session, compile the turn, compact first when the history is over the limit, log
// through a sink, run the loop under the approval policy. It sequences injected IO only (provider, log sink,
// clock, asker); no IO of its own. `promptc run` is this plus flag parsing and Node adapters.
import type { CountTokens } from "../tokens/count.js";
import { autoCompactLimit, shouldCompact, totalUsageTokens } from "../compact/index.js";
import { compile, type CompileOptions } from "../compile/index.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { ResponseItem } from "../model/items.js";
import type { TurnContext } from "../model/turn-context.js";
import { writableRoots } from "../model/writable-roots.js";
import type { Profile } from "../profiles/profile.js";
import { buildWorldState, type LoggedSettings } from "../session-log/logged-settings.js";
import type { ParsedSessionLog } from "../session-log/parsed-session-log.js";
import { referenceFromLog } from "../session-log/resume-from-log.js";
import { PROMPTC_ORIGINATOR, type SessionRecord } from "../session-log/session-log.js";
import { buildReferenceContext } from "../session/reference-context.js";
import {
  buildTurnRequest,
  historyWithBaseInstructions,
  type BuildTurnRequestOptions,
  type TurnRequest,
} from "./build-turn-request.js";
import { createModelCompactor } from "./create-model-compactor.js";
import { compactForModelSwitch, compactsOnModelSwitch } from "./model-switch-compaction.js";
import type { ResponsesRequest } from "../model/request.js";
import { createSessionRecorder } from "./create-session-recorder.js";
import type { LoopEvent } from "./events.js";
import { initialContextOf } from "./initial-context-of.js";
import { createApprovalHook, type ApprovalQuestion } from "./policy/create-approval-hook.js";
import type { ApprovalFacts } from "./policy/decide-approval.js";
import type { ModelProvider } from "./provider.js";
import { runTurn, type RunTurnOptions, type RunTurnResult } from "./run-turn.js";
import { toolSpecOf, type AnyTool } from "./tool.js";
import { createToolRegistry } from "./tools/tool-registry.js";

/** What a session log says about the session being continued. */
export interface ResumedSession {
  history: ResponseItem[];
  /** The last usage total the log reported (0 when none). */
  lastTotalTokens: number;
  /** The session's base instructions (session_meta). */
  baseInstructions?: string;
  /** What the model was last told (the log's last turn context): the turn appends only what changed. */
  settings?: LoggedSettings;
}

/** The part of a parsed session log a resumed turn needs. Pure. */
export function resumedSessionOf(log: ParsedSessionLog): ResumedSession {
  return {
    history: log.history,
    lastTotalTokens: log.lastTotalTokens ?? 0,
    ...(log.baseInstructions !== undefined ? { baseInstructions: log.baseInstructions } : {}),
    ...(log.settings !== undefined ? { settings: log.settings } : {}),
  };
}

export interface SessionTurnInput {
  ctx: TurnContext;
  profile: Profile<"envelopes">;
  prose: ProseSet;
  sessionId: string;
  /** The tools the loop runs. A profile whose tools the loop cannot run (`tools.runByLoop` false) sends these instead. */
  tools: readonly AnyTool[];
  resumed?: ResumedSession;
  /** Overrides the turn context's model context window (enables auto-compaction). */
  contextWindow?: number;
  /** Overrides the configured auto-compact token limit. */
  autoCompactLimit?: number;
  /** Exact counts for the compile manifests (the CLI's counter: memoised, with the disk cache); default: uncached. */
  countTokens?: CountTokens;
}

export interface PreparedSessionTurn {
  /** The request the turn sends first (exactly what `preview` shows for the same input). */
  turn: TurnRequest;
  history: ResponseItem[];
  compileOptions: CompileOptions;
  /** The loop's tools replace the profile's declared ones (say so: the request differs from the harness's). */
  toolsReplaced: boolean;
  contextWindow: number | undefined;
  limit: number | undefined;
  /** The history is over the auto-compact limit: the turn compacts it before the first request. */
  compactFirst: boolean;
  /**
   * The turn switches to a model of another compaction family than the log's last turn: it compacts first, with
   * the previous model (`request` is that model's, over the history), whatever the usage.
   */
  modelSwitch?: { previousModel?: string; request: ResponsesRequest };
}

/** The turn's first request and whether it must compact first, without sending anything. Pure. */
export function prepareSessionTurn(input: SessionTurnInput): PreparedSessionTurn {
  const { ctx, profile, prose, sessionId, resumed } = input;
  const replacement = profile.tools.runByLoop ? undefined : input.tools.map(toolSpecOf);
  const compileOptions: CompileOptions = {
    profile,
    prose,
    ...(replacement ? { transformTools: () => replacement } : {}),
    ...(input.countTokens ? { countTokens: input.countTokens } : {}),
  };
  // A resumed log is continued as Codex 0.171.0 resumes: the baseline is the log's last turn context (only what
  // changed since is appended; a log without one gets the full initial context again) and the base instructions
  // are the session's own.
  const baseline = resumed?.settings ? referenceFromLog(resumed.settings, ctx, profile, prose) : undefined;
  const turnOptions = (history: ResponseItem[]): BuildTurnRequestOptions => ({
    compile: compileOptions,
    history,
    sessionId,
    ...(baseline ? { baseline } : {}),
    ...(resumed?.baseInstructions !== undefined ? { baseInstructions: resumed.baseInstructions } : {}),
  });
  // Codex layout: the session's base-instructions item first (Codex never logs it as history).
  const history = resumed ? historyWithBaseInstructions(ctx, turnOptions(resumed.history)) : [];
  const turn = buildTurnRequest(ctx, turnOptions(history));
  const contextWindow = input.contextWindow ?? ctx.contextWindow;
  const limit = autoCompactLimit({ contextWindow, configLimit: input.autoCompactLimit ?? ctx.autoCompactTokenLimit });
  const usage = totalUsageTokens({ lastReportedTotal: resumed?.lastTotalTokens ?? 0, history }).total;
  const previousModel = resumed?.settings?.model;
  const family = resumed?.settings?.compHash;
  const switched =
    resumed !== undefined &&
    compactsOnModelSwitch(
      {
        ...(previousModel !== undefined ? { model: previousModel } : {}),
        ...(family ? { compactionFamily: family } : {}),
      },
      profile,
      ctx.model,
    );
  const modelSwitch = switched
    ? {
        ...(previousModel !== undefined ? { previousModel } : {}),
        request: buildTurnRequest(
          previousModel !== undefined ? { ...ctx, model: previousModel } : ctx,
          turnOptions(history),
        ).request,
      }
    : undefined;
  const compactFirst = switched || shouldCompact({ phase: "pre-turn", totalUsage: usage, limit }).compact;
  return {
    ...(modelSwitch ? { modelSwitch } : {}),
    turn,
    history,
    compileOptions,
    toolsReplaced: replacement !== undefined,
    contextWindow,
    limit,
    compactFirst,
  };
}

/** Where session records go (a JSONL file for `promptc run`); returns a one-line reason when a write failed. */
export interface SessionLogSink {
  append(records: readonly SessionRecord[]): string | undefined;
}

export interface RunSessionTurnOptions extends SessionTurnInput {
  provider: ModelProvider;
  log: SessionLogSink;
  /** ISO-8601 timestamps for log records. */
  timestamp: () => string;
  /** Milliseconds clock for durations. */
  now?: () => number;
  /** The writer's version and the model provider, for a new session's session_meta record. */
  meta: { cliVersion: string; modelProvider: string };
  /** Asks a person about a call the approval policy leaves open; without it such calls are refused. */
  ask?: (question: ApprovalQuestion) => Promise<boolean>;
  /** Facts the approval policy takes beyond the turn's permissions (they win over the derived ones). */
  approvalFacts?: Partial<ApprovalFacts>;
  /** `remote` compacts through the provider's compact endpoint (falling back to a local summary). */
  compaction?: "local" | "remote";
  limits?: RunTurnOptions["limits"];
  signal?: AbortSignal;
  onEvent?: (event: LoopEvent) => void;
  /** Called once, with the first failure, when a log write fails (the turn goes on). */
  onLogFailure?: (message: string) => void;
  /** The prepared turn, when the caller already has it (otherwise prepared here). */
  prepared?: PreparedSessionTurn;
}

export type RunSessionTurnResult =
  | { ok: true; result: RunTurnResult }
  | { ok: false; stage: "log" | "pre-turn-compaction"; message: string };

/** The records that open this turn in the log: session_meta for a new session, its turn context and world state. */
export function turnStartRecords(
  options: Pick<RunSessionTurnOptions, "ctx" | "profile" | "prose" | "sessionId" | "resumed" | "meta" | "timestamp">,
  turn: TurnRequest,
): SessionRecord[] {
  const { ctx, timestamp } = options;
  const permissions = ctx.permissions;
  const turnContext: SessionRecord = {
    timestamp: timestamp(),
    type: "turn_context",
    payload: {
      model: ctx.model,
      cwd: ctx.environment.cwd,
      sandbox: permissions.sandbox,
      approval: permissions.approval,
      network_access: permissions.networkAccess,
      writable_roots: permissions.configuredWritableRoots,
    },
  };
  // What the model is told this turn: the baseline a later resume diffs against.
  const worldState: SessionRecord = {
    timestamp: timestamp(),
    type: "world_state",
    payload: buildWorldState(buildReferenceContext(ctx, options.profile, options.prose), permissions.approvedPrefixes),
  };
  if (options.resumed) return [turnContext, worldState];
  // A codex-layout log keeps its base instructions as the first history item instead (see hasLoggedBaseInstructionsItem).
  const instructions = turn.request.instructions;
  const meta: SessionRecord = {
    timestamp: timestamp(),
    type: "session_meta",
    payload: {
      id: options.sessionId,
      cwd: ctx.environment.cwd,
      originator: PROMPTC_ORIGINATOR,
      cli_version: options.meta.cliVersion,
      model_provider: options.meta.modelProvider,
      timestamp: timestamp(),
      ...(instructions ? { base_instructions: { text: instructions } } : {}),
    },
  };
  return [meta, turnContext, worldState];
}

/** The profile's summary prefix, as the summary message starts (no trailing newline). */
export function summaryPrefixOf(prose: ProseSet): string {
  return (prose.entries["compact-summary-prefix"]?.source ?? "Summary of earlier work:").replace(/\n+$/, "");
}

export async function runSessionTurn(options: RunSessionTurnOptions): Promise<RunSessionTurnResult> {
  const { ctx, prose, sessionId, provider, log } = options;
  const prepared = options.prepared ?? prepareSessionTurn(options);
  const { contextWindow, limit } = prepared;
  const compactor = createModelCompactor({
    provider,
    mode: options.compaction ?? "local",
    summaryPrefix: summaryPrefixOf(prose),
    compactPrompt:
      ctx.compactPrompt ?? prose.entries["compact-prompt"]?.source ?? "Summarise the work so far for a successor.",
    initialContext: (r) => initialContextOf(r.input),
    sessionId,
    ...(contextWindow !== undefined ? { contextWindow } : {}),
  });
  const permissions = ctx.permissions;
  // The roots the permissions text names are the roots the policy enforces (one computation).
  const approval = createApprovalHook({
    facts: {
      sandbox: permissions.sandbox,
      approval: permissions.approval,
      writableRoots: writableRoots(ctx.environment.cwd, permissions),
      approvedPrefixes: permissions.approvedPrefixes,
      ...options.approvalFacts,
    },
    cwd: ctx.environment.cwd,
    ...(options.ask ? { ask: options.ask } : {}),
  });

  const logError = log.append(turnStartRecords(options, prepared.turn));
  if (logError) return { ok: false, stage: "log", message: logError };
  let history = prepared.history;
  let request = prepared.turn.request;
  if (prepared.compactFirst) {
    // Codex 0.171.0 re-injects the current initial context before the last real user message (both layouts do).
    const fresh = compile(ctx, prepared.compileOptions).request;
    const outcome = await compactor.compact({
      request: { ...(prepared.modelSwitch?.request ?? request), input: history },
      phase: "pre-turn",
      contextSource: fresh,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!outcome.ok) return { ok: false, stage: "pre-turn-compaction", message: outcome.error.message };
    // Across compaction families the new model's whole initial context follows (as preview --session shows it).
    const compacted =
      prepared.modelSwitch && outcome.summaryReply !== undefined
        ? compactForModelSwitch({
            ctx,
            compile: prepared.compileOptions,
            history,
            ...(prepared.modelSwitch.previousModel !== undefined
              ? { previousModel: prepared.modelSwitch.previousModel }
              : {}),
            summaryPrefix: summaryPrefixOf(prose),
            summaryReply: outcome.summaryReply,
          }).history
        : outcome.history;
    log.append([
      {
        timestamp: options.timestamp(),
        type: "compacted",
        payload: { message: outcome.summaryText, replacement_history: compacted },
      },
    ]);
    history = compacted;
    // The compacted history carries the current initial context: only the turn's own items follow.
    request = buildTurnRequest(ctx, {
      compile: prepared.compileOptions,
      history,
      sessionId,
      contextInHistory: true,
      ...(options.resumed?.baseInstructions !== undefined
        ? { baseInstructions: options.resumed.baseInstructions }
        : {}),
    }).request;
  }

  const recorder = createSessionRecorder({
    timestamp: options.timestamp,
    initialHistory: history,
    ...(contextWindow !== undefined ? { contextWindow } : {}),
  });
  let logFailed = false;
  const onEvent = (event: LoopEvent) => {
    const failure = log.append(recorder.recordsFor(event));
    if (failure && !logFailed) {
      logFailed = true;
      options.onLogFailure?.(failure);
    }
    options.onEvent?.(event);
  };
  const result = await runTurn({
    provider,
    request,
    tools: createToolRegistry([...options.tools]),
    cwd: ctx.environment.cwd,
    sandbox: permissions.sandbox,
    sessionId,
    hooks: { beforeToolCall: approval },
    ...(options.limits ? { limits: options.limits } : {}),
    compaction: { limit, compactor },
    ...(options.signal ? { signal: options.signal } : {}),
    onEvent,
    ...(options.now ? { now: options.now } : {}),
  });
  return { ok: true, result };
}
