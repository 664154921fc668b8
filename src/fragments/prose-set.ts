// ProseSet: the prose (templates and texts) a profile renders, passed to the pure compile as data.
// Pure: types plus lookup helpers; reading prose files is IO and lives in src/discover/load-prose.ts.
import type { ProseOrigin } from "../model/manifest.js";

/** Every prose fragment a profile may render, one file per id (`<id>.hbs` or raw `<id>.md`/`.txt`). */
export const PROSE_IDS = [
  "base-instructions",
  "skills-preamble",
  "permissions-sandbox-read-only",
  "permissions-sandbox-workspace-write",
  "permissions-sandbox-danger-full-access",
  "permissions-approval-never",
  "permissions-approval-on-request",
  "permissions-approval-on-failure",
  "permissions-approval-untrusted",
  "permissions-approved-prefixes",
  "permissions-writable-roots",
  // Session updates (src/session/settings-update.ts).
  "model-switch",
  "agents-md-replaced",
  "agents-md-removed",
  // History normalisation for text-only models (src/session/normalize-history.ts).
  "image-omitted",
  // Per-model layouts (src/profiles/codex-models): texts the catalogue's fields add.
  "skills-usage",
  "deferred-tools",
  "collaboration-mode",
  "multi-agent-role",
  "multi-agent-mode",
] as const;

export type ProseId = (typeof PROSE_IDS)[number];

export interface ProseEntry {
  id: string;
  /** `template` = Handlebars source; `text` = used verbatim (user files that are not `.hbs`). */
  kind: "template" | "text";
  source: string;
  origin: Exclude<ProseOrigin, "data">;
  /** File it came from, when it came from a file. */
  path?: string;
}

/** Description prose for one tool: the tool itself and its parameters by dotted path (`questions.options.label`). */
export interface ToolProse {
  description: string;
  parameters?: { [path: string]: string };
}

export interface ProseSet {
  profile: string;
  entries: { [id: string]: ProseEntry };
  /** Tool descriptions by tool name (namespaced tools: `namespace.tool`). */
  tools: { [name: string]: ToolProse };
  toolsOrigin: Exclude<ProseOrigin, "data">;
  toolsPath?: string;
  /** Tool lists taken verbatim from the user's agent (calibration); they replace the declared tools whole. */
  toolLists?: ToolLists;
  /** The layout facts a capture showed (`layout.json` of a calibrated prose dir), as read; the model setup parses them. */
  layoutFacts?: { [key: string]: unknown };
}

export interface ToolLists {
  /** The request's `tools`. */
  request?: unknown[];
  /** The `additional_tools` input item's `tools` (code mode). */
  inputItem?: unknown[];
  origin: Exclude<ProseOrigin, "data">;
  /** Where they came from (a calibration file or a prose dir). */
  path?: string;
}

/** Overlay user prose on a base set (user entries win; tool prose merges per tool). */
export function mergeProse(
  base: ProseSet,
  overlay: Partial<Pick<ProseSet, "entries" | "tools">> & { toolsPath?: string },
): ProseSet {
  const merged: ProseSet = {
    ...base,
    entries: { ...base.entries, ...(overlay.entries ?? {}) },
    tools: { ...base.tools, ...(overlay.tools ?? {}) },
  };
  if (overlay.tools && Object.keys(overlay.tools).length > 0) {
    merged.toolsOrigin = "user-supplied";
    if (overlay.toolsPath !== undefined) merged.toolsPath = overlay.toolsPath;
  }
  return merged;
}
