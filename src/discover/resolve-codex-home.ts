// Where Codex keeps its home and config, resolved as `promptc preview` does: an explicit directory, else
// $CODEX_HOME, else ~/.codex; then `config.toml` there (or an explicit file) through loadConfig. Does IO.
import type { Host } from "../host/host.js";
import { diagnostic, type Result } from "../model/diagnostic.js";
import { loadConfig, type LoadedConfig } from "./load-config.js";
import { joinPath, resolvePath } from "./paths.js";

export interface ResolveCodexHomeOptions {
  /** Directory relative paths are resolved against. */
  cwd: string;
  codexHome?: string;
  configFile?: string;
  /** `[profiles.NAME]` of config.toml to apply (`--config-profile`). */
  configProfile?: string;
  /** The turn's working directory, when its trusted project `.codex/config.toml` layers should apply. */
  projectCwd?: string;
}

export interface ResolvedCodexHome {
  codexHome: string;
  loaded: LoadedConfig;
}

/** A resolveCodexHome answer already computed on the same host and options, for the turn folder `projectCwd`. */
export interface KnownCodexHome {
  projectCwd: string;
  resolved: Result<ResolvedCodexHome | undefined>;
}

/** `value` is undefined when no home can be located or the config cannot be used (the CLI exits 2). */
export function resolveCodexHome(host: Host, options: ResolveCodexHomeOptions): Result<ResolvedCodexHome | undefined> {
  const home = host.home();
  const envHome = host.env("CODEX_HOME");
  const raw = options.codexHome
    ? resolvePath(options.cwd, options.codexHome, home)
    : envHome
      ? resolvePath(options.cwd, envHome, home)
      : home
        ? joinPath(home, ".codex")
        : undefined;
  if (raw === undefined)
    return {
      value: undefined,
      diagnostics: [
        diagnostic(
          "config/no-codex-home",
          "error",
          "cannot locate CODEX_HOME: set $CODEX_HOME or $HOME, or pass --codex-home",
        ),
      ],
    };
  const real = host.realpath(raw);
  const codexHome = real.ok ? real.value : raw;
  const loaded = loadConfig(host, {
    codexHome,
    ...(options.configFile !== undefined ? { configFile: resolvePath(options.cwd, options.configFile, home) } : {}),
    ...(options.configProfile !== undefined ? { profile: options.configProfile } : {}),
    ...(options.projectCwd !== undefined ? { cwd: options.projectCwd } : {}),
  });
  return { value: loaded.value ? { codexHome, loaded: loaded.value } : undefined, diagnostics: loaded.diagnostics };
}
