// `[shell_environment_policy]` of config.toml: which environment variables a tool's child process gets. Types and
// constants only (pure); the algorithm is loop/sandbox/build-tool-environment.ts, the parser discover/parse-config.ts.

export const ENVIRONMENT_INHERIT_MODES = ["all", "core", "none"] as const;
export type EnvironmentInherit = (typeof ENVIRONMENT_INHERIT_MODES)[number];

export interface ShellEnvironmentPolicy {
  /** Starting set: the whole environment, the core variables, or nothing. */
  inherit: EnvironmentInherit;
  /** True to skip DEFAULT_ENVIRONMENT_EXCLUDES (then secrets named like them reach the tool). */
  ignoreDefaultExcludes: boolean;
  /** Case-insensitive globs (`*`, `?`) of names to remove. */
  exclude: string[];
  /** Variables set after the filters (they win over inherited values). */
  set: { [name: string]: string };
  /** When not empty, only names matching one of these globs are kept (applied last). */
  includeOnly: string[];
}

/** What `inherit = "core"` keeps (the names Codex keeps). */
export const CORE_ENVIRONMENT_VARIABLES: readonly string[] = [
  "HOME",
  "LOGNAME",
  "PATH",
  "SHELL",
  "USER",
  "USERNAME",
  "TMPDIR",
  "TEMP",
  "TMP",
];

/**
 * Removed unless `ignore_default_excludes = true`. Codex 0.171 documents these three patterns but defaults
 * `ignore_default_excludes` to true (so it passes them on); promptc applies them by default: a tool never sees a
 * variable whose name says it holds a key, secret or token unless the user asks for it.
 */
export const DEFAULT_ENVIRONMENT_EXCLUDES: readonly string[] = ["*KEY*", "*SECRET*", "*TOKEN*"];

export const DEFAULT_SHELL_ENVIRONMENT_POLICY: ShellEnvironmentPolicy = {
  inherit: "all",
  ignoreDefaultExcludes: false,
  exclude: [],
  set: {},
  includeOnly: [],
};
