// The one calibration cache: what `promptc calibrate --agent X` extracted from the user's own installed agent, in
// `$XDG_CACHE_HOME/promptc/calibration/<agent>/<version>.json` (else ~/.cache/promptc/…), one file per agent and
// version (Codex's holds its model families inside). Reads go through the Host and every problem is a diagnostic
// (unreadable, corrupt, stale, old layout), never an exception; the writer replaces a file atomically. Does IO.
import { renameSync, writeFileSync } from "node:fs";
import type { Host } from "./host.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import { makeDirectories } from "./make-directories.js";
import { defaultTokenCacheDir } from "./token-cache.js";

export const CALIBRATION_FILE_MAX_BYTES = 64 * 1024 * 1024;

/** promptc's cache folder, or undefined when neither an absolute XDG_CACHE_HOME nor a home folder is known. */
export function promptcCacheDir(host: Host): string | undefined {
  return defaultTokenCacheDir({ XDG_CACHE_HOME: host.env("XDG_CACHE_HOME") }, host.home());
}

export function calibrationDir(cacheDir: string, agent: string): string {
  return `${cacheDir}/calibration/${agent}`;
}

export function calibrationFile(cacheDir: string, agent: string, version: string): string {
  return `${calibrationDir(cacheDir, agent)}/${version}.json`;
}

/** An agent's parser for its entries' text: the version the entry holds and its content, or diagnostics. */
export type CalibrationParser<T> = (text: string, file: string) => Result<{ version: string; value: T } | undefined>;

export interface LoadCalibrationOptions {
  /** The version to prefer (the installed agent's, else the profile's target). */
  version?: string;
  /** Only that version is usable: another version's entry is named (stale) instead of used. */
  exactVersion?: boolean;
  cacheDir?: string;
}

export interface LoadedCalibration<T> {
  value: T;
  version: string;
  file: string;
}

interface Candidate {
  file: string;
  version: string;
  /** `calibration/<agent>-<version>.json`, the layout promptc used for harness calibrations before. */
  legacy: boolean;
}

function compareVersions(a: string, b: string): number {
  const x = a.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  const y = b.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

function candidates(host: Host, cacheDir: string, agent: string): Candidate[] {
  const out: Candidate[] = [];
  const current = host.readDir(calibrationDir(cacheDir, agent));
  for (const e of current.ok ? current.value : [])
    if (e.kind === "file" && e.name.endsWith(".json"))
      out.push({ file: `${calibrationDir(cacheDir, agent)}/${e.name}`, version: e.name.slice(0, -5), legacy: false });
  const old = host.readDir(`${cacheDir}/calibration`);
  for (const e of old.ok ? old.value : [])
    if (e.kind === "file" && e.name.startsWith(`${agent}-`) && e.name.endsWith(".json"))
      out.push({
        file: `${cacheDir}/calibration/${e.name}`,
        version: e.name.slice(agent.length + 1, -5),
        legacy: true,
      });
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The agent's calibration: the wanted version's entry, else (unless `exactVersion`) the newest usable one. Every
 * entry passed over says why in a diagnostic; an entry in the old layout is used and named.
 */
export function loadCalibration<T>(
  host: Host,
  agent: string,
  parse: CalibrationParser<T>,
  options: LoadCalibrationOptions = {},
): Result<LoadedCalibration<T> | undefined> {
  const diagnostics: Diagnostic[] = [];
  const cache = options.cacheDir ?? promptcCacheDir(host);
  if (cache === undefined) return { value: undefined, diagnostics };
  const all = candidates(host, cache, agent);
  // The wanted version first (the current layout before the old one), then the newest.
  const rank = (c: Candidate) => (c.version === options.version ? 0 : 1);
  const ordered = [...all].sort(
    (a, b) => rank(a) - rank(b) || compareVersions(b.version, a.version) || Number(a.legacy) - Number(b.legacy),
  );
  for (const c of ordered) {
    if (options.exactVersion && options.version !== undefined && c.version !== options.version) {
      diagnostics.push(
        diagnostic(
          "calibration/stale",
          "info",
          `${c.file}: a calibration of ${agent} ${c.version}, not of ${options.version} (the version the profile reproduces); not used`,
          { file: c.file },
        ),
      );
      continue;
    }
    const r = host.readBytes(c.file, { maxBytes: CALIBRATION_FILE_MAX_BYTES + 1 });
    if (!r.ok || r.value.size > CALIBRATION_FILE_MAX_BYTES) {
      const why = r.ok ? "too large" : r.error.code;
      diagnostics.push(
        diagnostic("calibration/unreadable", "warning", `${c.file}: ${why}; not used`, { file: c.file }),
      );
      continue;
    }
    let text: string;
    try {
      text = utf8.decode(r.value.bytes);
    } catch {
      diagnostics.push(
        diagnostic("calibration/corrupt", "warning", `${c.file}: not valid UTF-8; not used`, { file: c.file }),
      );
      continue;
    }
    const parsed = parse(text, c.file);
    diagnostics.push(...parsed.diagnostics);
    if (!parsed.value) continue;
    if (parsed.value.version !== c.version) {
      diagnostics.push(
        diagnostic(
          "calibration/stale",
          "warning",
          `${c.file}: holds a calibration of ${agent} ${parsed.value.version}, not ${c.version}; not used (run \`promptc calibrate --agent ${agent}\` again)`,
          { file: c.file },
        ),
      );
      continue;
    }
    if (c.legacy)
      diagnostics.push(
        diagnostic(
          "calibration/old-layout",
          "info",
          `${c.file}: read from the old cache layout; \`promptc calibrate --agent ${agent}\` rewrites it as ${calibrationFile(cache, agent, c.version)}`,
          { file: c.file },
        ),
      );
    return { value: { value: parsed.value.value, version: c.version, file: c.file }, diagnostics };
  }
  return { value: undefined, diagnostics };
}

/** Writes an entry whole, then renames it into place (a preview never reads half a calibration); returns its path. */
export function writeCalibration(cacheDir: string, agent: string, version: string, value: unknown): string {
  if (!/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(version) || !/^[a-z][a-z0-9-]*$/.test(agent))
    throw new Error(`calibration key ${agent}/${version} is not a file name`);
  const file = calibrationFile(cacheDir, agent, version);
  makeDirectories(calibrationDir(cacheDir, agent));
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value) + "\n", { mode: 0o600 });
  renameSync(tmp, file);
  return file;
}
