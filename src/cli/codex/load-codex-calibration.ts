// Reads the Codex calibration from promptc's cache folder (`$XDG_CACHE_HOME/promptc`, else ~/.cache/promptc):
// the one for the wanted version, else the newest one there. Corrupt or stale files are diagnostics. IO through
// the Host only.
import type { Host } from "../../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import { calibratedFamilyFor, parseCodexCalibration, type CodexCalibration } from "../../capture/codex-calibration.js";

export const CALIBRATION_FILE_MAX_BYTES = 64 * 1024 * 1024;

/** promptc's cache folder, or undefined when neither XDG_CACHE_HOME nor a home folder is known. */
export function promptcCacheDir(host: Host): string | undefined {
  const xdg = host.env("XDG_CACHE_HOME");
  if (xdg && xdg.startsWith("/")) return `${xdg.replace(/\/+$/, "")}/promptc`;
  const home = host.home();
  return home ? `${home.replace(/\/+$/, "")}/.cache/promptc` : undefined;
}

export function codexCalibrationDir(cacheDir: string): string {
  return `${cacheDir}/calibration/codex`;
}

export function codexCalibrationFile(cacheDir: string, version: string): string {
  return `${codexCalibrationDir(cacheDir)}/${version}.json`;
}

function compareVersions(a: string, b: string): number {
  const x = a.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  const y = b.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

export interface LoadCodexCalibrationOptions {
  /** Version to prefer (the installed Codex's, else the profile's target). */
  version?: string;
  cacheDir?: string;
}

export interface LoadedCodexCalibration {
  calibration: CodexCalibration;
  file: string;
}

export function loadCodexCalibration(
  host: Host,
  options: LoadCodexCalibrationOptions = {},
): Result<LoadedCodexCalibration | undefined> {
  const diagnostics: Diagnostic[] = [];
  const cache = options.cacheDir ?? promptcCacheDir(host);
  if (cache === undefined) return { value: undefined, diagnostics };
  const dir = codexCalibrationDir(cache);
  const listing = host.readDir(dir);
  if (!listing.ok) return { value: undefined, diagnostics };
  const versions = listing.value
    .filter((e) => e.kind === "file" && e.name.endsWith(".json"))
    .map((e) => e.name.slice(0, -5));
  if (versions.length === 0) return { value: undefined, diagnostics };
  const ordered = [...versions].sort(compareVersions).reverse();
  const wanted =
    options.version !== undefined && versions.includes(options.version)
      ? [options.version, ...ordered.filter((v) => v !== options.version)]
      : ordered;
  for (const v of wanted) {
    const file = codexCalibrationFile(cache, v);
    const r = host.readBytes(file, { maxBytes: CALIBRATION_FILE_MAX_BYTES + 1 });
    if (!r.ok || r.value.size > CALIBRATION_FILE_MAX_BYTES) {
      diagnostics.push(
        diagnostic("calibration/unreadable", "warning", `${file}: ${r.ok ? "too large" : r.error.code}; not used`, {
          file,
        }),
      );
      continue;
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(r.value.bytes);
    } catch {
      diagnostics.push(diagnostic("calibration/corrupt", "warning", `${file}: not valid UTF-8; not used`, { file }));
      continue;
    }
    const parsed = parseCodexCalibration(text, file);
    diagnostics.push(...parsed.diagnostics);
    if (!parsed.value) continue;
    if (parsed.value.codexVersion !== v) {
      diagnostics.push(
        diagnostic(
          "calibration/stale",
          "warning",
          `${file}: holds a calibration of Codex ${parsed.value.codexVersion}, not ${v}; not used`,
          { file },
        ),
      );
      continue;
    }
    return { value: { calibration: parsed.value, file }, diagnostics };
  }
  return { value: undefined, diagnostics };
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
