// compileBodyScenario: every request of a described session under a profile with its own body — the first turn
// the harness's first request, each later one its resumed request over the session as the agent keeps it after
// the turns before (the builders `preview --profile X --session` uses). Pure: the turns come in set up.
import { bodyAsRequest } from "../cache/wire-body-as-request.js";
import type { RequestLike } from "../cache/prompt-segments.js";
import { compileBody } from "../compile/compile-body.js";
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { HarnessRequest } from "../model/harness-request.js";
import type { ResolvedBodyTurn } from "../setup/index.js";
import type { Scenario } from "./scenario.js";
import type { ScenarioRequest } from "./scenario-request.js";

export interface BodyScenarioTurnResult extends ScenarioRequest {
  /** The harness's request as `preview --profile X --json` prints it. */
  harness: HarnessRequest;
  /** The agent's folders for this project outside it that the body names (the profile's projectFolders). */
  projectFolders: string[];
}

export interface CompileBodyScenarioResult {
  layout: "body";
  turns: BodyScenarioTurnResult[];
  diagnostics: Diagnostic[];
}

/** Errors (a profile that does not resume sessions, a reply missing before a later turn) are diagnostics. */
export function compileBodyScenario(scenario: Scenario, turns: readonly ResolvedBodyTurn[]): CompileBodyScenarioResult {
  const diagnostics: Diagnostic[] = [];
  const out: BodyScenarioTurnResult[] = [];
  const fail = (message: string, turn: number) => {
    diagnostics.push(
      diagnostic("scenario/turn-setup", "error", `${scenario.file} turn ${turn}: ${message}`, {
        file: scenario.file,
        data: { turn },
      }),
    );
    return { layout: "body" as const, turns: out, diagnostics };
  };
  let session: unknown;
  for (const [i, set] of turns.entries()) {
    const { profile } = set;
    const behaviour = profile.layout.session;
    if (i > 0 && behaviour === undefined)
      return fail(`${profile.displayName} does not resume sessions: its scenarios have one turn`, i + 1);
    const harness = compileBody(profile, set.turn, set.prose, [], i > 0 ? session : undefined);
    const request: RequestLike = bodyAsRequest(harness.body) ?? {};
    const projectFolders = profile.layout.projectFolders?.(set.turn) ?? [];
    out.push({ turn: i + 1, request, bytes: harness.bytes, appended: [], wire: harness.wire, harness, projectFolders });
    diagnostics.push(...harness.diagnostics.map((d) => ({ ...d, data: { ...(d.data ?? {}), turn: i + 1 } })));
    if (i === turns.length - 1 || behaviour === undefined) continue;
    const reply = scenario.turns[i]?.assistant;
    if (reply === undefined)
      return fail(
        `give \`assistant:\` (the reply turn ${i + 2} continues from) for a ${profile.displayName} turn`,
        i + 1,
      );
    session = behaviour.record(session, { turn: set.turn, body: harness.body, reply, sessionId: scenario.session.id });
  }
  return { layout: "body", turns: out, diagnostics };
}
