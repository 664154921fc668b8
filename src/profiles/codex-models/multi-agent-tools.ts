// A calibrated tool list moved to another multi-agent version: Codex 0.171.0 fixes the version when a thread starts,
// so a model switched to mid-session sends its own tools with the session's multi-agent tools (captured: gpt-5.5 in
// a v2 session sends the `collaboration` namespace where `tool_search` was; gpt-6.2-sol in a v1 session drops it,
// its v1 tools deferred). Pure: verbatim JSON in, verbatim JSON out.
import type { CodexModelLayout } from "./codex-model-layout.js";

/** The verbatim multi-agent tools of each version, as some calibrated family sent them. */
export interface MultiAgentToolSpecs {
  /** The `multi_agent_v1` tool (a request tool of the fallback layout). */
  v1?: unknown;
  /** The `collaboration` namespace (v2; the same JSON in `tools` and in an `additional_tools` item). */
  v2?: unknown;
}

const V1_NAME = "multi_agent_v1";
const V2_NAME = "collaboration";
const SEARCH_TYPE = "tool_search";
/** Where a request list gets a multi-agent tool it did not have (Codex's build order). */
const REQUEST_ANCHOR = "view_image";

const nameOf = (t: unknown): string | undefined => {
  const o = t as { name?: unknown; type?: unknown } | null;
  return typeof o?.name === "string" ? o.name : typeof o?.type === "string" ? o.type : undefined;
};

/** Which multi-agent tools `list` shows, and whether it has tool search. */
export function multiAgentToolsOf(list: readonly unknown[]): { v1?: unknown; v2?: unknown; search: boolean } {
  const v1 = list.find((t) => nameOf(t) === V1_NAME);
  const v2 = list.find((t) => nameOf(t) === V2_NAME);
  return {
    ...(v1 !== undefined ? { v1 } : {}),
    ...(v2 !== undefined ? { v2 } : {}),
    search: list.some((t) => nameOf(t) === SEARCH_TYPE),
  };
}

/**
 * `list` (a family's verbatim tools) as `layout` sends them: the multi-agent tool of `layout.tools.multiAgent`
 * (v1 deferred behind tool search or in code mode, so absent there), tool search only when the layout has it.
 * A list already in that shape comes back unchanged; a version whose JSON no family showed is left out.
 */
export function withSessionMultiAgentTools(
  list: readonly unknown[],
  layout: CodexModelLayout,
  specs: MultiAgentToolSpecs,
): unknown[] {
  const version = layout.tools.multiAgent;
  const codeMode = layout.tools.placement === "input-item";
  const wanted =
    version === "v2" ? specs.v2 : version === "v1" && !codeMode && !layout.tools.toolSearch ? specs.v1 : undefined;
  const wantedName = version === "v2" ? V2_NAME : V1_NAME;
  const hasWanted = wanted === undefined || list.some((t) => nameOf(t) === wantedName);
  const search = list.some((t) => nameOf(t) === SEARCH_TYPE);
  const stale = (t: unknown) => {
    const n = nameOf(t);
    return (n === V1_NAME || n === V2_NAME) && n !== (wanted === undefined ? undefined : wantedName);
  };
  if (hasWanted && !list.some(stale) && search === layout.tools.toolSearch) return [...list];
  const out: unknown[] = [];
  let placed = wanted === undefined || hasWanted;
  for (const t of list) {
    if (nameOf(t) === SEARCH_TYPE && !layout.tools.toolSearch) continue;
    if (stale(t)) {
      if (!placed) out.push(wanted);
      placed = true;
      continue;
    }
    out.push(t);
    if (!placed && !codeMode && nameOf(t) === REQUEST_ANCHOR) {
      out.push(wanted);
      placed = true;
    }
  }
  if (!placed) out.push(wanted);
  return out;
}
