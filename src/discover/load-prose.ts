// Loads a profile's prose for the compile: the bundled templates, overlaid by a user's prose directory
// (`--prose-dir`, one file per prose id) and base-instructions file. IO through the Host only.
import type { Host } from "../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import { mergeProse, type ProseEntry, type ProseSet, type ToolLists, type ToolProse } from "../fragments/prose-set.js";
import { DEFAULT_PROSE } from "../profiles/default-prose.generated.js";
import YAML from "yaml";
import { cannotRead } from "../model/file-error.js";

/** A user's prose file is read whole up to this size; more is almost surely the wrong file. */
export const PROSE_FILE_MAX_BYTES = 1024 * 1024;
const TEMPLATE_EXT = ".hbs";
const TEXT_EXTS = [".md", ".txt"];

function readText(host: Host, path: string, diagnostics: Diagnostic[]): string | undefined {
  const r = host.readBytes(path, { maxBytes: PROSE_FILE_MAX_BYTES + 1 });
  if (!r.ok) {
    diagnostics.push(
      diagnostic("prose/unreadable", "error", cannotRead(path, r.error), { file: path, data: { code: r.error.code } }),
    );
    return undefined;
  }
  if (r.value.size > PROSE_FILE_MAX_BYTES) {
    diagnostics.push(
      diagnostic(
        "prose/too-large",
        "error",
        `${path} is ${r.value.size} bytes; prose files are limited to ${PROSE_FILE_MAX_BYTES} bytes`,
        { file: path, data: { size: r.value.size, limit: PROSE_FILE_MAX_BYTES } },
      ),
    );
    return undefined;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(r.value.bytes);
  } catch {
    diagnostics.push(diagnostic("prose/invalid-utf8", "error", `${path} is not valid UTF-8`, { file: path }));
    return undefined;
  }
}

/** Files of a calibrated prose dir taken verbatim (JSON): the tool lists and the layout facts. */
const VERBATIM_FILES: { [name: string]: "request" | "inputItem" | "layout" } = {
  "request-tools.json": "request",
  "additional-tools.json": "inputItem",
  "layout.json": "layout",
};

function parseJson(text: string, path: string, diagnostics: Diagnostic[]): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    diagnostics.push(
      diagnostic(
        "prose/invalid-json",
        "error",
        `${path}: not valid JSON (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`,
        { file: path },
      ),
    );
    return undefined;
  }
}

function join(dir: string, name: string): string {
  return dir.endsWith("/") ? dir + name : `${dir}/${name}`;
}

function parseTools(text: string, path: string, diagnostics: Diagnostic[]): { [name: string]: ToolProse } | undefined {
  try {
    const data: unknown = YAML.parse(text, { maxAliasCount: 100 });
    if (data === null || typeof data !== "object" || Array.isArray(data))
      throw new Error("expected a mapping of tool names");
    const out: { [name: string]: ToolProse } = {};
    for (const [name, v] of Object.entries(data as { [k: string]: unknown })) {
      const o = v as { description?: unknown; parameters?: unknown };
      if (typeof o?.description !== "string") throw new Error(`tool ${name}: description must be a string`);
      const tp: ToolProse = { description: o.description };
      if (o.parameters && typeof o.parameters === "object")
        tp.parameters = Object.fromEntries(Object.entries(o.parameters).map(([k, d]) => [k, String(d)]));
      out[name] = tp;
    }
    return out;
  } catch (error) {
    diagnostics.push(
      diagnostic("prose/invalid-tools", "error", `${path}: ${error instanceof Error ? error.message : String(error)}`, {
        file: path,
      }),
    );
    return undefined;
  }
}

export interface LoadProseOptions {
  /** Directory with `<prose-id>.hbs` (template) or `<prose-id>.md`/`.txt` (verbatim) files and optional `tools.yaml`. */
  proseDir?: string;
  /** File whose text replaces the base instructions prose verbatim. */
  baseInstructionsFile?: string;
  /** Prose to overlay instead of the bundled set (a calibrated set). */
  base?: ProseSet;
}

/** The profile's bundled prose, overlaid by user files (marked `user-supplied`). */
export function loadProse(host: Host, profile: string, options: LoadProseOptions = {}): Result<ProseSet> {
  const diagnostics: Diagnostic[] = [];
  const base = options.base ?? DEFAULT_PROSE[profile];
  if (!base)
    return {
      value: { profile, entries: {}, tools: {}, toolsOrigin: "user-supplied" },
      diagnostics: [diagnostic("prose/unknown-profile", "error", `no bundled prose for profile ${profile}`)],
    };
  const entries: { [id: string]: ProseEntry } = {};
  let tools: { [name: string]: ToolProse } | undefined;
  let toolsPath: string | undefined;
  let toolLists: ToolLists | undefined;
  let layoutFacts: { [key: string]: unknown } | undefined;
  if (options.proseDir !== undefined) {
    const dir = options.proseDir;
    const listing = host.readDir(dir);
    if (!listing.ok) {
      diagnostics.push(
        diagnostic("prose/unreadable", "error", cannotRead(dir, listing.error), {
          file: dir,
          data: { code: listing.error.code },
        }),
      );
    } else {
      for (const e of listing.value) {
        const path = join(dir, e.name);
        const verbatim = VERBATIM_FILES[e.name];
        if (verbatim !== undefined) {
          const text = readText(host, path, diagnostics);
          const value = text === undefined ? undefined : parseJson(text, path, diagnostics);
          if (verbatim === "layout") {
            if (value !== null && typeof value === "object" && !Array.isArray(value))
              layoutFacts = value as { [key: string]: unknown };
          } else if (Array.isArray(value)) {
            toolLists ??= { origin: "user-supplied", path: dir };
            toolLists[verbatim] = value;
          } else if (value !== undefined)
            diagnostics.push(
              diagnostic("prose/invalid-tools", "error", `${path}: expected a JSON list of tools`, { file: path }),
            );
          continue;
        }
        if (e.name === "tools.yaml" || e.name === "tools.json") {
          const text = readText(host, path, diagnostics);
          if (text !== undefined) {
            tools = parseTools(text, path, diagnostics);
            toolsPath = path;
          }
          continue;
        }
        const ext = [TEMPLATE_EXT, ...TEXT_EXTS].find((x) => e.name.endsWith(x));
        if (!ext) continue;
        const id = e.name.slice(0, -ext.length);
        if (entries[id]) {
          diagnostics.push(
            diagnostic(
              "prose/duplicate",
              "warning",
              `${path}: prose ${id} already given by ${entries[id]?.path}; ignored`,
              { file: path },
            ),
          );
          continue;
        }
        if (!(id in base.entries))
          diagnostics.push(
            diagnostic(
              "prose/unknown-id",
              "warning",
              `${path}: profile ${profile} has no prose fragment ${id}; the file is not used`,
              { file: path },
            ),
          );
        const source = readText(host, path, diagnostics);
        if (source === undefined) continue;
        entries[id] = { id, kind: ext === TEMPLATE_EXT ? "template" : "text", source, origin: "user-supplied", path };
      }
    }
  }
  if (options.baseInstructionsFile !== undefined) {
    const path = options.baseInstructionsFile;
    const source = readText(host, path, diagnostics);
    if (source !== undefined) {
      if (source.trim() === "")
        diagnostics.push(
          diagnostic("prose/empty", "error", `${path} is empty; base instructions must not be empty`, { file: path }),
        );
      else
        entries["base-instructions"] = { id: "base-instructions", kind: "text", source, origin: "user-supplied", path };
    }
  }
  const overlay: Parameters<typeof mergeProse>[1] = { entries };
  if (tools) overlay.tools = tools;
  if (toolsPath !== undefined) overlay.toolsPath = toolsPath;
  const merged = mergeProse(base, overlay);
  if (toolLists) merged.toolLists = toolLists;
  if (layoutFacts) merged.layoutFacts = layoutFacts;
  return { value: merged, diagnostics };
}
