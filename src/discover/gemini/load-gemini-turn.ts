// Gathers a GeminiTurn: settings (read-gemini-settings.ts), the context
// files, the project's temp folder id (~/.gemini/projects.json), the directory tree, skills. IO through the Host.
import type { Host } from "../../host/host.js";
import type { BundledSkill } from "../../model/agent-install.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { GEMINI_APPROVAL_MODES, type GeminiTurn } from "../../profiles/gemini-cli/gemini-turn.js";
import { GEMINI_DEFAULTS, geminiModelFamily } from "../../profiles/gemini-cli/gemini-facts.js";
import { formatLongDateInLocale, localeFromEnv } from "../resolve-environment.js";
import { readGeminiJson, readGeminiSettings } from "./read-gemini-settings.js";
import { findProjectRoot } from "../find-project-root.js";
import { basenameOf, joinPath, normalizePath } from "../paths.js";
import {
  concatenateGeminiContext,
  discoverGeminiMemory,
  type GeminiFolders,
  type GeminiMemory,
} from "./discover-gemini-memory.js";
import { renderGeminiFolderStructure, type GeminiTree } from "./gemini-folder-structure.js";
import { discoverGeminiSkills } from "./discover-gemini-skills.js";

export interface LoadGeminiTurnOptions {
  cwd: string;
  home: string;
  date: string;
  platform: string;
  message: string;
  model?: string;
  /** One of GEMINI_APPROVAL_MODES (the CLI checks the flag; anything else counts as not given). */
  approvalMode?: string;
  /** Gemini CLI's npm package folder (its built-in skills live there). */
  installDir?: string;
  /** Its built-in skills as calibration recorded them (read from `installDir` when absent). */
  bundledSkills?: readonly BundledSkill[];
  /** What other launches of the same run already read (lint starts Gemini CLI in many folders of one tree). */
  folders?: GeminiFolders;
  /**
   * Only the file lists are wanted (lint, `agents`): the folder tree and the context texts, prose no file list
   * shows, are left empty in the turn.
   */
  fileListsOnly?: boolean;
}

/** Gemini CLI's slug for a new project folder (its basename, lower-case, non-alphanumerics as `-`). */
export function geminiSlug(text: string): string {
  // One pass, not four regular expressions (each compiled anew in every run): each run of other characters
  // becomes one `-`, then a `-` at either end goes.
  const lower = text.toLowerCase();
  let out = "";
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) out += lower[i];
    else if (!out.endsWith("-")) out += "-";
  }
  if (out.startsWith("-")) out = out.slice(1);
  if (out.endsWith("-")) out = out.slice(0, -1);
  return out || "project";
}

export function geminiProjectId(host: Host, home: string, cwd: string, diagnostics: Diagnostic[]): string {
  const registry = readGeminiJson(host, joinPath(home, ".gemini", "projects.json"));
  const projects = (registry?.projects ?? {}) as { [path: string]: unknown };
  const known = projects[cwd];
  if (typeof known === "string") return known;
  const taken = new Set(Object.values(projects).filter((v): v is string => typeof v === "string"));
  const slug = geminiSlug(basenameOf(cwd) || "project");
  let id = slug;
  for (let n = 1; taken.has(id); n++) id = `${slug}-${n}`;
  diagnostics.push(
    diagnostic(
      "gemini/new-project-id",
      "info",
      `${cwd} is not in ~/.gemini/projects.json yet; Gemini CLI will name its temp folder ${id} (unless a folder under ~/.gemini/tmp already claims that name)`,
    ),
  );
  return id;
}

const NO_TREE: GeminiTree = { lines: "", truncated: false };

export interface LoadedGeminiTurn {
  turn: GeminiTurn;
  memory: GeminiMemory;
  diagnostics: Diagnostic[];
}

export function loadGeminiTurn(host: Host, options: LoadGeminiTurnOptions): LoadedGeminiTurn {
  const diagnostics: Diagnostic[] = [];
  const cwd = normalizePath(options.cwd);
  const settings = readGeminiSettings(host, options.home, cwd, diagnostics);
  const fileNames = settings.fileNames;
  const gitRoot = findProjectRoot(host, cwd, [".git"]).root;
  const memoryOptions: Parameters<typeof discoverGeminiMemory>[1] = { cwd, home: options.home, fileNames };
  if (gitRoot !== undefined) memoryOptions.gitRoot = gitRoot;
  if (options.folders !== undefined) memoryOptions.folders = options.folders;
  const memory = discoverGeminiMemory(host, memoryOptions);
  const prose = options.fileListsOnly !== true;
  const tree = prose ? renderGeminiFolderStructure(host, cwd, { inGit: gitRoot !== undefined }) : NO_TREE;
  const skillOptions: Parameters<typeof discoverGeminiSkills>[1] = { cwd, home: options.home };
  if (options.bundledSkills !== undefined) skillOptions.bundled = options.bundledSkills;
  if (options.installDir !== undefined) skillOptions.installDir = options.installDir;
  else if (options.bundledSkills === undefined)
    diagnostics.push(
      diagnostic(
        "gemini/install-not-found",
        "info",
        "Gemini CLI is neither calibrated nor on PATH; its built-in skills (listed from its install folder) are left out",
      ),
    );
  const model = options.model ?? settings.model ?? GEMINI_DEFAULTS.model;
  const family = geminiModelFamily(model);
  if (family === "2.5")
    diagnostics.push(
      diagnostic(
        "gemini/legacy-model-prose",
        "info",
        `for ${model} Gemini CLI sends the system text of its 2.5 models, which names no approval mode; promptc's prose (stand-in or calibrated) is the one it sends for its 3.x models`,
      ),
    );
  if (family === undefined)
    diagnostics.push(
      diagnostic(
        "gemini/unknown-model",
        "info",
        `Gemini CLI 0.61.0 has no settings of its own for ${model}: it sends the base generation settings (no thinking level or budget)`,
      ),
    );
  const id = geminiProjectId(host, options.home, cwd, diagnostics);
  const turn: GeminiTurn = {
    cwd,
    home: options.home,
    date: options.date,
    platform: options.platform,
    message: options.message,
    model,
    approvalMode: GEMINI_APPROVAL_MODES.find((m) => m === options.approvalMode) ?? settings.approvalMode ?? "default",
    tempDir: joinPath(options.home, ".gemini", "tmp", id),
    inGit: gitRoot !== undefined,
    tree: tree.lines,
    treeTruncated: tree.truncated,
    globalContext: prose ? concatenateGeminiContext(memory.global) : "",
    projectContext: prose ? concatenateGeminiContext(memory.project) : "",
    skills: discoverGeminiSkills(host, skillOptions).map((s) => ({
      name: s.name,
      description: s.description,
      path: s.path,
    })),
    contextFiles: [...memory.global, ...memory.project].map((f) => ({ path: f.path, bytesIn: f.bytesIn })),
    fileNames,
  };
  // Gemini CLI writes the date with the locale Node's ICU takes from the environment.
  const locale = localeFromEnv((name) => host.env(name));
  if (locale !== undefined && locale !== "en-US") {
    const long = formatLongDateInLocale(options.date, locale);
    if (long !== undefined) turn.longDate = long;
  }
  if (turn.approvalMode === "plan")
    diagnostics.push(
      diagnostic(
        "gemini/plan-mode-prose",
        "info",
        "in plan mode Gemini CLI adds a plan-mode section to its system text; promptc's prose (stand-in or calibrated) does not have it",
      ),
    );
  return { turn, memory, diagnostics: [...diagnostics, ...memory.diagnostics] };
}
