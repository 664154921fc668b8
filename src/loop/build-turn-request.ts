// The request a turn of `promptc run` sends: a fresh compile for a new session, or the next request after a
// session log's history (resumed or compacted). Pure; `promptc run` and `preview --session` share it.
import { profileForModel } from "../profiles/profile-for-model.js";
import { compile, resolveProfile, type CompileOptions } from "../compile/index.js";
import type { ResponseItem } from "../model/items.js";
import type { TurnContext } from "../model/turn-context.js";
import { buildReferenceContext, type ReferenceContext } from "../session/reference-context.js";
import { sentBaseInstructions, withBaseInstructionsItem } from "../session-log/resume-from-log.js";
import { createSession, nextRequest, recordItems, type SessionTurnResult } from "../session/session.js";

export interface BuildTurnRequestOptions {
  compile: CompileOptions;
  /** The history so far (a session log's, see parseSessionLog); empty for a new session. */
  history: readonly ResponseItem[];
  sessionId: string;
  /**
   * The history already carries the current initial context (a compaction re-injected it), so only the turn's
   * own items follow. Wins over `baseline`.
   */
  contextInHistory?: boolean;
  /**
   * What the model was last told, from the log (referenceFromLog): the turn appends only what changed since, as
   * Codex 0.171.0 does on resume. Without it (and without `contextInHistory`) the full initial context is sent again.
   */
  baseline?: ReferenceContext;
  /**
   * The session's base instructions as logged (session_meta): codex layout — the first input item (Codex never logs
   * it; it is prepended unless the history starts with it); promptc — the `instructions` field, frozen for the
   * session. Without it the current base instructions are used.
   */
  baseInstructions?: string;
}

/** What run sends and preview shows: the request, its exact bytes and the diagnostics of building it. */
export type TurnRequest = Pick<SessionTurnResult, "request" | "bytes" | "diagnostics" | "manifest">;

export function buildTurnRequest(ctx: TurnContext, options: BuildTurnRequestOptions): TurnRequest {
  if (options.history.length === 0) return compile(ctx, options.compile);
  const profile = profileForModel(resolveProfile(options.compile.profile), ctx.model);
  const session = recordItems(createSession(options.compile), historyWithBaseInstructions(ctx, options)).session;
  const reference = options.contextInHistory
    ? buildReferenceContext(ctx, session.profile, session.prose)
    : options.baseline;
  const frozen =
    profile.layout.baseInstructions === "instructions-field" && options.baseInstructions !== undefined
      ? { instructions: options.baseInstructions }
      : undefined;
  return nextRequest(
    { ...session, sessionId: options.sessionId, ...(reference ? { reference } : {}), ...(frozen ? { frozen } : {}) },
    ctx,
  );
}

/**
 * The history as a request sends it. Codex layout: the base-instructions item first — the logged text as 0.171.0
 * sends it (without the plan sections when no `update_plan` tool is offered), or else the current compile's;
 * added unless the history starts with it. Other layouts: the history as is.
 */
export function historyWithBaseInstructions(ctx: TurnContext, options: BuildTurnRequestOptions): ResponseItem[] {
  const profile = profileForModel(resolveProfile(options.compile.profile), ctx.model);
  if (profile.layout.baseInstructions !== "developer-message" || options.history.length === 0)
    return [...options.history];
  const fresh = compile(ctx, options.compile).request;
  const toolsItem = fresh.input[0]?.type === "additional_tools" ? fresh.input[0] : undefined;
  const first = fresh.input[toolsItem ? 1 : 0];
  const current = first?.type === "message" && first.content[0]?.type === "input_text" ? first.content[0].text : "";
  const offersPlanTool = fresh.tools.some((t) => t.type === "function" && t.name === "update_plan");
  const logged =
    options.baseInstructions === undefined ? undefined : sentBaseInstructions(options.baseInstructions, offersPlanTool);
  return withBaseInstructionsItem(options.history, logged, current, options.sessionId, profile, toolsItem);
}
