// The environment a tool's child process gets, from the parent's environment and `[shell_environment_policy]`. Pure.
// Steps as Codex documents them: inherit → default excludes → exclude → set → include_only.
import {
  CORE_ENVIRONMENT_VARIABLES,
  DEFAULT_ENVIRONMENT_EXCLUDES,
  type ShellEnvironmentPolicy,
} from "../../model/shell-environment-policy.js";

export interface ToolEnvironment {
  /** What the child gets, exactly. */
  env: { [name: string]: string };
  /** Names removed by an exclude pattern (default or configured), sorted: their values are secrets to redact. */
  excluded: string[];
}

export function buildToolEnvironment(
  parent: { readonly [name: string]: string | undefined },
  policy: ShellEnvironmentPolicy,
): ToolEnvironment {
  const env: { [name: string]: string } = {};
  const core = new Set(CORE_ENVIRONMENT_VARIABLES);
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined) continue;
    if (policy.inherit === "all" || (policy.inherit === "core" && core.has(name))) env[name] = value;
  }
  const excluded = new Set<string>();
  const patterns = [...(policy.ignoreDefaultExcludes ? [] : DEFAULT_ENVIRONMENT_EXCLUDES), ...policy.exclude];
  // Excluded is judged on the parent's names, so a secret is redacted even when `inherit` already left it out.
  for (const name of Object.keys(parent))
    if (parent[name] !== undefined && patterns.some((p) => matchesEnvironmentPattern(name, p))) excluded.add(name);
  for (const name of excluded) delete env[name];
  for (const [name, value] of Object.entries(policy.set)) env[name] = value;
  if (policy.includeOnly.length > 0)
    for (const name of Object.keys(env))
      if (!policy.includeOnly.some((p) => matchesEnvironmentPattern(name, p))) delete env[name];
  // A variable the user sets on purpose is not a secret to hide from tool output.
  for (const name of Object.keys(policy.set)) excluded.delete(name);
  return { env, excluded: [...excluded].sort() };
}

/** Case-insensitive glob: `*` any run, `?` one character, everything else literal. */
export function matchesEnvironmentPattern(name: string, pattern: string): boolean {
  const source = [...pattern]
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`, "is").test(name);
}
