// Loads `$CODEX_HOME/config.toml` (or `--config FILE`) and the `model_instructions_file` it names.
// IO through the Host only.
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import { defaultCodexConfig, parseConfig } from "./parse-config.js";
import type { CodexConfig } from "./parse-config.js";
import { joinPath } from "./paths.js";
import { rustTrim } from "./text-utils.js";
import { appendAll } from "../model/append-all.js";
import { cannotRead } from "../model/file-error.js";

export interface LoadConfigOptions {
  codexHome: string;
  /** Explicit config file; unlike the default location it must exist. */
  configFile?: string;
  /** `[profiles.X]` to select (overrides the file's `profile` key). */
  profile?: string;
}

export interface LoadedConfig {
  config: CodexConfig;
  /** Contents of `model_instructions_file`, when configured. */
  baseInstructions?: { text: string; source: string };
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `value` is undefined when the config cannot be used: the CLI reports the error and exits 2. */
export function loadConfig(host: Host, options: LoadConfigOptions): Result<LoadedConfig | undefined> {
  const path = options.configFile ?? joinPath(options.codexHome, "config.toml");
  const diagnostics: Diagnostic[] = [];
  // stat first (a missing file costs the same one call): a FIFO would block the read.
  const st = host.stat(path);
  const read = st.ok && st.value.kind !== "file" ? { ok: false as const, error: { code: st.value.kind === "directory" ? "EISDIR" : "EINVAL", message: "not a regular file" } } : st.ok ? host.readBytes(path) : st;
  let config: CodexConfig;
  if (!read.ok) {
    if (read.error.code === "ENOENT" && options.configFile === undefined) {
      config = defaultCodexConfig();
      if (options.profile !== undefined) {
        diagnostics.push(diagnostic("config/unknown-profile", "error", `config profile \`${options.profile}\` not found (no ${path})`, { file: path }));
        return { value: undefined, diagnostics };
      }
    } else {
      diagnostics.push(diagnostic("config/unreadable", "error", cannotRead(path, read.error), { file: path, data: { code: read.error.code } }));
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
    const parsed = parseConfig(text, { path, ...(options.profile !== undefined ? { profile: options.profile } : {}), ...(home ? { home } : {}) });
    appendAll(diagnostics, parsed.diagnostics);
    if (!parsed.value) return { value: undefined, diagnostics };
    config = parsed.value;
  }

  const loaded: LoadedConfig = { config };
  if (config.modelInstructionsFile !== undefined) {
    const file = config.modelInstructionsFile;
    const got = host.readBytes(file);
    let text: string | undefined;
    if (got.ok) {
      try {
        text = utf8.decode(got.value.bytes);
      } catch {
        diagnostics.push(diagnostic("config/invalid-utf8", "error", `model_instructions_file ${file} is not valid UTF-8`, { file }));
        return { value: undefined, diagnostics };
      }
    }
    if (!got.ok) {
      diagnostics.push(diagnostic("config/model-instructions-unreadable", "error", `model_instructions_file: ${cannotRead(file, got.error)}`, { file }));
      return { value: undefined, diagnostics };
    }
    if (text === undefined || rustTrim(text) === "") {
      diagnostics.push(diagnostic("config/model-instructions-empty", "error", `model_instructions_file ${file} is empty`, { file }));
      return { value: undefined, diagnostics };
    }
    // Codex keeps the trimmed contents (unverified against 0.171.0: `debug prompt-input` does not print them).
    loaded.baseInstructions = { text: rustTrim(text), source: file };
  }
  return { value: loaded, diagnostics };
}
