// `promptc calibrate --agent codex`: run the installed Codex offline (no capture, no server set-up, no flags) and
// store its prose and catalogue facts in promptc's cache, keyed by Codex version. Does IO (CLI edge).
import { buildCodexCalibration } from "../../capture/build-codex-calibration.js";
import { runCodexCalibration } from "../../capture/server/run-codex-calibration.js";
import { findInstalledCodex } from "../../discover/find-installed-codex.js";
import { CODEX_AGENT } from "../../setup/index.js";
import { calibrationFile, promptcCacheDir, writeCalibration } from "../../host/calibration-store.js";
import { createNodeHost } from "../../host/node-host.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { createStyle, type Style } from "../format/style.js";
import { EXIT_OK, EXIT_USAGE, type CliIO } from "../io.js";

export interface CalibrateCodexAgentOptions {
  agent: string;
  /** Codex binary (default: $CODEX_BIN, else `codex` on PATH). */
  codex?: string;
  color: boolean;
}

export async function runCalibrateCodexAgent(options: CalibrateCodexAgentOptions, io: CliIO): Promise<number> {
  const style: Style = createStyle(options.color);
  const fail = (msg: string) => {
    io.stderr(`promptc calibrate: ${msg}\n`);
    return EXIT_USAGE;
  };
  if (options.agent !== "codex")
    return fail(
      `--agent ${options.agent}: only codex can be calibrated by running it (others: calibrate from captures)`,
    );
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  const bin = options.codex ?? findInstalledCodex(host)?.bin;
  if (bin === undefined)
    return fail(
      "no codex found ($CODEX_BIN, or codex on PATH); install Codex or calibrate from captures (promptc calibrate CAPTURE…)",
    );
  const cache = promptcCacheDir(host);
  if (cache === undefined) return fail("no cache folder (set XDG_CACHE_HOME or HOME)");
  const run = await runCodexCalibration({
    codex: bin,
    env: io.env,
    onProgress: (line) => io.stderr(style.dim(`promptc calibrate: ${line}\n`)),
  });
  if ("error" in run) return fail(run.error);
  const { calibration, diagnostics } = buildCodexCalibration(run);
  for (const d of diagnostics) io.stderr(formatDiagnostic(d, style) + "\n");
  let file = calibrationFile(cache, CODEX_AGENT, calibration.codexVersion);
  try {
    file = writeCalibration(cache, CODEX_AGENT, calibration.codexVersion, calibration);
  } catch (err) {
    return fail(`cannot write ${file}: ${(err as Error).message}`);
  }
  const families = calibration.families;
  const complete = families.filter((f) => f.missing.length === 0).length;
  io.stdout(
    `calibrated Codex ${calibration.codexVersion}: ${families.length} model families (${complete} complete), ${Object.keys(calibration.prose).length} shared texts, ${calibration.systemSkills.length} system skill files\n`,
  );
  for (const f of families)
    if (f.missing.length > 0) io.stdout(`  ${f.capturedWith}: not seen: ${f.missing.join(", ")}\n`);
  if (calibration.missing.length > 0)
    io.stdout(`  every family: not seen: ${calibration.missing.join(", ")} (stand-ins until a capture shows them)\n`);
  io.stdout(`${file}\n`);
  return EXIT_OK;
}
