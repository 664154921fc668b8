// The <permissions instructions> developer fragment: sandbox ⊕ approval ⊕ writable roots, joined with Codex's
// concatenation rule; sentences come from the profile's prose, structure and data from here. Pure.
import type { Diagnostic } from "../model/diagnostic.js";
import type { PermissionsInfo } from "../model/turn-context.js";
import { writableRoots } from "../model/writable-roots.js";
import { formatAllowPrefixes } from "./approved-prefixes.js";
import { combineOrigins, useProse, type RenderedFragment } from "./fragment.js";
import type { ProseEntry, ProseSet } from "./prose-set.js";
import type { RenderProseOptions } from "./render-template.js";
import { appendAll } from "../model/append-all.js";

export { comparePaths, writableRoots } from "../model/writable-roots.js";

/** Whether the policy's text lists the approved command prefixes: 0.171.0 treats on-failure like on-request
 * (captured with `codex debug prompt-input`: the same text, prefixes included). */
export function listsApprovedPrefixes(approval: PermissionsInfo["approval"]): boolean {
  return approval === "on-request" || approval === "on-failure";
}

export const PERMISSIONS_OPEN_TAG = "<permissions instructions>";
export const PERMISSIONS_CLOSE_TAG = "</permissions instructions>";

/** Codex's `DeveloperInstructions::concat`: add one `\n` first only if the text so far does not end with one. */
export function concatInstructions(a: string, b: string): string {
  return a.endsWith("\n") ? a + b : `${a}\n${b}`;
}

function substitute(entry: ProseEntry | undefined, text: string, vars: { [k: string]: string }): string {
  if (entry?.kind !== "text") return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
}

export function buildPermissionsFragment(
  cwd: string,
  permissions: PermissionsInfo,
  prose: ProseSet,
  options: RenderProseOptions = {},
): RenderedFragment {
  const diagnostics: Diagnostic[] = [];
  const templates: string[] = [];
  const entries: (ProseEntry | undefined)[] = [];
  const networkAccess =
    permissions.networkAccess || permissions.sandbox === "danger-full-access" ? "enabled" : "restricted";
  const use = (id: string, data: { [k: string]: unknown }, textVars: { [k: string]: string } = {}): string => {
    const r = useProse(prose, id, data, options);
    appendAll(diagnostics, r.diagnostics);
    templates.push(id);
    entries.push(r.entry);
    return substitute(r.entry, r.text, textVars);
  };

  const sandbox = use(
    `permissions-sandbox-${permissions.sandbox}`,
    { network_access: networkAccess, cwd },
    { network_access: networkAccess },
  ).trimEnd();

  let approval: string;
  if (listsApprovedPrefixes(permissions.approval)) {
    const sections = [use(`permissions-approval-${permissions.approval}`, {})];
    const prefixes = formatAllowPrefixes(permissions.approvedPrefixes);
    appendAll(diagnostics, prefixes.diagnostics);
    if (prefixes.text !== undefined) {
      const head = use("permissions-approved-prefixes", { prefixes: prefixes.text });
      sections.push(prose.entries["permissions-approved-prefixes"]?.kind === "text" ? head + prefixes.text : head);
    }
    approval = sections.join("\n\n");
  } else {
    approval = use(`permissions-approval-${permissions.approval}`, {});
  }

  let text = concatInstructions(concatInstructions(PERMISSIONS_OPEN_TAG, sandbox), approval);
  if (permissions.sandbox === "workspace-write") {
    const roots = writableRoots(cwd, permissions);
    if (roots.length > 0) {
      const list = roots.map((r) => "`" + r + "`").join(", ");
      const sentence = use("permissions-writable-roots", { roots, count: roots.length }, { roots: list });
      if (sentence !== "") text = concatInstructions(text, sentence);
    }
  }
  text = concatInstructions(text, PERMISSIONS_CLOSE_TAG);
  const origins = entries.flatMap((e) => (e ? [e.origin] : []));
  return {
    id: "permissions",
    layer: "developer",
    text,
    sources: [],
    templates,
    prose: combineOrigins(origins),
    diagnostics,
  };
}
