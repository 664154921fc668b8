// For a profile with a model catalogue (codex): resolve the turn's model and its layout as Codex does, from the
// CODEX_HOME and config the turn names (on the turn's files), the catalogue and the cached calibration (on the
// user's machine). IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { DEFAULT_MODEL, type LoadTurnContextOptions } from "../../discover/load-turn-context.js";
import { resolveCodexHome, type KnownCodexHome } from "../../discover/resolve-codex-home.js";
import { resolvePath } from "../../discover/paths.js";
import type { Profile } from "../../profiles/profile.js";
import { errorLine } from "../error-line.js";
import { loadCodexModelSetup, type CodexModelSetup } from "./load-codex-model-setup.js";

export interface TurnModelSetup {
  setup: CodexModelSetup;
  codexHome: string;
  /** The CODEX_HOME and config as resolved here, for loadTurnContext on the same host (undefined: cwd missing). */
  known?: KnownCodexHome;
  diagnostics: Diagnostic[];
}

/** undefined for profiles without a model catalogue. */
export function modelSetup(
  hosts: { files: Host; user: Host },
  profile: Profile<"envelopes">,
  load: LoadTurnContextOptions,
  options: { calibration?: boolean; layoutFacts?: { [key: string]: unknown }; sessionMultiAgentVersion?: string },
): TurnModelSetup | { error: string; diagnostics: Diagnostic[] } | undefined {
  if (profile.modelCatalogue !== "codex") return undefined;
  const host = hosts.files;
  const cwd = host.cwd();
  // The turn's folder, so a trusted project's `.codex/config.toml` (its `model`) counts as it does for the turn.
  const turnCwd = host.realpath(resolvePath(cwd, load.cwd ?? cwd, host.home()));
  const home = resolveCodexHome(host, {
    cwd,
    ...(turnCwd.ok ? { projectCwd: turnCwd.value } : {}),
    ...(load.codexHome !== undefined ? { codexHome: load.codexHome } : {}),
    ...(load.configFile !== undefined ? { configFile: load.configFile } : {}),
    ...(load.configProfile !== undefined ? { configProfile: load.configProfile } : {}),
  });
  const error = home.diagnostics.find((d) => d.severity === "error");
  if (!home.value || error)
    return { error: error ? errorLine(error) : "cannot locate CODEX_HOME", diagnostics: home.diagnostics };
  const r = loadCodexModelSetup(hosts.user, {
    codexHome: home.value.codexHome,
    config: home.value.loaded.config,
    ...(load.model !== undefined ? { model: load.model } : {}),
    targetVersion: profile.targetVersion ?? "",
    fallbackSlug: DEFAULT_MODEL,
    ...(options.calibration === false ? { noCalibration: true } : {}),
    ...(options.layoutFacts !== undefined ? { layoutFacts: options.layoutFacts } : {}),
    ...(options.sessionMultiAgentVersion !== undefined
      ? { sessionMultiAgentVersion: options.sessionMultiAgentVersion }
      : {}),
    ...(host !== hosts.user ? { codexHomeHost: host } : {}),
  });
  return {
    setup: r.value,
    codexHome: home.value.codexHome,
    ...(turnCwd.ok ? { known: { projectCwd: turnCwd.value, resolved: home } } : {}),
    diagnostics: r.diagnostics,
  };
}
