// The Codex model catalogue as data: the entries `codex debug models` prints and `$CODEX_HOME/models_cache.json`
// keeps, reduced to the fields that shape a request. Pure: the caller reads the JSON text.
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import { isJsonObject, type JsonObject } from "../../model/json-value.js";
import { oneLine } from "../../model/one-line.js";

/** One model of the catalogue. Prose fields (`baseInstructions`, `modelMessages`) come from the user's Codex only. */
export interface CodexModelEntry {
  slug: string;
  /** `list` models are offered to the user; `hide` ones are not (but run when configured). */
  visibility: string;
  /** Lower is preferred; the default model is the `list` model with the lowest priority. */
  priority: number;
  /** `code_mode_only`: tools travel in an `additional_tools` input item, not in the request's `tools`. */
  toolMode?: string;
  shellType?: string;
  applyPatchToolType?: string;
  useResponsesLite: boolean;
  multiAgentVersion?: string;
  supportVerbosity: boolean;
  defaultVerbosity?: string;
  defaultReasoningLevel?: string;
  /** `none` sends no reasoning summary. */
  defaultReasoningSummary?: string;
  supportedReasoningLevels: string[];
  includeSkillsUsageInstructions: boolean;
  includePluginUsageInstructions: boolean;
  includeAppsUsageInstructions: boolean;
  supportsSearchTool: boolean;
  webSearchToolType?: string;
  experimentalSupportedTools: string[];
  truncationPolicy?: { mode: string; limit: number };
  contextWindow?: number;
  maxContextWindow?: number;
  effectiveContextWindowPercent?: number;
  inputModalities: string[];
  baseInstructions?: string;
  modelMessages?: JsonObject;
  /** `comp_hash`: models with different values cannot continue each other's history uncompacted (0.171.0). */
  compHash?: string;
}

export interface CodexCatalogue {
  models: CodexModelEntry[];
  /** Where it came from (`codex debug models`, a models_cache.json path, a calibration). */
  source: string;
  /** `client_version` of a models_cache.json, when it has one. */
  clientVersion?: string;
  /** The entries as read (for comparing families); parallel to `models`. */
  raw?: JsonObject[];
}

const str = (o: JsonObject, k: string): string | undefined => (typeof o[k] === "string" ? (o[k] as string) : undefined);
const num = (o: JsonObject, k: string): number | undefined =>
  typeof o[k] === "number" && Number.isFinite(o[k]) ? (o[k] as number) : undefined;
const bool = (o: JsonObject, k: string): boolean => o[k] === true;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** One catalogue entry from its JSON object; undefined when it has no slug. */
export function parseCodexModelEntry(o: JsonObject): CodexModelEntry | undefined {
  const slug = str(o, "slug");
  if (slug === undefined || slug === "") return undefined;
  const e: CodexModelEntry = {
    slug,
    visibility: str(o, "visibility") ?? "list",
    priority: num(o, "priority") ?? Number.MAX_SAFE_INTEGER,
    useResponsesLite: bool(o, "use_responses_lite"),
    supportVerbosity: bool(o, "support_verbosity"),
    supportedReasoningLevels: Array.isArray(o.supported_reasoning_levels)
      ? o.supported_reasoning_levels.flatMap((l) =>
          isJsonObject(l) && typeof l.effort === "string" ? [l.effort] : typeof l === "string" ? [l] : [],
        )
      : [],
    includeSkillsUsageInstructions: bool(o, "include_skills_usage_instructions"),
    includePluginUsageInstructions: bool(o, "include_plugin_usage_instructions"),
    includeAppsUsageInstructions: bool(o, "include_apps_usage_instructions"),
    supportsSearchTool: bool(o, "supports_search_tool"),
    experimentalSupportedTools: strings(o.experimental_supported_tools),
    inputModalities: strings(o.input_modalities),
  };
  const optional: [keyof CodexModelEntry, string | undefined][] = [
    ["toolMode", str(o, "tool_mode")],
    ["shellType", str(o, "shell_type")],
    ["applyPatchToolType", str(o, "apply_patch_tool_type")],
    ["multiAgentVersion", str(o, "multi_agent_version")],
    ["defaultVerbosity", str(o, "default_verbosity")],
    ["defaultReasoningLevel", str(o, "default_reasoning_level")],
    ["defaultReasoningSummary", str(o, "default_reasoning_summary")],
    ["webSearchToolType", str(o, "web_search_tool_type")],
    ["baseInstructions", str(o, "base_instructions")],
  ];
  for (const [k, v] of optional) if (v !== undefined) (e as unknown as JsonObject)[k] = v;
  const window = num(o, "context_window");
  if (window !== undefined) e.contextWindow = window;
  const max = num(o, "max_context_window");
  if (max !== undefined) e.maxContextWindow = max;
  const pct = num(o, "effective_context_window_percent");
  if (pct !== undefined) e.effectiveContextWindowPercent = pct;
  const tp = o.truncation_policy;
  if (isJsonObject(tp) && typeof tp.mode === "string" && typeof tp.limit === "number")
    e.truncationPolicy = { mode: tp.mode, limit: tp.limit };
  if (isJsonObject(o.model_messages)) e.modelMessages = o.model_messages;
  const comp = o.comp_hash;
  if ((typeof comp === "string" && comp !== "") || typeof comp === "number") e.compHash = String(comp);
  return e;
}

/**
 * The catalogue from `codex debug models` output or a models_cache.json (both hold a `models` list; the cache
 * adds `client_version`, `fetched_at`, `etag`). Bad input is a diagnostic and an empty catalogue.
 */
export function parseCodexCatalogue(text: string, source: string): Result<CodexCatalogue> {
  const diagnostics: Diagnostic[] = [];
  const empty: CodexCatalogue = { models: [], source };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    diagnostics.push(
      diagnostic(
        "catalogue/invalid-json",
        "warning",
        `${source}: not valid JSON (${oneLine(error instanceof Error ? error.message : String(error))}); the model catalogue is not used`,
        { file: source },
      ),
    );
    return { value: empty, diagnostics };
  }
  const list = isJsonObject(data) ? data.models : Array.isArray(data) ? data : undefined;
  if (!Array.isArray(list)) {
    diagnostics.push(
      diagnostic("catalogue/no-models", "warning", `${source}: no "models" list; the model catalogue is not used`, {
        file: source,
      }),
    );
    return { value: empty, diagnostics };
  }
  const models: CodexModelEntry[] = [];
  const raw: JsonObject[] = [];
  const seen = new Set<string>();
  list.forEach((m, i) => {
    const entry = isJsonObject(m) ? parseCodexModelEntry(m) : undefined;
    if (!entry) {
      diagnostics.push(
        diagnostic("catalogue/bad-entry", "warning", `${source}: models[${i}] has no slug; skipped`, { file: source }),
      );
      return;
    }
    if (seen.has(entry.slug)) {
      diagnostics.push(
        diagnostic(
          "catalogue/duplicate-slug",
          "warning",
          `${source}: model ${entry.slug} is listed twice; the first is used`,
          { file: source },
        ),
      );
      return;
    }
    seen.add(entry.slug);
    models.push(entry);
    raw.push(m as JsonObject);
  });
  const value: CodexCatalogue = { models, source, raw };
  if (isJsonObject(data) && typeof data.client_version === "string") value.clientVersion = data.client_version;
  return { value, diagnostics };
}

/** Codex's default model: the `list` model with the lowest priority (ties keep catalogue order). */
export function defaultCodexModel(catalogue: CodexCatalogue): CodexModelEntry | undefined {
  let best: CodexModelEntry | undefined;
  for (const m of catalogue.models)
    if (m.visibility === "list" && (best === undefined || m.priority < best.priority)) best = m;
  return best;
}

export function findCodexModel(catalogue: CodexCatalogue, slug: string): CodexModelEntry | undefined {
  return catalogue.models.find((m) => m.slug === slug);
}
