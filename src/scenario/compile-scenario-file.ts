// Load a scenario file through the Host, set each turn up with the one turn setup and compile the whole session:
// what `snapshot`, `diff`, `compact` and `preview --scenario` all start from. Does IO (through the Host).
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { isEnvelopeTurn } from "../setup/index.js";
import { setupScenarioTurns, loadScenarioFile, type ScenarioSetupOptions } from "./load-scenario.js";
import { compileScenario, type CompileScenarioResult } from "./compile-scenario.js";
import type { Scenario } from "./scenario.js";

export interface CompiledScenarioFile {
  scenario?: Scenario;
  compiled?: CompileScenarioResult;
  diagnostics: Diagnostic[];
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
  const turns = setupScenarioTurns(host, scenario, options);
  const before = [...loaded.diagnostics, ...turns.diagnostics];
  if (!turns.value) return { scenario, diagnostics: before };
  const envelope = turns.value.filter(isEnvelopeTurn);
  const first = envelope[0];
  if (first === undefined || envelope.length !== turns.value.length) throw new Error("body scenarios: part 2");
  // The session compiles with the first turn's profile (its catalogue decides later models' shapes) and prose.
  const compiled = compileScenario(
    scenario,
    envelope.map((t) => t.ctx),
    { profile: first.profile, prose: first.prose },
  );
  return { scenario, compiled, diagnostics: [...before, ...compiled.diagnostics] };
}
