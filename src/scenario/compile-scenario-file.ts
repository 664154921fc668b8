// Load a scenario file through the Host, set each turn up with the one turn setup and compile the whole session:
// what `snapshot`, `diff`, `compact` and `preview --scenario` all start from. Does IO (through the Host).
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { isEnvelopeTurn, type ResolvedBodyTurn } from "../setup/index.js";
import { loadScenarioFile, promptcFolders } from "./load-scenario.js";
import { setupScenarioTurns, type ScenarioSetupOptions } from "./setup-scenario-turns.js";
import { compileScenario, type CompileScenarioResult } from "./compile-scenario.js";
import { compileBodyScenario, type CompileBodyScenarioResult } from "./compile-body-scenario.js";
import type { Scenario } from "./scenario.js";

export interface CompiledScenarioFile {
  scenario?: Scenario;
  /** The session promptc lays out (envelope profiles), or the harness's own requests (body profiles). */
  compiled?: CompileScenarioResult | CompileBodyScenarioResult;
  diagnostics: Diagnostic[];
}

/** Whether a compiled scenario is a harness's own requests (a body profile's). */
export function isBodyScenario(
  compiled: CompileScenarioResult | CompileBodyScenarioResult,
): compiled is CompileBodyScenarioResult {
  return "layout" in compiled && compiled.layout === "body";
}

/** Errors come back as diagnostics; `compiled` is set only when every turn could be built. */
export function compileScenarioFile(
  host: Host,
  path: string,
  options: ScenarioSetupOptions = {},
): CompiledScenarioFile {
  const loaded = loadScenarioFile(host, path);
  if (!loaded.value) return { diagnostics: loaded.diagnostics };
  const scenario = loaded.value;
  const turns = setupScenarioTurns(host, scenario, {
    ...options,
    hidden: options.hidden ?? promptcFolders(host, path),
  });
  const before = [...loaded.diagnostics, ...turns.diagnostics];
  if (!turns.value) return { scenario, diagnostics: before };
  const envelope = turns.value.filter(isEnvelopeTurn);
  const first = envelope[0];
  if (first === undefined) {
    const body = compileBodyScenario(
      scenario,
      turns.value.filter((t): t is ResolvedBodyTurn => !isEnvelopeTurn(t)),
    );
    const failed = body.diagnostics.some((d) => d.severity === "error");
    return { scenario, ...(failed ? {} : { compiled: body }), diagnostics: [...before, ...body.diagnostics] };
  }
  // The session compiles with the first turn's profile (its catalogue decides later models' shapes) and prose.
  const compiled = compileScenario(
    scenario,
    envelope.map((t) => t.ctx),
    { profile: first.profile, prose: first.prose },
  );
  return { scenario, compiled, diagnostics: [...before, ...compiled.diagnostics] };
}
