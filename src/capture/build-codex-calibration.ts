// Turns what the installed Codex showed (catalogue, prompt-input per sandbox × approval, one first turn and one
// compacted resume per model family) into a CodexCalibration, naming every part it could not see. Pure.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import { APPROVAL_POLICIES, SANDBOX_MODES } from "../model/permission-modes.js";
import { isJsonObject, type JsonObject } from "../model/json-value.js";
import { codexModelLayout, parseCodexModelEntry } from "../profiles/codex-models/index.js";
import { calibrateLayout } from "./calibrate-layout.js";
import {
  appendedToolsText,
  builtinMultiAgentTexts,
  codeModeSwitchTexts,
  deferredToolsSeen,
} from "./codex-switch-texts.js";
import { calibrateProse, type CalibrateApproval, type CalibrateInput } from "./calibrate-prose.js";
import {
  CODEX_CALIBRATION_SCHEMA,
  FALLBACK_FAMILY,
  type CalibratedFamily,
  type CalibratedFile,
  type CodexCalibration,
} from "../setup/codex/codex-calibration.js";

export interface PromptInputRun {
  sandbox: string;
  approval: CalibrateApproval;
  /** stdout of `codex debug prompt-input` (a JSON list of input items). */
  stdout: string;
}

export interface FamilyRun {
  key: string;
  models: string[];
  slug: string;
  /** The model requests of the family's runs, in order (first turn, compaction, resumed turn). */
  requests: CalibrateInput[];
  /** Why the runs failed, when they did. */
  error?: string;
}

export interface CodexCalibrationRun {
  codexVersion: string;
  createdAt: string;
  catalogueText: string;
  promptInputs: PromptInputRun[];
  families: FamilyRun[];
  systemSkills: CalibratedFile[];
  /** Resumed requests that carry the session-update sentences (AGENTS.md replaced/withdrawn, model switch). */
  sessionUpdates?: CalibrateInput[];
  /** `codex debug prompt-input` on an unlisted model with `features.multi_agent_v2`: Codex's built-in v2 texts. */
  multiAgentPromptInput?: string;
}

/** Prose ids taken from prompt-input (the same for every family in 0.171.0: checked per family by the capture). */
const SHARED_PREFIXES = ["permissions-", "skills-preamble"];
/** Sentences the session-update captures show (shared by every family). */
const SESSION_SENTENCES = ["model-switch", "agents-md-replaced", "agents-md-removed"];
/**
 * Texts the same in every family that shows them, kept shared too: a session can carry them into a family that never
 * shows them on its own (the multi_agent_v1 deferral, after a switch from a v1 session to a code-mode model).
 */
const SHARED_WHEN_SEEN = ["deferred-tools"];
/** What every family's first turn and compacted resume must show. */
const FAMILY_PARTS = ["base-instructions", "compact-prompt", "compact-summary-prefix"];

/** The family key of each catalogue slug (raw entries), plus the fallback family. */
export function catalogueEntries(catalogueText: string): JsonObject[] {
  try {
    const data: unknown = JSON.parse(catalogueText);
    const list = isJsonObject(data) ? data.models : undefined;
    return Array.isArray(list) ? list.filter(isJsonObject) : [];
  } catch {
    return [];
  }
}

function promptInputBody(run: PromptInputRun): string | undefined {
  try {
    const items: unknown = JSON.parse(run.stdout);
    if (!Array.isArray(items)) return undefined;
    return JSON.stringify({
      input: items,
      client_metadata: { "x-codex-turn-metadata": JSON.stringify({ sandbox_mode: run.sandbox }) },
    });
  } catch {
    return undefined;
  }
}

export function buildCodexCalibration(run: CodexCalibrationRun): {
  calibration: CodexCalibration;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const prose: { [id: string]: string } = {};
  const approvals = [...new Set(run.promptInputs.map((p) => p.approval))];
  for (const approval of approvals) {
    const inputs: CalibrateInput[] = [];
    for (const p of run.promptInputs.filter((x) => x.approval === approval)) {
      const body = promptInputBody(p);
      if (body === undefined)
        diagnostics.push(
          diagnostic(
            "calibrate/prompt-input",
            "warning",
            `codex debug prompt-input (${p.sandbox}, ${p.approval}) printed no input list; its texts are missing`,
          ),
        );
      else inputs.push({ file: `prompt-input ${p.sandbox} ${p.approval}`, body });
    }
    const r = calibrateProse(inputs, { approval });
    diagnostics.push(...r.diagnostics.filter((d) => d.severity !== "info"));
    for (const [name, text] of Object.entries(r.files)) {
      const id = name.replace(/\.md$/, "");
      if (SHARED_PREFIXES.some((p) => id.startsWith(p))) prose[id] ??= text;
    }
  }

  if (run.sessionUpdates && run.sessionUpdates.length > 0) {
    const r = calibrateProse(run.sessionUpdates, { approval: "never" });
    diagnostics.push(...r.diagnostics.filter((d) => d.severity === "error" || d.rule === "calibrate/conflict"));
    for (const id of SESSION_SENTENCES) {
      const text = r.files[`${id}.md`];
      if (text !== undefined) prose[id] = text;
    }
  }

  if (run.multiAgentPromptInput !== undefined) Object.assign(prose, builtinMultiAgentTexts(run.multiAgentPromptInput));
  const deferred = deferredToolsSeen(run.families.flatMap((f) => (f.requests[0] ? [f.requests[0].body] : [])));
  for (const u of run.sessionUpdates ?? []) {
    const removed = appendedToolsText(u.body, deferred);
    if (removed !== undefined) prose["deferred-tools-removed"] ??= removed;
    for (const [id, text] of Object.entries(codeModeSwitchTexts(u.body))) prose[id] ??= text;
  }

  const entries = new Map(catalogueEntries(run.catalogueText).map((e) => [String(e.slug), e]));
  const families: CalibratedFamily[] = [];
  for (const f of run.families) {
    const fam: CalibratedFamily = { key: f.key, models: f.models, capturedWith: f.slug, prose: {}, missing: [] };
    families.push(fam);
    if (f.error !== undefined) {
      diagnostics.push(
        diagnostic(
          "calibrate/family-failed",
          "warning",
          `model family of ${f.slug}: ${f.error}; its prose stays stand-in`,
          { data: { model: f.slug } },
        ),
      );
      fam.missing.push("all");
      continue;
    }
    const r = calibrateProse(f.requests, { approval: "never" });
    diagnostics.push(...r.diagnostics.filter((d) => d.severity === "error" || d.rule === "calibrate/conflict"));
    for (const [name, text] of Object.entries(r.files)) {
      const id = name.replace(/\.md$/, "");
      if (name === "tools.yaml" || SHARED_PREFIXES.some((p) => id.startsWith(p))) continue;
      fam.prose[id] = text;
    }
    const first = f.requests[0];
    let body: unknown;
    try {
      body = first ? JSON.parse(first.body) : undefined;
    } catch {
      body = undefined;
    }
    const parts = isJsonObject(body) ? calibrateLayout(body) : undefined;
    if (!parts) {
      fam.missing.push("layout");
      diagnostics.push(
        diagnostic(
          "calibrate/no-layout",
          "warning",
          `model family of ${f.slug}: the first request has no recognisable initial context`,
          { data: { model: f.slug } },
        ),
      );
      continue;
    }
    Object.assign(fam.prose, parts.texts);
    for (const id of SHARED_WHEN_SEEN) if (parts.texts[id] !== undefined) prose[id] ??= parts.texts[id];
    if (parts.requestTools) fam.requestTools = parts.requestTools;
    if (parts.additionalTools) fam.additionalTools = parts.additionalTools;
    for (const id of FAMILY_PARTS) if (fam.prose[id] === undefined) fam.missing.push(id);
    // The layout the catalogue decides must be the one Codex showed; a difference is reported, not hidden.
    const raw = entries.get(f.slug);
    const entry = raw && f.key !== FALLBACK_FAMILY ? parseCodexModelEntry(raw) : undefined;
    const expected = codexModelLayout(f.slug, entry);
    const seen = parts.observed;
    const mismatch: string[] = [];
    if ((expected.tools.placement === "input-item") !== (seen.toolPlacement === "input-item"))
      mismatch.push(`tools ${seen.toolPlacement}, expected ${expected.tools.placement}`);
    if (seen.parallelToolCalls !== undefined && seen.parallelToolCalls !== expected.parallelToolCalls)
      mismatch.push(`parallel_tool_calls ${String(seen.parallelToolCalls)}`);
    if (JSON.stringify(seen.reasoning ?? null) !== JSON.stringify(expected.reasoning))
      mismatch.push(`reasoning ${JSON.stringify(seen.reasoning)}`);
    if (
      JSON.stringify(seen.text ?? null) !==
      JSON.stringify(expected.verbosity !== undefined ? { verbosity: expected.verbosity } : null)
    )
      mismatch.push(`text ${JSON.stringify(seen.text)}`);
    if (seen.developerExtras.join(",") !== expected.developerExtras.join(","))
      mismatch.push(`developer texts [${seen.developerExtras.join(", ")}]`);
    if (seen.developerMessages.join(",") !== expected.developerMessages.join(","))
      mismatch.push(`developer messages [${seen.developerMessages.join(", ")}]`);
    if (seen.skillsUsage !== expected.skillsUsage) mismatch.push(`skills usage ${String(seen.skillsUsage)}`);
    if (mismatch.length > 0) {
      diagnostics.push(
        diagnostic(
          "calibrate/layout-mismatch",
          "warning",
          `model ${f.slug}: Codex sent ${mismatch.join("; ")} where the catalogue fields predict otherwise; previews of this family may differ`,
          { data: { model: f.slug, mismatch } },
        ),
      );
    }
  }
  const missing = SESSION_SENTENCES.filter(
    (id) => prose[id] === undefined && families.every((f) => f.prose[id] === undefined),
  );
  for (const s of SANDBOX_MODES)
    if (prose[`permissions-sandbox-${s}`] === undefined) missing.push(`permissions-sandbox-${s}`);
  for (const a of APPROVAL_POLICIES)
    if (prose[`permissions-approval-${a}`] === undefined) missing.push(`permissions-approval-${a}`);
  if (prose["permissions-approved-prefixes"] === undefined) missing.push("permissions-approved-prefixes");
  if (prose["skills-preamble"] === undefined) missing.push("skills-preamble");
  const calibration: CodexCalibration = {
    schema: CODEX_CALIBRATION_SCHEMA,
    agent: "codex",
    codexVersion: run.codexVersion,
    createdAt: run.createdAt,
    catalogue: safeParse(run.catalogueText),
    prose,
    families,
    systemSkills: run.systemSkills,
    missing,
  };
  return { calibration, diagnostics };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
