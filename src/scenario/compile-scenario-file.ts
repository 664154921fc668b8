// Load a scenario file through the Host, discover each turn's context and compile the whole session: what
// `snapshot`, `diff`, `compact` and `preview --scenario` all start from. Does IO (through the Host).
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { loadScenarioContexts, loadScenarioFile } from "./load-scenario.js";
import { compileScenario, type CompileScenarioResult } from "./compile-scenario.js";
import type { Scenario } from "./scenario.js";

export interface CompiledScenarioFile {
  scenario?: Scenario;
  compiled?: CompileScenarioResult;
  diagnostics: Diagnostic[];
}

/** Errors come back as diagnostics; `compiled` is set only when every turn could be built. */
export function compileScenarioFile(host: Host, path: string): CompiledScenarioFile {
  const loaded = loadScenarioFile(host, path);
  if (!loaded.value) return { diagnostics: loaded.diagnostics };
  const contexts = loadScenarioContexts(host, loaded.value);
  if (!contexts.value) return { scenario: loaded.value, diagnostics: [...loaded.diagnostics, ...contexts.diagnostics] };
  const compiled = compileScenario(loaded.value, contexts.value);
  return { scenario: loaded.value, compiled, diagnostics: [...loaded.diagnostics, ...contexts.diagnostics, ...compiled.diagnostics] };
}
