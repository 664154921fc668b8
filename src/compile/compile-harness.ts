// compileHarness(profile, turn, prose): a harness profile's body, serialised as that harness does, with its
// layers and tools; given one of the agent's sessions (as its session reader read it), the session's next request.
// Pure and deterministic.
import type { Diagnostic } from "../model/diagnostic.js";
import type { HarnessRequest } from "../model/harness-request.js";
import type { HarnessProfile } from "../profiles/harness-profile.js";
import { serializeWireBody } from "./wire/serialize-body.js";

export function compileHarness<Turn, Prose, Session = never>(
  profile: HarnessProfile<Turn, Prose, Session>,
  turn: Turn,
  prose: Prose,
  diagnostics: Diagnostic[] = [],
  session?: Session,
): HarnessRequest {
  const next = session === undefined ? undefined : profile.session?.next;
  const built = next === undefined ? profile.build(turn, prose) : next(turn, prose, session as Session);
  const wire = profile.wireOf?.(turn) ?? profile.wire;
  return {
    profile: profile.id,
    agentVersion: profile.agentVersion,
    wire,
    endpoint: profile.endpoint(turn),
    model: profile.modelOf(turn),
    body: built.body,
    bytes: serializeWireBody(built.body, wire),
    layers: built.layers,
    tools: built.tools.map((t) => ({ name: t.name, json: JSON.stringify(t.value), prose: t.prose })),
    diagnostics,
  };
}
