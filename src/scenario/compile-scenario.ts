// compileScenario: every request of a described session, turn by turn, through nextRequest. Pure: the turn
// contexts come in as data (load-scenario.ts builds them through the Host).
import type { Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import type { TurnContext } from "../model/turn-context.js";
import type { Scenario, ScenarioSettings, ScenarioTurn } from "./scenario.js";
import {
  createSession,
  nextRequest,
  recordItems,
  type Session,
  type SessionOptions,
  type SessionTurnResult,
} from "../session/session.js";

export interface ScenarioTurnResult extends SessionTurnResult {
  /** 1-based turn number. */
  turn: number;
}

export interface CompileScenarioResult {
  turns: ScenarioTurnResult[];
  diagnostics: Diagnostic[];
  /** The session after the last turn's items were recorded. */
  session: Session;
}

/** Settings discovery does not know about, applied on top of a discovered context. */
export function applyScenarioSettings(ctx: TurnContext, s: ScenarioSettings): TurnContext {
  const out: TurnContext = { ...ctx, environment: { ...ctx.environment }, permissions: { ...ctx.permissions } };
  if (s.networkAccess !== undefined) out.permissions.networkAccess = s.networkAccess;
  if (s.writableRoots !== undefined) out.permissions.configuredWritableRoots = s.writableRoots;
  if (s.developerInstructions !== undefined) out.developerInstructions = s.developerInstructions;
  if (s.network !== undefined)
    out.environment.network = { allowedDomains: s.network.allowed, deniedDomains: s.network.denied };
  return out;
}

/** Items recorded after a turn's request: its `items`, then the `assistant` shorthand as a final message. */
export function turnReplyItems(turn: ScenarioTurn): ResponseItem[] {
  const items: ResponseItem[] = [...(turn.items ?? [])];
  if (turn.assistant !== undefined)
    items.push({ type: "message", role: "assistant", content: [{ type: "output_text", text: turn.assistant }] });
  return items;
}

export function compileScenario(
  scenario: Scenario,
  contexts: readonly TurnContext[],
  options: SessionOptions = {},
): CompileScenarioResult {
  if (contexts.length !== scenario.turns.length)
    throw new Error(`compileScenario: ${contexts.length} contexts for ${scenario.turns.length} turns`);
  let session = createSession({ ...options, profile: options.profile ?? scenario.profile });
  const turns: ScenarioTurnResult[] = [];
  const diagnostics: Diagnostic[] = [];
  scenario.turns.forEach((turn, i) => {
    const r = nextRequest(session, contexts[i]!);
    turns.push({ ...r, turn: i + 1 });
    diagnostics.push(...r.diagnostics.map((d) => ({ ...d, data: { ...(d.data ?? {}), turn: i + 1 } })));
    const recorded = recordItems(r.session, turnReplyItems(turn));
    diagnostics.push(
      ...recorded.diagnostics.map((d) => ({ ...d, file: scenario.file, data: { ...(d.data ?? {}), turn: i + 1 } })),
    );
    session = recorded.session;
  });
  return { turns, diagnostics, session };
}
