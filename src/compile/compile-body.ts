// compileBody(profile, turn, prose): the body of a profile laid out by its harness ("body" layout), serialised
// as that harness does, with its layers and tools; given one of the agent's sessions (as its session reader read
// it), that session's next request. Pure and deterministic.
import type { Diagnostic } from "../model/diagnostic.js";
import type { HarnessRequest } from "../model/harness-request.js";
import type { Profile } from "../profiles/profile.js";
import { serializeWireBody } from "./wire/serialize-body.js";

/** `prose` defaults to the layout's stand-ins; `turn` must be what the profile's discovery loaded. */
export function compileBody(
  profile: Profile<"body">,
  turn: unknown,
  prose: unknown = profile.layout.standInProse,
  diagnostics: Diagnostic[] = [],
  session?: unknown,
): HarnessRequest {
  const { layout } = profile;
  if (session !== undefined && layout.session === undefined)
    throw new Error(`profile ${profile.id} does not resume sessions`);
  const built = session === undefined ? layout.build(turn, prose) : layout.session!.next(turn, prose, session);
  const wire = layout.postedWire?.(turn) ?? profile.wire.format;
  if (wire === "pi-provider") throw new Error(`profile ${profile.id}: wire format ${wire} needs postedWire(turn)`);
  return {
    profile: profile.id,
    agentVersion: profile.targetVersion,
    wire,
    endpoint: layout.endpoint(turn),
    model: layout.model(turn),
    body: built.body,
    bytes: serializeWireBody(built.body, wire),
    layers: built.layers,
    tools: built.tools.map((t) => ({ name: t.name, json: JSON.stringify(t.value), prose: t.prose })),
    diagnostics: [...diagnostics, ...(built.diagnostics ?? [])],
  };
}
