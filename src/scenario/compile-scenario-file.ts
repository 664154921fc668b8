// Load a scenario file through the Host, discover each turn's context and compile the whole session: what
// `snapshot`, `diff`, `compact` and `preview --scenario` all start from. Does IO (through the Host).
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { loadScenarioContexts, loadScenarioFile } from "./load-scenario.js";
import { compileScenario, type CompileScenarioResult } from "./compile-scenario.js";
import type { SessionOptions } from "../session/session.js";
import type { Scenario } from "./scenario.js";

export interface CompiledScenarioFile {
  scenario?: Scenario;
  compiled?: CompileScenarioResult;
  diagnostics: Diagnostic[];
}

/** What a caller adds for a scenario: the profile and prose to compile with (a calibrated codex profile), the
 * model a turn runs when the scenario names none (the catalogue's default), and what it has to say about them. */
export interface ScenarioSetup {
  options?: SessionOptions;
  defaultModel?: string;
  diagnostics?: Diagnostic[];
}

/** Errors come back as diagnostics; `compiled` is set only when every turn could be built. */
export function compileScenarioFile(
  host: Host,
  path: string,
  setupFor?: (scenario: Scenario) => ScenarioSetup,
): CompiledScenarioFile {
  const loaded = loadScenarioFile(host, path);
  if (!loaded.value) return { diagnostics: loaded.diagnostics };
  const setup = setupFor?.(loaded.value) ?? {};
  const contexts = loadScenarioContexts(
    host,
    loaded.value,
    setup.defaultModel !== undefined ? { defaultModel: setup.defaultModel } : {},
  );
  const before = [...loaded.diagnostics, ...(setup.diagnostics ?? [])];
  if (!contexts.value) return { scenario: loaded.value, diagnostics: [...before, ...contexts.diagnostics] };
  const compiled = compileScenario(loaded.value, contexts.value, setup.options ?? {});
  return {
    scenario: loaded.value,
    compiled,
    diagnostics: [...before, ...contexts.diagnostics, ...compiled.diagnostics],
  };
}
