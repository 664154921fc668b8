// Reads the Codex calibration from promptc's calibration cache (host/calibration-store.ts): the one for the wanted
// version, else the newest one there. Corrupt or stale entries are diagnostics. IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Result } from "../../model/diagnostic.js";
import { loadCalibration, type CalibrationParser } from "../../host/calibration-store.js";
import { calibratedFamilyFor, CODEX_AGENT, parseCodexCalibration, type CodexCalibration } from "./codex-calibration.js";

export interface LoadCodexCalibrationOptions {
  /** Version to prefer (the installed Codex's, else the profile's target). */
  version?: string;
  cacheDir?: string;
}

export interface LoadedCodexCalibration {
  calibration: CodexCalibration;
  file: string;
}

const parseEntry: CalibrationParser<CodexCalibration> = (text, file) => {
  const parsed = parseCodexCalibration(text, file);
  return {
    value: parsed.value ? { version: parsed.value.codexVersion, value: parsed.value } : undefined,
    diagnostics: parsed.diagnostics,
  };
};

/** The cached calibration of the wanted Codex version, else the newest one (others' problems as diagnostics). */
export function loadCodexCalibration(
  host: Host,
  options: LoadCodexCalibrationOptions = {},
): Result<LoadedCodexCalibration | undefined> {
  const r = loadCalibration(host, CODEX_AGENT, parseEntry, options);
  return { value: r.value && { calibration: r.value.value, file: r.value.file }, diagnostics: r.diagnostics };
}

/** A calibrated text for the model a log ran (its family's, else the shared one), with the file it came from. */
export function calibratedTextFor(
  host: Host,
  model: string | undefined,
  id: string,
  version?: string,
): { text: string; file: string } | undefined {
  const loaded = loadCodexCalibration(host, version !== undefined ? { version } : {}).value;
  if (!loaded) return undefined;
  const cal = loaded.calibration;
  const models =
    cal.catalogue !== null &&
    typeof cal.catalogue === "object" &&
    Array.isArray((cal.catalogue as { models?: unknown }).models)
      ? ((cal.catalogue as { models: unknown[] }).models as { slug?: unknown }[])
      : [];
  const listed = model !== undefined && models.some((m) => m.slug === model);
  const family = model !== undefined ? calibratedFamilyFor(cal, model, listed) : undefined;
  const text = family?.prose[id] ?? cal.prose[id];
  return text !== undefined ? { text, file: loaded.file } : undefined;
}
