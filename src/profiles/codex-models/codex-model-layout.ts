// Per-model request layout of Codex 0.171.0, decided by a catalogue entry's fields (never by the slug): where
// the tools travel, which developer texts the initial context carries, the request's `reasoning`, `text` and
// `parallel_tool_calls`, and the model's windows. An unknown slug gets Codex's fallback metadata. Pure data.
import type { ReasoningParams } from "../../model/request.js";
import type { CodexModelEntry } from "./codex-catalogue.js";

/** Codex's fallback metadata for a slug its catalogue does not list (`model_info_from_slug`). */
export const FALLBACK_MODEL_CONTEXT_WINDOW_TOKENS = 272_000;
export const FALLBACK_EFFECTIVE_CONTEXT_WINDOW_PERCENT = 95;

/** Content items of the initial developer message, beyond developer instructions, skills and permissions. */
export type CodexDeveloperExtra = "deferred-tools" | "collaboration-mode";
/** Developer messages of their own after the bundled one. */
export type CodexDeveloperMessage = "multi-agent-role" | "multi-agent-mode";

export interface CodexToolFacts {
  /** Tools in the request's `tools` (classic, fallback) or in an `additional_tools` input item (code mode). */
  placement: "request" | "input-item";
  /** `freeform`: a custom grammar `apply_patch` tool; undefined: none. */
  applyPatch?: string;
  /** A `tool_search` tool, with namespaces deferred behind it. */
  toolSearch: boolean;
  /** `v1`: the multi_agent_v1 namespace (deferred when tool search is on); `v2`: the collaboration namespace. */
  multiAgent?: string;
  /** `experimental_supported_tools` of the entry (e.g. `clock`). */
  experimental: string[];
  /** `web_search_tool_type` (`text_and_image` → `search_content_types`). */
  webSearchType?: string;
}

export interface CodexModelLayout {
  slug: string;
  /** `catalogue`: decided by the entry; `fallback`: the slug is not in the catalogue (or none is known);
   * `capture`: taken from a calibrated capture's layout facts. */
  origin: "catalogue" | "fallback" | "capture";
  tools: CodexToolFacts;
  parallelToolCalls: boolean;
  reasoning: ReasoningParams | null;
  /** `text: { verbosity }` in the request when set. */
  verbosity?: "low" | "medium" | "high";
  developerExtras: CodexDeveloperExtra[];
  developerMessages: CodexDeveloperMessage[];
  /** The skills section ends with the usage instructions. */
  skillsUsage: boolean;
  /** Sent as the `x-openai-internal-codex-responses-lite` header, and reasoning context spans all turns. */
  responsesLite: boolean;
  contextWindow: number;
  maxContextWindow?: number;
  effectiveContextWindowPercent: number;
  /** The catalogue's `comp_hash` (none for a fallback slug): a switch across two known values compacts first. */
  compHash?: string;
}

const VERBOSITIES = ["low", "medium", "high"] as const;
const EFFORTS = ["minimal", "low", "medium", "high", "xhigh", "none"] as const;
const SUMMARIES = ["auto", "concise", "detailed"] as const;

const oneOf = <T extends string>(v: string | undefined, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(v ?? "") ? (v as T) : undefined;

function hasText(o: unknown, ...path: string[]): boolean {
  let v: unknown = o;
  for (const k of path) {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
    v = (v as { [k: string]: unknown })[k];
  }
  return typeof v === "string" && v !== "";
}

export interface LayoutOverrides {
  /** `model_reasoning_effort` from config. */
  reasoningEffort?: string;
  /** `model_reasoning_summary` from config. */
  reasoningSummary?: string;
  /** `model_verbosity` from config. */
  verbosity?: string;
  /** `model_context_window` from config. */
  contextWindow?: number;
  /**
   * The session's multi-agent version (`multi_agent_version` of its turn contexts): Codex fixes it when a thread
   * starts, so a model switch keeps it — the new model's tools and developer texts follow it, not its entry.
   */
  multiAgentVersion?: string;
}

const MULTI_AGENT_VERSIONS = ["v1", "v2"] as const;

/** What the multi-agent version decides, in every layout: v2's role and mode messages, v1's deferral behind search. */
function multiAgentParts(version: string | undefined): { developerMessages: CodexDeveloperMessage[] } {
  return { developerMessages: version === "v2" ? ["multi-agent-role", "multi-agent-mode"] : [] };
}

/** The fallback layout: request tools, `reasoning: { summary: "auto" }`, parallel tool calls, 272,000 tokens. */
export function fallbackModelLayout(slug: string, overrides: LayoutOverrides = {}): CodexModelLayout {
  const summary = oneOf(overrides.reasoningSummary, SUMMARIES) ?? "auto";
  const effort = oneOf(overrides.reasoningEffort, EFFORTS);
  const multiAgent = oneOf(overrides.multiAgentVersion, MULTI_AGENT_VERSIONS) ?? "v1";
  return {
    slug,
    origin: "fallback",
    tools: { placement: "request", toolSearch: false, multiAgent, experimental: [] },
    parallelToolCalls: true,
    reasoning: effort !== undefined ? { effort, summary } : { summary },
    developerExtras: [],
    ...multiAgentParts(multiAgent),
    skillsUsage: false,
    responsesLite: false,
    contextWindow: overrides.contextWindow ?? FALLBACK_MODEL_CONTEXT_WINDOW_TOKENS,
    effectiveContextWindowPercent: FALLBACK_EFFECTIVE_CONTEXT_WINDOW_PERCENT,
  };
}

/** The layout a catalogue entry decides; `undefined` entry → the fallback layout. */
export function codexModelLayout(
  slug: string,
  entry: CodexModelEntry | undefined,
  overrides: LayoutOverrides = {},
): CodexModelLayout {
  if (!entry) return fallbackModelLayout(slug, overrides);
  const codeMode = entry.toolMode === "code_mode_only";
  // The session's version wins over the entry's; a classic entry without one runs v1, a code-mode one none.
  const multiAgent =
    oneOf(overrides.multiAgentVersion, MULTI_AGENT_VERSIONS) ??
    entry.multiAgentVersion ??
    (codeMode ? undefined : "v1");
  const multiAgentV2 = multiAgent === "v2";
  // Tool search exists to defer the multi_agent_v1 namespace: with v2 there is nothing behind it (captured: gpt-5.5
  // in a v2 session sends no tool_search and the collaboration namespace instead).
  const toolSearch = entry.supportsSearchTool && !codeMode && !multiAgentV2;
  const effort = oneOf(overrides.reasoningEffort, EFFORTS) ?? oneOf(entry.defaultReasoningLevel, EFFORTS);
  const summarySetting = overrides.reasoningSummary ?? entry.defaultReasoningSummary;
  const summary = summarySetting === "none" ? undefined : oneOf(summarySetting, SUMMARIES);
  const reasoning: ReasoningParams = {};
  if (effort !== undefined) reasoning.effort = effort;
  if (summary !== undefined) reasoning.summary = summary;
  if (entry.useResponsesLite) reasoning.context = "all_turns";
  const developerExtras: CodexDeveloperExtra[] = [];
  // Tool search hides the multi_agent_v1 namespace (in code mode too) and lists it as a deferred namespace, after
  // the collaboration mode (captured: gpt-6.2-sol in a v1 session).
  if (hasText(entry.modelMessages, "collaboration_modes", "default")) developerExtras.push("collaboration-mode");
  if (entry.supportsSearchTool && !multiAgentV2) developerExtras.push("deferred-tools");
  const layout: CodexModelLayout = {
    slug,
    origin: "catalogue",
    tools: {
      placement: codeMode ? "input-item" : "request",
      toolSearch,
      experimental: [...entry.experimentalSupportedTools],
      ...(entry.applyPatchToolType !== undefined && !codeMode ? { applyPatch: entry.applyPatchToolType } : {}),
      ...(multiAgent !== undefined ? { multiAgent } : {}),
      ...(entry.webSearchToolType !== undefined ? { webSearchType: entry.webSearchToolType } : {}),
    },
    parallelToolCalls: !codeMode,
    reasoning: Object.keys(reasoning).length > 0 ? reasoning : null,
    developerExtras,
    ...multiAgentParts(multiAgent),
    skillsUsage: entry.includeSkillsUsageInstructions,
    responsesLite: entry.useResponsesLite,
    contextWindow: overrides.contextWindow ?? entry.contextWindow ?? FALLBACK_MODEL_CONTEXT_WINDOW_TOKENS,
    effectiveContextWindowPercent: entry.effectiveContextWindowPercent ?? FALLBACK_EFFECTIVE_CONTEXT_WINDOW_PERCENT,
  };
  const verbosity = entry.supportVerbosity
    ? (oneOf(overrides.verbosity, VERBOSITIES) ?? oneOf(entry.defaultVerbosity, VERBOSITIES))
    : undefined;
  if (verbosity !== undefined) layout.verbosity = verbosity;
  if (entry.maxContextWindow !== undefined) layout.maxContextWindow = entry.maxContextWindow;
  if (entry.compHash !== undefined) layout.compHash = entry.compHash;
  return layout;
}

/** `context_window × effective percent / 100`, the window Codex shows and trims remote compaction to. */
export function effectiveWindowOf(layout: CodexModelLayout): number {
  return Math.floor((layout.contextWindow * layout.effectiveContextWindowPercent) / 100);
}

const DEVELOPER_EXTRAS: readonly CodexDeveloperExtra[] = ["deferred-tools", "collaboration-mode"];
const DEVELOPER_MESSAGES: readonly CodexDeveloperMessage[] = ["multi-agent-role", "multi-agent-mode"];

/**
 * The layout a capture showed (`layout.json` written by `promptc calibrate CAPTURE…`), for a model no known
 * catalogue lists: the capture is the only witness of its shape. The window is not in a request: fallback's.
 */
export function layoutFromFacts(facts: { [key: string]: unknown }): CodexModelLayout | undefined {
  const slug = typeof facts.model === "string" ? facts.model : undefined;
  if (slug === undefined || slug === "") return undefined;
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  const text = facts.text as { verbosity?: unknown } | undefined;
  const reasoning =
    facts.reasoning !== null && typeof facts.reasoning === "object" ? (facts.reasoning as ReasoningParams) : null;
  const placement = facts.toolPlacement === "input-item" ? "input-item" : "request";
  const layout: CodexModelLayout = {
    ...fallbackModelLayout(slug),
    origin: "capture",
    tools: { placement, toolSearch: false, experimental: [] },
    parallelToolCalls: facts.parallelToolCalls !== false,
    reasoning,
    developerExtras: list(facts.developerExtras).filter((x): x is CodexDeveloperExtra =>
      (DEVELOPER_EXTRAS as readonly string[]).includes(x),
    ),
    developerMessages: list(facts.developerMessages).filter((x): x is CodexDeveloperMessage =>
      (DEVELOPER_MESSAGES as readonly string[]).includes(x),
    ),
    skillsUsage: facts.skillsUsage === true,
    responsesLite: reasoning?.context === "all_turns",
  };
  const v = oneOf(typeof text?.verbosity === "string" ? text.verbosity : undefined, VERBOSITIES);
  if (v !== undefined) layout.verbosity = v;
  return layout;
}
