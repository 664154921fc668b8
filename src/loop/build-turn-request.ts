// The request a turn of `promptc run` sends: a fresh compile for a new session, or the next request after a
// session log's history (resumed or compacted). Pure; `promptc run` and `preview --session` share it.
import { compile, type CompileOptions } from "../compile/index.js";
import type { ResponseItem } from "../model/items.js";
import type { TurnContext } from "../model/turn-context.js";
import { buildReferenceContext } from "../session/reference-context.js";
import { createSession, nextRequest, recordItems, type SessionTurnResult } from "../session/session.js";

export interface BuildTurnRequestOptions {
  compile: CompileOptions;
  /** The history so far (a session log's, see parseSessionLog); empty for a new session. */
  history: readonly ResponseItem[];
  sessionId: string;
  /**
   * The history already carries the current initial context (a compaction re-injected it), so only the turn's
   * own items follow. Otherwise a resumed history has no baseline and the full initial context is sent again.
   */
  contextInHistory?: boolean;
}

/** What run sends and preview shows: the request, its exact bytes and the diagnostics of building it. */
export type TurnRequest = Pick<SessionTurnResult, "request" | "bytes" | "diagnostics" | "manifest">;

export function buildTurnRequest(ctx: TurnContext, options: BuildTurnRequestOptions): TurnRequest {
  if (options.history.length === 0) return compile(ctx, options.compile);
  const session = recordItems(createSession(options.compile), options.history).session;
  const reference = options.contextInHistory ? { reference: buildReferenceContext(ctx, session.profile, session.prose) } : {};
  return nextRequest({ ...session, sessionId: options.sessionId, ...reference }, ctx);
}
