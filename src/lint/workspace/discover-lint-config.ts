// Finds the lint configuration upward from the linted path: promptc.yaml, .promptcrc.yaml/.yml, or the
// `promptc` key of package.json (first directory that has any wins). Reads through the Host. Does IO.
import { parseDocument } from "yaml";
import type { Host } from "../../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import { dirnameOf, joinPath, normalizePath } from "../../discover/paths.js";
import { oneLine } from "../../model/one-line.js";
import { cannotRead } from "../../model/file-error.js";

export const LINT_CONFIG_FILES = [
  "promptc.yaml",
  "promptc.yml",
  ".promptcrc.yaml",
  ".promptcrc.yml",
  "package.json",
] as const;
/** Config files are small; a bigger one is a mistake, not a config. */
const LINT_CONFIG_MAX_BYTES = 1024 * 1024;
const YAML_MAX_ALIAS_COUNT = 100;

export interface FoundLintConfig {
  /** Absolute path of the file the config came from (undefined: none found, defaults apply). */
  path?: string;
  /** Raw data to validate with validateLintConfig. */
  data: unknown;
}

/** Parses one config file's text; `package.json` contributes its `promptc` key only. */
export function parseLintConfigText(path: string, text: string): Result<unknown> {
  if (path.endsWith("package.json")) {
    try {
      const pkg = JSON.parse(text) as { promptc?: unknown };
      return { value: pkg.promptc, diagnostics: [] };
    } catch (err) {
      return {
        value: undefined,
        diagnostics: [
          diagnostic(
            "meta/invalid-config",
            "error",
            `cannot parse ${path}: ${oneLine(err instanceof Error ? err.message : String(err))}`,
            { file: path },
          ),
        ],
      };
    }
  }
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const first = doc.errors[0];
  if (first)
    return {
      value: undefined,
      diagnostics: [
        diagnostic("meta/invalid-config", "error", `cannot parse ${path}: ${first.message.split("\n")[0]}`, {
          file: path,
        }),
      ],
    };
  try {
    return { value: doc.toJS({ maxAliasCount: YAML_MAX_ALIAS_COUNT }) ?? {}, diagnostics: [] };
  } catch (err) {
    return {
      value: undefined,
      diagnostics: [
        diagnostic(
          "meta/invalid-config",
          "error",
          `cannot parse ${path}: ${oneLine(err instanceof Error ? err.message : String(err))}`,
          { file: path },
        ),
      ],
    };
  }
}

function readText(host: Host, path: string): { text: string } | { error: string } | undefined {
  const read = host.readBytes(path, { maxBytes: LINT_CONFIG_MAX_BYTES });
  if (!read.ok)
    return read.error.code === "ENOENT" || read.error.code === "ENOTDIR" ? undefined : { error: read.error.code };
  if (read.value.truncated) return { error: "EFBIG" };
  return { text: new TextDecoder().decode(read.value.bytes) };
}

/** `explicit` (from --config) must exist; otherwise search upward from `startDir`. */
export function discoverLintConfig(
  host: Host,
  startDir: string,
  explicit?: string,
): Result<FoundLintConfig | undefined> {
  const diagnostics: Diagnostic[] = [];
  const load = (path: string): Result<FoundLintConfig | undefined> | undefined => {
    const got = readText(host, path);
    if (got === undefined) return undefined;
    if ("error" in got)
      return {
        value: undefined,
        diagnostics: [diagnostic("meta/invalid-config", "error", cannotRead(path, got.error), { file: path })],
      };
    const parsed = parseLintConfigText(path, got.text);
    if (parsed.diagnostics.length > 0) return { value: undefined, diagnostics: parsed.diagnostics };
    if (path.endsWith("package.json") && parsed.value === undefined) return undefined;
    return { value: { path, data: parsed.value }, diagnostics: [] };
  };
  if (explicit !== undefined) {
    const r = load(normalizePath(explicit));
    return (
      r ?? {
        value: undefined,
        diagnostics: [diagnostic("meta/invalid-config", "error", cannotRead(explicit, "ENOENT"), { file: explicit })],
      }
    );
  }
  for (let dir = normalizePath(startDir); ; dir = dirnameOf(dir)) {
    for (const name of LINT_CONFIG_FILES) {
      const r = load(joinPath(dir, name));
      if (r) return r;
    }
    if (dir === "/" || dir === "." || dirnameOf(dir) === dir) break;
  }
  return { value: { data: {} }, diagnostics };
}
