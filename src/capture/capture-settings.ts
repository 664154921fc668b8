// What a captured Codex turn says about the settings it ran with (sandbox, model, approval) and which prose a
// calibration from it could not extract. Pure.
import { isJsonObject } from "../model/json-value.js";
import { PROSE_IDS } from "../fragments/prose-set.js";
import type { CalibrateInput } from "./calibrate-prose.js";
import type { ObservedLayout } from "./calibrate-layout.js";

export interface CaptureSettings {
  sandbox?: string;
  model?: string;
  /** `codex exec` forces approval `never` whatever the config says (0.171.0). */
  approval?: "never";
  /** Where the approval came from. */
  approvalEvidence?: string;
}

function turnMetadata(body: string): { [k: string]: unknown } | undefined {
  try {
    const b: unknown = JSON.parse(body);
    const cm = isJsonObject(b) ? b.client_metadata : undefined;
    const raw = isJsonObject(cm) ? cm["x-codex-turn-metadata"] : undefined;
    const meta: unknown = typeof raw === "string" ? JSON.parse(raw) : undefined;
    return isJsonObject(meta) ? meta : undefined;
  } catch {
    return undefined;
  }
}

/** The settings of the last regular turn among the inputs (compaction requests say nothing of their own). */
export function captureSettings(inputs: readonly CalibrateInput[]): CaptureSettings {
  const out: CaptureSettings = {};
  for (const input of inputs) {
    const meta = turnMetadata(input.body);
    if (!meta || meta.request_kind === "compaction") continue;
    if (typeof meta.sandbox_mode === "string") out.sandbox = meta.sandbox_mode;
    if (typeof meta.model === "string") out.model = meta.model;
    if (meta.turn_trigger === "exec") {
      out.approval = "never";
      out.approvalEvidence = "the capture is of `codex exec`, which runs with approval never";
    }
  }
  return out;
}

/** Prose ids that stay stand-ins after calibrating from these captures (the layout's own texts included). */
export function unextractedProse(files: { [name: string]: string }, layout: ObservedLayout | undefined): string[] {
  const have = new Set(Object.keys(files).map((f) => f.replace(/\.(md|hbs|txt)$/, "")));
  const layoutTexts = new Set([
    ...(layout?.developerExtras ?? []),
    ...(layout?.developerMessages ?? []),
    ...(layout?.skillsUsage ? ["skills-usage"] : []),
  ]);
  const perModel = new Set([
    "skills-usage",
    "deferred-tools",
    "collaboration-mode",
    "multi-agent-role",
    "multi-agent-mode",
  ]);
  const missing: string[] = PROSE_IDS.filter(
    (id) => !have.has(id) && (!perModel.has(id) || layoutTexts.has(id)) && id !== "permissions-approval-untrusted",
  );
  for (const id of ["compact-prompt", "compact-summary-prefix"]) if (!have.has(id)) missing.push(id);
  const toolsFile = layout?.toolPlacement === "input-item" ? "additional-tools.json" : "request-tools.json";
  if (!(toolsFile in files)) missing.push(toolsFile);
  if (layout && layout.window === undefined) missing.push("context-window");
  return missing;
}
