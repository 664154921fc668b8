// The model catalogue of the Codex a user runs, for a calibration that must hold the model's windows: the one a
// preview reads (models_cache.json, the cached calibration), else `codex debug models` of the installed Codex
// (offline, ~50 ms). Does IO (the Node host, one child process).
import { execFileSync } from "node:child_process";
import type { Host } from "../../host/host.js";
import { findInstalledCodex } from "../../discover/find-installed-codex.js";
import { parseCodexCatalogue, type CodexCatalogue } from "../../profiles/codex-models/index.js";
import { readKnownCatalogue } from "../../setup/index.js";

const DEBUG_MODELS_TIMEOUT_MS = 30_000;

export function readInstalledCatalogue(
  host: Host,
  env: Readonly<Record<string, string | undefined>>,
): CodexCatalogue | undefined {
  const known = readKnownCatalogue(host);
  if (known) return known;
  const codex = findInstalledCodex(host);
  if (!codex) return undefined;
  let stdout: string;
  try {
    stdout = execFileSync(codex.bin, ["debug", "models"], {
      env: { ...env },
      encoding: "utf8",
      timeout: DEBUG_MODELS_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return undefined;
  }
  const parsed = parseCodexCatalogue(stdout, `${codex.bin} debug models`).value;
  return parsed.models.length > 0 ? parsed : undefined;
}
