// Parses and validates Codex's config.toml (the keys promptc uses), with the selected profile's file layered over it.
// Pure: text in, CodexConfig + diagnostics out.
import { parse, TomlError } from "smol-toml";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import {
  CONFIG_APPROVAL_POLICIES,
  SANDBOX_MODES,
  type ApprovalPolicy,
  type SandboxMode,
} from "../model/permission-modes.js";
import {
  DEFAULT_SHELL_ENVIRONMENT_POLICY,
  ENVIRONMENT_INHERIT_MODES,
  type ShellEnvironmentPolicy,
} from "../model/shell-environment-policy.js";
import { dirnameOf, resolvePath } from "./paths.js";

export const DEFAULT_PROJECT_ROOT_MARKERS: readonly string[] = [".git"];
import { AGENTS_MD_MAX_BYTES as PROJECT_DOC_MAX_BYTES } from "../profiles/discovery-rules.js";
export { PROJECT_DOC_MAX_BYTES };

export interface CodexConfig {
  /** The file the values came from (absent when there was no config file). */
  path?: string;
  /** `--profile` name, if any (its settings come from `$CODEX_HOME/NAME.config.toml`). */
  profile?: string;
  model?: string;
  /** Where `model` came from: the selected `[profiles.X]` or the top level. */
  modelSource?: "profile" | "top-level";
  /** `model_reasoning_effort`, `model_reasoning_summary`, `model_verbosity` (they override the catalogue's defaults). */
  modelReasoningEffort?: string;
  modelReasoningSummary?: string;
  modelVerbosity?: string;
  developerInstructions?: string;
  /** Absolute path of `model_instructions_file` (relative paths resolve against the config's folder). */
  modelInstructionsFile?: string;
  projectDocMaxBytes: number;
  projectDocFallbackFilenames: string[];
  projectRootMarkers: string[];
  sandboxMode?: SandboxMode;
  approvalPolicy?: ApprovalPolicy;
  modelContextWindow?: number;
  modelAutoCompactTokenLimit?: number;
  compactPrompt?: string;
  /** `[sandbox_workspace_write]`. */
  writableRoots: string[];
  networkAccess: boolean;
  /** `[[skills.config]]` entries with `enabled = false` (absolute paths). */
  disabledSkillPaths: string[];
  /** `[shell_environment_policy]` when config.toml has the table: the environment tool processes get. */
  shellEnvironmentPolicy?: ShellEnvironmentPolicy;
  /** `[projects."<abs path>"] trust_level` of the user config (a project config's own `projects` is not read). */
  projectTrust?: { [path: string]: TrustLevel };
}

export const TRUST_LEVELS = ["trusted", "untrusted"] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

export interface ParseConfigOptions {
  /** Path of the file, for diagnostics and for resolving relative paths. */
  path: string;
  /** `--profile NAME`. */
  profile?: string;
  /** The parsed `$CODEX_HOME/NAME.config.toml` of that profile, when it exists. */
  profileDoc?: Record<string, unknown>;
  /** Trusted project `.codex/config.toml` layers, project root first: each overrides the ones before and the user config. */
  projectDocs?: readonly Record<string, unknown>[];
  home?: string;
}

export function defaultCodexConfig(): CodexConfig {
  return {
    projectDocMaxBytes: PROJECT_DOC_MAX_BYTES,
    projectDocFallbackFilenames: [],
    projectRootMarkers: [...DEFAULT_PROJECT_ROOT_MARKERS],
    writableRoots: [],
    networkAccess: false,
    disabledSkillPaths: [],
  };
}

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

/** `over` layered on `under`: tables merge recursively, anything else replaces. */
function layered(over: unknown, under: unknown): unknown {
  if (over === undefined) return under;
  if (!isTable(over) || !isTable(under)) return over;
  const out: Table = { ...under };
  for (const [k, v] of Object.entries(over)) out[k] = layered(v, under[k]);
  return out;
}

/** Returns `value: undefined` when the file cannot be used (Codex refuses to start on these). */
export function parseConfig(text: string, options: ParseConfigOptions): Result<CodexConfig | undefined> {
  const file = options.path;
  const diagnostics: Diagnostic[] = [];
  let doc: Table;
  try {
    // An absent config is parsed as "": the table smol-toml would return (null prototype), without loading it.
    doc = text === "" ? (Object.create(null) as Table) : (parse(text) as Table);
  } catch (error) {
    if (error instanceof TomlError) {
      const reason = error.message.split("\n")[0] ?? "invalid TOML";
      diagnostics.push(
        diagnostic("config/invalid-toml", "error", `${file}:${error.line}:${error.column}: ${reason}`, {
          file,
          place: { line: error.line, column: error.column },
        }),
      );
      return { value: undefined, diagnostics };
    }
    throw error;
  }
  const baseDir = dirnameOf(file);
  const config = defaultCodexConfig();
  config.path = file;
  const bad = (key: string, expected: string): void => {
    diagnostics.push(
      diagnostic("config/invalid-value", "error", `${file}: \`${key}\` must be ${expected}`, { file, data: { key } }),
    );
  };

  // Codex 0.171.0 refuses the legacy profile forms (measured with `codex exec`): a top-level `profile` key, and
  // `--profile X` while config.toml has `[profiles.X]`. A profile is `$CODEX_HOME/X.config.toml`, layered over
  // config.toml; an unselected `[profiles.*]` table is ignored.
  if (doc["profile"] !== undefined) {
    const name = typeof doc["profile"] === "string" ? doc["profile"] : "NAME";
    diagnostics.push(
      diagnostic(
        "config/legacy-profile",
        "error",
        `${file}: legacy \`profile = "${name}"\` config is no longer supported by Codex 0.171.0; use \`--profile ${name}\` with ${name}.config.toml instead`,
        { file },
      ),
    );
    return { value: undefined, diagnostics };
  }
  let profile: Table = {};
  if (options.profile !== undefined) {
    const profiles = isTable(doc["profiles"]) ? doc["profiles"] : {};
    if (profiles[options.profile] !== undefined) {
      diagnostics.push(
        diagnostic(
          "config/legacy-profile",
          "error",
          `${file}: --profile ${options.profile} cannot be used while config.toml has a legacy [profiles.${options.profile}] table (Codex 0.171.0 refuses it); move it to ${options.profile}.config.toml`,
          { file },
        ),
      );
      return { value: undefined, diagnostics };
    }
    config.profile = options.profile;
    if (options.profileDoc !== undefined) profile = options.profileDoc;
  }
  // Profile values override config.toml's, project layers (root first, cwd last) override both; tables merge key by key.
  const projectDocs = options.projectDocs ?? [];
  const get = (key: string): unknown =>
    projectDocs.reduce<unknown>((under, layer) => layered(layer[key], under), layered(profile[key], doc[key]));

  const str = (key: string): string | undefined => {
    const v = get(key);
    if (v === undefined) return undefined;
    if (typeof v === "string") return v;
    bad(key, "a string");
    return undefined;
  };
  const nonNegInt = (key: string): number | undefined => {
    const v = get(key);
    if (v === undefined) return undefined;
    if (typeof v === "number" && Number.isInteger(v) && v >= 0) return v;
    if (typeof v === "bigint" && v >= 0n && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
    bad(key, "a non-negative integer");
    return undefined;
  };
  const oneOf = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    const v = str(key);
    if (v === undefined) return undefined;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    bad(key, `one of ${allowed.map((a) => `"${a}"`).join(", ")}`);
    return undefined;
  };

  config.model = str("model");
  if (config.model !== undefined) config.modelSource = profile["model"] !== undefined ? "profile" : "top-level";
  config.modelReasoningEffort = str("model_reasoning_effort");
  config.modelReasoningSummary = str("model_reasoning_summary");
  config.modelVerbosity = str("model_verbosity");
  config.developerInstructions = str("developer_instructions");
  const mif = str("model_instructions_file");
  if (mif !== undefined) config.modelInstructionsFile = resolvePath(baseDir, mif, options.home);
  config.projectDocMaxBytes = nonNegInt("project_doc_max_bytes") ?? PROJECT_DOC_MAX_BYTES;
  const fallbacks = get("project_doc_fallback_filenames");
  if (fallbacks !== undefined) {
    if (isStringArray(fallbacks)) config.projectDocFallbackFilenames = fallbacks;
    else bad("project_doc_fallback_filenames", "an array of strings");
  }
  const markers = get("project_root_markers");
  if (markers !== undefined) {
    if (isStringArray(markers)) config.projectRootMarkers = markers;
    // Codex only warns here and keeps the default.
    else
      diagnostics.push(
        diagnostic(
          "config/invalid-project-root-markers",
          "warning",
          `${file}: \`project_root_markers\` must be an array of strings; using the default [".git"]`,
          { file },
        ),
      );
  }
  config.sandboxMode = oneOf("sandbox_mode", SANDBOX_MODES);
  // 0.171.0 refuses to start on `untrusted` (a folder's untrusted trust entry is the only way to it).
  if (get("approval_policy") === "untrusted")
    diagnostics.push(
      diagnostic(
        "config/invalid-value",
        "error",
        `${file}: approval_policy = "untrusted" is no longer supported by Codex 0.171.0; remove this setting`,
        { file, data: { key: "approval_policy" } },
      ),
    );
  else config.approvalPolicy = oneOf("approval_policy", CONFIG_APPROVAL_POLICIES);
  config.modelContextWindow = nonNegInt("model_context_window");
  config.modelAutoCompactTokenLimit = nonNegInt("model_auto_compact_token_limit");
  config.compactPrompt = str("compact_prompt");

  const sww = get("sandbox_workspace_write");
  if (sww !== undefined) {
    if (!isTable(sww)) bad("sandbox_workspace_write", "a table");
    else {
      const roots = sww["writable_roots"];
      if (roots !== undefined) {
        if (isStringArray(roots)) config.writableRoots = roots.map((r) => resolvePath(baseDir, r, options.home));
        else bad("sandbox_workspace_write.writable_roots", "an array of strings");
      }
      const net = sww["network_access"];
      if (net !== undefined) {
        if (typeof net === "boolean") config.networkAccess = net;
        else bad("sandbox_workspace_write.network_access", "a boolean");
      }
    }
  }

  const sep = get("shell_environment_policy");
  if (sep !== undefined) {
    if (!isTable(sep)) bad("shell_environment_policy", "a table");
    else config.shellEnvironmentPolicy = parseShellEnvironmentPolicy(sep, bad);
  }

  const projects = doc["projects"];
  if (projects !== undefined) {
    if (!isTable(projects)) bad("projects", "a table");
    else
      for (const [path, entry] of Object.entries(projects)) {
        const level = isTable(entry) ? entry["trust_level"] : undefined;
        if (level === undefined) continue;
        if (typeof level === "string" && (TRUST_LEVELS as readonly string[]).includes(level))
          (config.projectTrust ??= {})[path] = level as TrustLevel;
        else
          diagnostics.push(
            diagnostic(
              "config/invalid-value",
              "warning",
              `${file}: \`projects."${path}".trust_level\` must be one of ${TRUST_LEVELS.map((t) => `"${t}"`).join(", ")}; the entry is ignored`,
              { file, data: { key: `projects."${path}".trust_level` } },
            ),
          );
      }
  }

  const skills = doc["skills"];
  if (isTable(skills) && skills["config"] !== undefined) {
    const entries = skills["config"];
    if (!Array.isArray(entries)) bad("skills.config", "an array of tables");
    else
      for (const entry of entries) {
        if (!isTable(entry) || typeof entry["path"] !== "string") {
          bad("skills.config", "tables with a string `path`");
          continue;
        }
        if (entry["enabled"] === false)
          config.disabledSkillPaths.push(resolvePath(baseDir, entry["path"], options.home));
      }
  }

  // Drop undefined optionals so whole-object equality in tests stays simple.
  for (const key of Object.keys(config) as (keyof CodexConfig)[]) if (config[key] === undefined) delete config[key];
  const failed = diagnostics.some((d) => d.severity === "error");
  return { value: failed ? undefined : config, diagnostics };
}

function parseShellEnvironmentPolicy(
  table: Table,
  bad: (key: string, expected: string) => void,
): ShellEnvironmentPolicy {
  const policy: ShellEnvironmentPolicy = { ...DEFAULT_SHELL_ENVIRONMENT_POLICY, exclude: [], set: {}, includeOnly: [] };
  const key = (k: string) => `shell_environment_policy.${k}`;
  const inherit = table["inherit"];
  if (inherit !== undefined) {
    if (typeof inherit === "string" && (ENVIRONMENT_INHERIT_MODES as readonly string[]).includes(inherit))
      policy.inherit = inherit as ShellEnvironmentPolicy["inherit"];
    else bad(key("inherit"), `one of ${ENVIRONMENT_INHERIT_MODES.map((m) => `"${m}"`).join(", ")}`);
  }
  const ignore = table["ignore_default_excludes"];
  if (ignore !== undefined) {
    if (typeof ignore === "boolean") policy.ignoreDefaultExcludes = ignore;
    else bad(key("ignore_default_excludes"), "a boolean");
  }
  for (const [name, field] of [
    ["exclude", "exclude"],
    ["include_only", "includeOnly"],
  ] as const) {
    const v = table[name];
    if (v === undefined) continue;
    if (isStringArray(v)) policy[field] = v;
    else bad(key(name), "an array of strings");
  }
  const set = table["set"];
  if (set !== undefined) {
    if (isTable(set) && Object.values(set).every((v) => typeof v === "string"))
      policy.set = set as { [name: string]: string };
    else bad(key("set"), "a table of strings");
  }
  return policy;
}
