// compileBody(profile, turn, prose): the body of a profile laid out by its harness ("body" layout), serialised
// as that harness does, with its layers and tools. Pure and deterministic.
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
): HarnessRequest {
  const { layout } = profile;
  const built = layout.build(turn, prose);
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
    diagnostics,
  };
}
