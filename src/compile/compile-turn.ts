// compileTurn(turn): the one compile entry for every profile. It dispatches on the profile's layout (data):
// an envelope layout compiles its TurnContext through plan → assemble (compile.ts); a "body" layout builds the
// harness's own body from the turn its discovery found (compile-body.ts). Pure and deterministic.
import type { ProseSet } from "../fragments/prose-set.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { HarnessRequest } from "../model/harness-request.js";
import type { TurnContext } from "../model/turn-context.js";
import { hasEnvelopeLayout } from "../profiles/profile-for-model.js";
import type { Profile } from "../profiles/profile.js";
import { compileBody } from "./compile-body.js";
import type { CompileOptions } from "./compile-options.js";
import { compile, type CompileResult } from "./compile.js";

/** A TurnContext for a profile promptc lays out itself. */
export interface EnvelopeTurn {
  profile: Profile<"envelopes">;
  ctx: TurnContext;
  /** Default: the profile's bundled prose. */
  prose?: ProseSet;
}

/** The harness's own turn for a profile with a "body" layout. */
export interface BodyTurn {
  profile: Profile<"body">;
  /** In the harness's own type, as its discovery loaded it (discover/load-harness-turn.ts). */
  turn: unknown;
  /** In the layout's prose type; default its stand-ins. */
  prose?: unknown;
  diagnostics?: Diagnostic[];
}

/** A turn as its profile's discovery loaded it. */
export type DiscoveredTurn = EnvelopeTurn | BodyTurn;

/** What compileTurn made, with the turn it was given (narrowed by the layout). */
export type CompiledTurn<E extends EnvelopeTurn = EnvelopeTurn, B extends BodyTurn = BodyTurn> =
  | { layout: "envelopes"; turn: E; result: CompileResult }
  | { layout: "body"; turn: B; request: HarnessRequest };

function isEnvelopeTurn(t: DiscoveredTurn): t is EnvelopeTurn {
  return hasEnvelopeLayout(t.profile);
}

/** `options` apply to envelope layouts (a body layout has no fragments, transforms or manifest to extend). */
export function compileTurn<E extends EnvelopeTurn, B extends BodyTurn>(
  turn: E | B,
  options: Omit<CompileOptions, "profile" | "prose"> = {},
): CompiledTurn<E, B> {
  if (isEnvelopeTurn(turn)) {
    const prose = turn.prose !== undefined ? { prose: turn.prose } : {};
    return {
      layout: "envelopes",
      turn: turn as E,
      result: compile(turn.ctx, { ...options, ...prose, profile: turn.profile }),
    };
  }
  const body = turn as B;
  return { layout: "body", turn: body, request: compileBody(body.profile, body.turn, body.prose, body.diagnostics) };
}
