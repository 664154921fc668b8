// What a prose template may reference: the data its fragment passes (src/fragments/*), prose sent verbatim,
// and inputs a template declares itself with `{{!-- promptc-inputs: a, b --}}`; which Handlebars files are
// promptc templates at all. Pure (data + lookups).
import { PROSE_IDS } from "../fragments/prose-set.js";
import type { LintFs } from "./lint-project.js";
/**
 * Variables each prose id's fragment renders its template with (base-instructions.ts, skills-section.ts,
 * permissions.ts; session/settings-update.ts and session.ts render their ids with no data). A test compiles turns with
 * templates that use exactly these names, so a change on either side fails it.
 */
export const PROSE_TEMPLATE_INPUTS: { readonly [proseId: string]: readonly string[] } = {
  "base-instructions": ["model", "shell"],
  "skills-preamble": ["skillCount"],
  "permissions-sandbox-read-only": ["network_access", "cwd"],
  "permissions-sandbox-workspace-write": ["network_access", "cwd"],
  "permissions-sandbox-danger-full-access": ["network_access", "cwd"],
  "permissions-approval-never": [],
  "permissions-approval-on-request": [],
  "permissions-approval-on-failure": [],
  "permissions-approval-untrusted": [],
  "permissions-approved-prefixes": ["prefixes"],
  "permissions-writable-roots": ["roots", "count"],
  "model-switch": [],
  "agents-md-removed": [],
  "agents-md-replaced": [],
  "image-omitted": [],
  "skills-usage": [],
  "deferred-tools": [],
  "collaboration-mode": [],
  "multi-agent-role": [],
  "multi-agent-mode": [],
};

/** Prose ids whose file text is sent as is (compaction prompt and summary prefix): `{{…}}` is never rendered. */
export const VERBATIM_PROSE_IDS: readonly string[] = ["compact-prompt", "compact-summary-prefix"];

/** `{{!-- promptc-inputs: a, b --}}` (also `{{! … }}`): inputs a template declares for lint to check. */
const DECLARATION = /^\s*promptc-inputs\s*:?\s*([\s\S]*)$/;

/** Parses one Handlebars comment's text; undefined when it is not an inputs declaration. */
export function parseInputsDeclaration(comment: string): string[] | undefined {
  const m = DECLARATION.exec(comment.replace(/^--/, "").replace(/--$/, ""));
  if (!m) return undefined;
  return (m[1] ?? "").split(/[\s,]+/).filter(Boolean);
}

/** `promptc-inputs` written in a Handlebars comment: the file says it is a promptc template. */
const DECLARES_INPUTS = /\{\{!(--)?\s*promptc-inputs\b/;

/** Names a promptc prose template has: a prose id (`base-instructions.hbs`) a fragment renders or sends as is. */
export function isProseTemplateName(path: string): boolean {
  const id = proseIdOf(path);
  return (
    (PROSE_IDS as readonly string[]).includes(id) || id in PROSE_TEMPLATE_INPUTS || VERBATIM_PROSE_IDS.includes(id)
  );
}

/**
 * Is the Handlebars file at `path` a promptc prompt template, not a project's scaffolding or view templates
 * (plop, Ember, a site generator)? It is when it declares `promptc-inputs`, is named for a prose id, or sits
 * in a prose folder (one whose other `.hbs` files `siblings` lists include a prose id: the `--prose-dir` layout).
 */
export function isPromptTemplate(path: string, text: string, siblings: readonly string[]): boolean {
  return DECLARES_INPUTS.test(text) || isProseTemplateName(path) || siblings.some(isProseTemplateName);
}

/** isPromptTemplate for a lint file, its folder's other Handlebars files read from the workspace. */
export function isPromptTemplateFile(file: { path: string; text: string }, fs: Pick<LintFs, "list">): boolean {
  const dir = file.path.includes("/") ? file.path.slice(0, file.path.lastIndexOf("/")) : "";
  const siblings = fs
    .list(dir)
    .filter((e) => e.kind === "file" && /\.(hbs|handlebars)$/.test(e.name))
    .map((e) => (dir === "" ? e.name : `${dir}/${e.name}`));
  return isPromptTemplate(file.path, file.text, siblings);
}

/** The prose id a template file stands for: its base name without `.hbs` / `.handlebars`. */
export function proseIdOf(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.replace(/\.(hbs|handlebars)$/, "");
}

export type TemplateInputs =
  | { kind: "profile"; proseId: string; names: readonly string[] }
  | { kind: "verbatim"; proseId: string }
  | { kind: "unknown" };

/** Inputs the profile provides for the template at `path` (before declarations and configured extras). */
export function profileInputsOf(path: string): TemplateInputs {
  const id = proseIdOf(path);
  if (VERBATIM_PROSE_IDS.includes(id)) return { kind: "verbatim", proseId: id };
  const names = PROSE_TEMPLATE_INPUTS[id];
  return names ? { kind: "profile", proseId: id, names } : { kind: "unknown" };
}
