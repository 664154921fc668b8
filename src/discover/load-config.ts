// Loads `$CODEX_HOME/config.toml` (or `--config FILE`) and the `model_instructions_file` it names.
// IO through the Host only.
import { parse as parseToml } from "smol-toml";
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import { defaultCodexConfig, parseConfig } from "./parse-config.js";
import type { CodexConfig, TrustLevel } from "./parse-config.js";
import { loadProjectConfigLayers } from "./load-project-config.js";
import { dirnameOf, joinPath } from "./paths.js";
import { rustTrim } from "./text-utils.js";
import { appendAll } from "../model/append-all.js";
import { cannotRead } from "../model/file-error.js";

export interface LoadConfigOptions {
  codexHome: string;
  /** Explicit config file; unlike the default location it must exist. */
  configFile?: string;
  /** `--profile NAME`: `NAME.config.toml` beside the config file is layered over it. */
  profile?: string;
  /** The turn's working directory: trusted project `.codex/config.toml` layers between its root and it apply. */
  cwd?: string;
}

export interface LoadedConfig {
  config: CodexConfig;
  /** The project config files applied (project root first), when any. */
  projectConfigFiles?: string[];
  /** The trust decision for `cwd` (its own `[projects.*]` entry, else its project root's), when it has one. */
  cwdTrust?: TrustLevel;
  /** Contents of `model_instructions_file`, when configured. */
  baseInstructions?: { text: string; source: string };
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `profile` and its `NAME.config.toml` (parsed) for parseConfig; problems with that file go to `diagnostics`. */
function profileOptions(
  host: Host,
  options: LoadConfigOptions,
  path: string,
  diagnostics: Diagnostic[],
): { profile?: string; profileDoc?: Record<string, unknown> } {
  if (options.profile === undefined) return {};
  // Beside the config file in use: $CODEX_HOME, or the folder of `--config FILE`.
  const file = joinPath(dirnameOf(path), `${options.profile}.config.toml`);
  const got = host.stat(file).ok ? host.readBytes(file) : undefined;
  if (got === undefined || !got.ok) {
    // `codex --profile NAME debug prompt-input` runs on config.toml alone when the file is missing (0.171.0).
    diagnostics.push(
      diagnostic(
        "config/unknown-profile",
        "warning",
        `config profile \`${options.profile}\`: no ${file}; config.toml alone applies`,
        { file },
      ),
    );
    return { profile: options.profile };
  }
  try {
    return { profile: options.profile, profileDoc: parseToml(utf8.decode(got.value.bytes)) as Record<string, unknown> };
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "invalid TOML") : "invalid TOML";
    diagnostics.push(diagnostic("config/invalid-toml", "error", `${file}: ${reason}`, { file }));
    return { profile: options.profile };
  }
}

/** `value` is undefined when the config cannot be used: the CLI reports the error and exits 2. */
export function loadConfig(host: Host, options: LoadConfigOptions): Result<LoadedConfig | undefined> {
  const path = options.configFile ?? joinPath(options.codexHome, "config.toml");
  const diagnostics: Diagnostic[] = [];
  // stat first (a missing file costs the same one call): a FIFO would block the read.
  const st = host.stat(path);
  const read =
    st.ok && st.value.kind !== "file"
      ? {
          ok: false as const,
          error: { code: st.value.kind === "directory" ? "EISDIR" : "EINVAL", message: "not a regular file" },
        }
      : st.ok
        ? host.readBytes(path)
        : st;
  let config: CodexConfig;
  let reparse: ((projectDocs: Record<string, unknown>[]) => Result<CodexConfig | undefined>) | undefined;
  if (!read.ok) {
    if (read.error.code === "ENOENT" && options.configFile === undefined) {
      config = defaultCodexConfig();
      if (options.profile !== undefined || options.cwd !== undefined) {
        const parseOptions = { path, ...profileOptions(host, options, path, diagnostics) };
        reparse = (projectDocs) => parseConfig("", { ...parseOptions, projectDocs });
        const parsed = reparse([]);
        appendAll(diagnostics, parsed.diagnostics);
        if (!parsed.value || diagnostics.some((d) => d.severity === "error")) return { value: undefined, diagnostics };
        config = options.profile !== undefined ? parsed.value : defaultCodexConfig();
      }
    } else {
      diagnostics.push(
        diagnostic("config/unreadable", "error", cannotRead(path, read.error), {
          file: path,
          data: { code: read.error.code },
        }),
      );
      return { value: undefined, diagnostics };
    }
  } else {
    let text: string;
    try {
      text = utf8.decode(read.value.bytes);
    } catch {
      diagnostics.push(diagnostic("config/invalid-utf8", "error", `config ${path} is not valid UTF-8`, { file: path }));
      return { value: undefined, diagnostics };
    }
    const home = host.home();
    const parseOptions = { path, ...profileOptions(host, options, path, diagnostics), ...(home ? { home } : {}) };
    const userText = text;
    reparse = (projectDocs) => parseConfig(userText, { ...parseOptions, projectDocs });
    const parsed = reparse([]);
    appendAll(diagnostics, parsed.diagnostics);
    if (!parsed.value || diagnostics.some((d) => d.rule === "config/invalid-toml" || d.rule === "config/unreadable"))
      return { value: undefined, diagnostics };
    config = parsed.value;
  }

  const loaded: LoadedConfig = { config };
  if (options.cwd !== undefined && reparse !== undefined) {
    const layers = loadProjectConfigLayers(host, {
      cwd: options.cwd,
      codexHome: options.codexHome,
      projectRootMarkers: config.projectRootMarkers,
      trust: config.projectTrust ?? {},
    });
    appendAll(diagnostics, layers.diagnostics);
    if (layers.diagnostics.some((d) => d.severity === "error")) return { value: undefined, diagnostics };
    if (layers.value.cwdTrust !== undefined) loaded.cwdTrust = layers.value.cwdTrust;
    if (layers.value.docs.length > 0) {
      // The user config's own diagnostics are already in; keep only what the project layers add.
      const parsed = reparse(layers.value.docs);
      const seen = new Set(diagnostics.map((d) => d.message));
      appendAll(
        diagnostics,
        parsed.diagnostics.filter((d) => !seen.has(d.message)),
      );
      if (!parsed.value) return { value: undefined, diagnostics };
      loaded.config = config = parsed.value;
      loaded.projectConfigFiles = layers.value.files;
    }
  }
  if (config.modelInstructionsFile !== undefined) {
    const file = config.modelInstructionsFile;
    const got = host.readBytes(file);
    let text: string | undefined;
    if (got.ok) {
      try {
        text = utf8.decode(got.value.bytes);
      } catch {
        diagnostics.push(
          diagnostic("config/invalid-utf8", "error", `model_instructions_file ${file} is not valid UTF-8`, { file }),
        );
        return { value: undefined, diagnostics };
      }
    }
    if (!got.ok) {
      diagnostics.push(
        diagnostic(
          "config/model-instructions-unreadable",
          "error",
          `model_instructions_file: ${cannotRead(file, got.error)}`,
          { file },
        ),
      );
      return { value: undefined, diagnostics };
    }
    if (text === undefined || rustTrim(text) === "") {
      diagnostics.push(
        diagnostic("config/model-instructions-empty", "error", `model_instructions_file ${file} is empty`, { file }),
      );
      return { value: undefined, diagnostics };
    }
    // Codex keeps the trimmed contents (unverified against 0.171.0: `debug prompt-input` does not print them).
    loaded.baseInstructions = { text: rustTrim(text), source: file };
  }
  return { value: loaded, diagnostics };
}
