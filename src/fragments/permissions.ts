// The <permissions instructions> developer fragment: sandbox ⊕ approval ⊕ writable roots, joined with Codex's
// concatenation rule; sentences come from the profile's prose, structure and data from here. Pure.
import type { Diagnostic } from "../model/diagnostic.js";
import type { PermissionsInfo } from "../model/turn-context.js";
import { formatAllowPrefixes } from "./approved-prefixes.js";
import { combineOrigins, useProse, type RenderedFragment } from "./fragment.js";
import type { ProseEntry, ProseSet } from "./prose-set.js";
import type { RenderProseOptions } from "./render-template.js";

export const PERMISSIONS_OPEN_TAG = "<permissions instructions>";
export const PERMISSIONS_CLOSE_TAG = "</permissions instructions>";

/** Codex's `DeveloperInstructions::concat`: add one `\n` first only if the text so far does not end with one. */
export function concatInstructions(a: string, b: string): string {
  return a.endsWith("\n") ? a + b : `${a}\n${b}`;
}

/** Code-point order (= UTF-8 byte order, unlike `<` on UTF-16 units for astral characters). */
function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
}

/**
 * Rust's `Path` order: component by component, so `/a/x/y` sorts before `/a/x-y` and `/a/x.y` although `/` is
 * the larger byte (checked against 0.171.0). `..` sorts before names; `.` and repeated or trailing `/` vanish.
 */
export function comparePaths(a: string, b: string): number {
  const parts = (p: string) => p.split("/").filter((c) => c !== "" && c !== ".");
  if (a.startsWith("/") !== b.startsWith("/")) return a.startsWith("/") ? -1 : 1;
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string;
    const q = y[i] as string;
    if (p === q) continue;
    if (p === ".." || q === "..") return p === ".." ? -1 : 1;
    return compareCodePoints(p, q);
  }
  return x.length - y.length;
}

/** Configured roots, cwd, `/tmp` (when it exists), `$TMPDIR` (when set); sorted as Rust sorts paths, deduplicated. */
export function writableRoots(cwd: string, permissions: PermissionsInfo): string[] {
  const roots = [...permissions.configuredWritableRoots, cwd];
  if (permissions.tmpExists) roots.push("/tmp");
  if (permissions.tmpdir !== undefined && permissions.tmpdir !== "") roots.push(permissions.tmpdir);
  const sorted = [...new Set(roots)].sort(comparePaths);
  // Equal paths spelled differently (`/tmp/` and `/tmp`) are one root, as PathBuf equality says.
  return sorted.filter((r, i) => i === 0 || comparePaths(sorted[i - 1] as string, r) !== 0);
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
  const networkAccess = permissions.networkAccess || permissions.sandbox === "danger-full-access" ? "enabled" : "restricted";
  const use = (id: string, data: { [k: string]: unknown }, textVars: { [k: string]: string } = {}): string => {
    const r = useProse(prose, id, data, options);
    diagnostics.push(...r.diagnostics);
    templates.push(id);
    entries.push(r.entry);
    return substitute(r.entry, r.text, textVars);
  };

  const sandbox = use(`permissions-sandbox-${permissions.sandbox}`, { network_access: networkAccess, cwd }, { network_access: networkAccess }).trimEnd();

  let approval: string;
  if (permissions.approval === "on-request") {
    const sections = [use("permissions-approval-on-request", {})];
    const prefixes = formatAllowPrefixes(permissions.approvedPrefixes);
    diagnostics.push(...prefixes.diagnostics);
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
  return { id: "permissions", layer: "developer", text, sources: [], templates, prose: combineOrigins(origins), diagnostics };
}
