// The extras a Python project declares (what `pip install -e '.[test]'` may name): pyproject.toml's
// `[project.optional-dependencies]` and Poetry's `[tool.poetry.extras]`, or setup.cfg's
// `[options.extras_require]`. Pure, over the LintFs.
import { parse } from "smol-toml";
import type { LintFs } from "./lint-project.js";

/** PEP 685: extras compare lower-cased, with runs of `-`, `_` and `.` as one `-`. */
export function normalizeExtra(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

export interface PythonExtras {
  /** The file the extras come from. */
  manifest: string;
  extras: ReadonlySet<string>;
}

/**
 * The extras the project in folder `dir` declares, or undefined when they cannot be known: no manifest, a
 * setup.py (code decides), extras marked dynamic, a file that does not parse.
 */
export function collectPythonExtras(fs: LintFs, dir: string): PythonExtras | undefined {
  const at = (name: string): string => (dir === "" ? name : `${dir}/${name}`);
  const pyproject = fs.readText(at("pyproject.toml"));
  if (pyproject !== undefined) {
    let data: { project?: { "optional-dependencies"?: object; dynamic?: unknown }; tool?: { poetry?: object } };
    try {
      data = parse(pyproject) as typeof data;
    } catch {
      return undefined;
    }
    const project = data.project;
    const poetry = data.tool?.poetry as { extras?: object } | undefined;
    if (project === undefined && poetry === undefined) return undefined;
    if (Array.isArray(project?.dynamic) && project.dynamic.includes("optional-dependencies")) return undefined;
    const names = [...Object.keys(project?.["optional-dependencies"] ?? {}), ...Object.keys(poetry?.extras ?? {})];
    return { manifest: at("pyproject.toml"), extras: new Set(names.map(normalizeExtra)) };
  }
  if (fs.kind(at("setup.py")) === "file") return undefined;
  const cfg = fs.readText(at("setup.cfg"));
  if (cfg === undefined) return undefined;
  const section = /^\[options\.extras_require\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(cfg)?.[1] ?? "";
  const names = [...section.matchAll(/^([A-Za-z0-9][\w.-]*)\s*[=:]/gm)].map((m) => normalizeExtra(m[1] as string));
  return { manifest: at("setup.cfg"), extras: new Set(names) };
}

/** `pip install -e '.[test,dev]'`, `uv pip install "./pkg[docs]"`: the local project folder and the extras named. */
export function parsePipExtras(words: readonly string[]): { dir: string; extras: string[] } | undefined {
  const pip = words.findIndex((w) => /^pip3?$/.test(w) || w === "pip3");
  if (pip < 0 || words[pip + 1] !== "install") return undefined;
  for (const raw of words.slice(pip + 2)) {
    const w = raw.replace(/^["']|["']$/g, "");
    const m = /^(\.{1,2}(?:\/[\w.-]+)*|[\w.-]+(?:\/[\w.-]+)+)\/?\[([\w.,\s-]+)\]$/.exec(w);
    if (!m) continue;
    const dir = m[1] === "." ? "" : (m[1] as string).replace(/^\.\//, "");
    return {
      dir,
      extras: (m[2] as string)
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean),
    };
  }
  return undefined;
}
