// Finds a project's `.codex/config.toml` layers and decides which ones Codex 0.171.0 applies: one per folder
// from the project root down to cwd (none above the root), each only when its folder is trusted — its own
// `[projects."<path>"]` entry, else the project root's, says `trust_level = "trusted"`. IO through the Host only.
import { parse as parseToml } from "smol-toml";
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import { cannotRead } from "../model/file-error.js";
import { findProjectRoot } from "./find-project-root.js";
import type { TrustLevel } from "./parse-config.js";
import { joinPath, normalizePath, pathFromRootTo, resolvePath } from "./paths.js";

export interface ProjectConfigOptions {
  cwd: string;
  codexHome: string;
  projectRootMarkers: readonly string[];
  /** The user config's `[projects.*] trust_level` entries. */
  trust: { readonly [path: string]: TrustLevel };
}

export interface ProjectConfigLayers {
  /** Parsed trusted layers, project root first (a later one overrides an earlier one). */
  docs: Record<string, unknown>[];
  /** Their files, in the same order. */
  files: string[];
  /** The trust decision for cwd (its own entry, else the project root's); undefined when neither has one. */
  cwdTrust?: TrustLevel;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The trust level of `dir`: its own entry, else the project root's (an entry on any other ancestor does not count). */
export function trustOf(
  trust: { readonly [path: string]: TrustLevel },
  dir: string,
  root: string | undefined,
): TrustLevel | undefined {
  return trust[dir] ?? (root !== undefined ? trust[root] : undefined);
}

export function loadProjectConfigLayers(host: Host, options: ProjectConfigOptions): Result<ProjectConfigLayers> {
  const diagnostics: Diagnostic[] = [];
  // The same stricter git-root test as the `.codex/skills` layers (see find-project-root.ts).
  const found = findProjectRoot(host, options.cwd, options.projectRootMarkers, { gitDirNeedsHead: true });
  const root = found.root;
  const cwd = normalizePath(options.cwd);
  const out: ProjectConfigLayers = { docs: [], files: [] };
  // The cwd's own trust (its sandbox and approval defaults, its project docs) inherits only from a git root's
  // entry, never from a root that another project_root_markers entry found (measured: a trusted `.fixture-root`
  // folder leaves its subfolders read-only), though that root's entry still admits their config layers.
  const gitRoot =
    options.projectRootMarkers.length === 1 && options.projectRootMarkers[0] === ".git"
      ? root
      : findProjectRoot(host, options.cwd, [".git"], { gitDirNeedsHead: true }).root;
  const cwdTrust = trustOf(options.trust, cwd, gitRoot);
  if (cwdTrust !== undefined) out.cwdTrust = cwdTrust;
  const codexHome = normalizePath(options.codexHome);
  for (const dir of root === undefined ? [cwd] : pathFromRootTo(root, cwd)) {
    const dotCodex = joinPath(dir, ".codex");
    if (dotCodex === codexHome) continue; // CODEX_HOME is the user layer, not a project layer
    const file = joinPath(dotCodex, "config.toml");
    const st = host.stat(file);
    if (!st.ok || st.value.kind !== "file") continue;
    if (trustOf(options.trust, dir, root) !== "trusted") {
      diagnostics.push(
        diagnostic(
          "config/project-config-untrusted",
          "warning",
          `ignored: ${dir} is not a trusted project (Codex applies a project's .codex/config.toml only when the user config.toml has trust_level = "trusted" for that folder or its project root ${root ?? dir})`,
          { file },
        ),
      );
      continue;
    }
    const read = host.readBytes(file);
    if (!read.ok) {
      diagnostics.push(
        diagnostic("config/unreadable", "error", cannotRead(file, read.error), {
          file,
          data: { code: read.error.code },
        }),
      );
      continue;
    }
    let text: string;
    try {
      text = utf8.decode(read.value.bytes);
    } catch {
      diagnostics.push(diagnostic("config/invalid-utf8", "error", `config ${file} is not valid UTF-8`, { file }));
      continue;
    }
    try {
      out.docs.push(absolutePaths(parseToml(text) as Record<string, unknown>, dotCodex, host.home()));
      out.files.push(file);
    } catch (error) {
      const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "invalid TOML") : "invalid TOML";
      diagnostics.push(diagnostic("config/invalid-toml", "error", `${file}: ${reason}`, { file }));
    }
  }
  return { value: out, diagnostics };
}

/**
 * The layer's relative paths resolved against its own `.codex` folder, as Codex does (measured for
 * `sandbox_workspace_write.writable_roots`; `model_instructions_file` is taken to follow the same rule).
 */
function absolutePaths(doc: Record<string, unknown>, base: string, home: string | undefined): Record<string, unknown> {
  const abs = (p: string) => resolvePath(base, p, home);
  const out = { ...doc };
  if (typeof out["model_instructions_file"] === "string")
    out["model_instructions_file"] = abs(out["model_instructions_file"]);
  const sww = out["sandbox_workspace_write"];
  if (typeof sww === "object" && sww !== null && !Array.isArray(sww)) {
    const roots = (sww as Record<string, unknown>)["writable_roots"];
    if (Array.isArray(roots) && roots.every((r) => typeof r === "string"))
      out["sandbox_workspace_write"] = { ...sww, writable_roots: roots.map(abs) };
  }
  return out;
}
