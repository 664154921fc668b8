// How the tools of an `additional_tools` item changed between two turns (Codex 0.171.0 code mode, captured on
// switches between code-mode models): the namespaces with their added or redefined tools, the namespaces gone, and
// the tools gone from namespaces that stay. Pure: verbatim tool JSON in, names and JSON out.
import { canonicalJson } from "../compile/canonical-json.js";

export interface InputToolsDiff {
  /** Each namespace of the new list holding added or redefined tools, with only those tools, in the new order. */
  changed: unknown[];
  /** Names of namespaces (or top-level tools) the new list no longer has. */
  removedNamespaces: string[];
  /** `namespace.tool` for tools gone from a namespace the new list still has. */
  removedTools: string[];
}

interface Named {
  name?: unknown;
  type?: unknown;
  tools?: unknown;
}

const nameOf = (t: unknown): string => {
  const o = t as Named | null;
  return typeof o?.name === "string" ? o.name : typeof o?.type === "string" ? o.type : "";
};
const toolsOf = (t: unknown): unknown[] | undefined => {
  const tools = (t as Named | null)?.tools;
  return Array.isArray(tools) ? tools : undefined;
};

export function diffInputTools(before: readonly unknown[], after: readonly unknown[]): InputToolsDiff {
  const diff: InputToolsDiff = { changed: [], removedNamespaces: [], removedTools: [] };
  const old = new Map(before.map((t) => [nameOf(t), t]));
  for (const t of after) {
    const was = old.get(nameOf(t));
    const inner = toolsOf(t);
    const wasInner = was === undefined ? undefined : toolsOf(was);
    if (inner === undefined || wasInner === undefined) {
      if (was === undefined || canonicalJson(was) !== canonicalJson(t)) diff.changed.push(t);
      continue;
    }
    const wasByName = new Map(wasInner.map((x) => [nameOf(x), canonicalJson(x)]));
    const fresh = inner.filter((x) => wasByName.get(nameOf(x)) !== canonicalJson(x));
    if (fresh.length > 0) diff.changed.push({ ...(t as object), tools: fresh });
    const now = new Set(inner.map(nameOf));
    for (const x of wasInner) if (!now.has(nameOf(x))) diff.removedTools.push(`${nameOf(t)}.${nameOf(x)}`);
  }
  const names = new Set(after.map(nameOf));
  for (const t of before) if (!names.has(nameOf(t))) diff.removedNamespaces.push(nameOf(t));
  return diff;
}

export const isEmptyDiff = (d: InputToolsDiff): boolean =>
  d.changed.length === 0 && d.removedNamespaces.length === 0 && d.removedTools.length === 0;
