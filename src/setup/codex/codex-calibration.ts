// A Codex calibration as data: everything a preview needs to be exact for one installed Codex version, kept in
// the user's cache — the model catalogue, the prose per model family, the tool lists verbatim, the system
// skills Codex installs on first start. Pure: parse/validate and lookups; the CLI reads and writes the file.
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import { isJsonObject, type JsonObject } from "../../model/json-value.js";
import { oneLine } from "../../model/one-line.js";
import { hashText } from "../../compile/hash.js";
import { canonicalJson } from "../../compile/canonical-json.js";

export const CODEX_CALIBRATION_SCHEMA = 1;
/** Its key in the calibration cache (`calibration/codex/<version>.json`). */
export const CODEX_AGENT = "codex";
/** The family of slugs Codex's catalogue does not list (fallback metadata). */
export const FALLBACK_FAMILY = "fallback";

/** Catalogue fields that change the prose or the tools Codex sends: models sharing them share a calibration. */
const FAMILY_FIELDS = [
  "base_instructions",
  "model_messages",
  "tool_mode",
  "shell_type",
  "apply_patch_tool_type",
  "multi_agent_version",
  "include_skills_usage_instructions",
  "include_plugin_usage_instructions",
  "include_apps_usage_instructions",
  "supports_search_tool",
  "web_search_tool_type",
  "experimental_supported_tools",
  "use_responses_lite",
  "input_modalities",
  "supports_image_detail_original",
  "truncation_policy",
  "node_repl_auto_review_required",
  "node_repl_disabled",
] as const;

/** A stable key for the family of a raw catalogue entry. */
export function codexFamilyKey(entry: JsonObject): string {
  const picked: JsonObject = {};
  for (const f of FAMILY_FIELDS) picked[f] = entry[f] ?? null;
  return hashText(canonicalJson(picked));
}

export interface CalibratedFamily {
  key: string;
  /** Slugs of the catalogue that share it (empty for the fallback family). */
  models: string[];
  /** The slug the texts were captured with. */
  capturedWith: string;
  /** Prose id → text. */
  prose: { [id: string]: string };
  /** The request's `tools`, verbatim (request placement). */
  requestTools?: unknown[];
  /** The `additional_tools` item's `tools`, verbatim (code mode). */
  additionalTools?: unknown[];
  /** Parts Codex did not show for this family (named, never silently absent). */
  missing: string[];
}

export interface CalibratedFile {
  /** Relative to the system skills folder (`$CODEX_HOME/skills/.system`). */
  path: string;
  text: string;
}

export interface CodexCalibration {
  schema: number;
  agent: "codex";
  codexVersion: string;
  /** ISO time the calibration was made (shown, never compared). */
  createdAt: string;
  /** `codex debug models` output, as printed. */
  catalogue: unknown;
  /** Prose shared by every family (permission texts, skills preamble, session-update sentences). */
  prose: { [id: string]: string };
  families: CalibratedFamily[];
  /** The system skills Codex installs into a CODEX_HOME on first start (SKILL.md and agent files). */
  systemSkills: CalibratedFile[];
  /** Parts no family showed. */
  missing: string[];
}

const strMap = (v: unknown): { [k: string]: string } | undefined =>
  isJsonObject(v) && Object.values(v).every((x) => typeof x === "string") ? (v as { [k: string]: string }) : undefined;
const strList = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;

/** A calibration file's text → the calibration, or diagnostics saying why it is not used (never throws). */
export function parseCodexCalibration(text: string, file: string): Result<CodexCalibration | undefined> {
  const bad = (why: string): Result<undefined> => ({
    value: undefined,
    diagnostics: [
      diagnostic(
        "calibration/corrupt",
        "warning",
        `${file}: ${why}; the calibration is not used (run \`promptc calibrate --agent codex\` again)`,
        { file },
      ),
    ],
  });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return bad(`not valid JSON (${oneLine(error instanceof Error ? error.message : String(error))})`);
  }
  if (!isJsonObject(data)) return bad("not a calibration object");
  if (data.schema !== CODEX_CALIBRATION_SCHEMA) {
    return {
      value: undefined,
      diagnostics: [
        diagnostic(
          "calibration/stale",
          "warning",
          `${file}: calibration format ${String(data.schema)} is not the one this promptc reads (${CODEX_CALIBRATION_SCHEMA}); run \`promptc calibrate --agent codex\` again`,
          { file },
        ),
      ],
    };
  }
  if (data.agent !== "codex" || typeof data.codexVersion !== "string") return bad("no agent or Codex version");
  const prose = strMap(data.prose);
  if (!prose) return bad("prose is not a map of texts");
  if (!Array.isArray(data.families)) return bad("no family list");
  const families: CalibratedFamily[] = [];
  for (const f of data.families) {
    if (!isJsonObject(f) || typeof f.key !== "string" || typeof f.capturedWith !== "string")
      return bad("a family without key");
    const fp = strMap(f.prose);
    const models = strList(f.models);
    const missing = strList(f.missing) ?? [];
    if (!fp || !models) return bad(`family ${f.key}: malformed`);
    const fam: CalibratedFamily = { key: f.key, models, capturedWith: f.capturedWith, prose: fp, missing };
    if (Array.isArray(f.requestTools)) fam.requestTools = f.requestTools;
    if (Array.isArray(f.additionalTools)) fam.additionalTools = f.additionalTools;
    families.push(fam);
  }
  const systemSkills: CalibratedFile[] = [];
  for (const s of Array.isArray(data.systemSkills) ? data.systemSkills : []) {
    if (
      !isJsonObject(s) ||
      typeof s.path !== "string" ||
      typeof s.text !== "string" ||
      s.path.split("/").some((p) => p === ".." || p === "")
    )
      return bad("a system skill file without path or text");
    systemSkills.push({ path: s.path, text: s.text });
  }
  return {
    value: {
      schema: CODEX_CALIBRATION_SCHEMA,
      agent: "codex",
      codexVersion: data.codexVersion,
      createdAt: typeof data.createdAt === "string" ? data.createdAt : "",
      catalogue: data.catalogue ?? null,
      prose,
      families,
      systemSkills,
      missing: strList(data.missing) ?? [],
    },
    diagnostics: [],
  };
}

/** The family calibrated for a slug (a listed one, else the fallback family), if any. */
export function calibratedFamilyFor(
  cal: CodexCalibration,
  slug: string,
  inCatalogue: boolean,
): CalibratedFamily | undefined {
  if (!inCatalogue) return cal.families.find((f) => f.key === FALLBACK_FAMILY);
  return cal.families.find((f) => f.models.includes(slug));
}
