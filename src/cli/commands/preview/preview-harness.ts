// `promptc preview --profile claude-code|pi|gemini-cli`: the request that agent would send from a directory,
// in its own wire format. Does IO: the Node host for files, git for the repository facts, os for uname.
import { release, type } from "node:os";
import { resolve } from "node:path";
import { compileHarness } from "../../../compile/compile-harness.js";
import { HARNESS_TURN_LOADERS } from "../../../discover/harness-turn-loaders.js";
import { formatDateInZone, isValidTimezone } from "../../../discover/resolve-environment.js";
import { createNodeHost } from "../../../host/node-host.js";
import { getAdapter } from "../../../capture/adapters/index.js";
import { findAgentInstall } from "../../../host/find-agent-install.js";
import { loadHarnessCalibration } from "../../load-harness-calibration.js";
import { probeGit } from "../../../host/probe-git.js";
import { getHarnessProfile } from "../../../profiles/harness-profiles.js";
import { formatDiagnostic } from "../../format/format-diagnostic.js";
import { renderHarnessReport } from "../../format/harness-preview-report.js";
import { colorFor, createStyle } from "../../format/style.js";
import { EXIT_OK, EXIT_USAGE, type CliIO } from "../../io.js";
import type { PreviewOptions } from "./preview-options.js";

/** Stands in for the per-run session uuid the agents make (pass --session-id for a captured one). */
export const PLACEHOLDER_SESSION_ID = "00000000-0000-4000-8000-000000000000";

export function isHarnessPreview(profile: string): boolean {
  return getHarnessProfile(profile) !== undefined && HARNESS_TURN_LOADERS[profile] !== undefined;
}

/** Flags that only mean something for the Responses profiles. */
const RESPONSES_ONLY = [
  "image",
  "codexHome",
  "config",
  "configProfile",
  "sandbox",
  "approval",
  "shell",
  "baseInstructions",
  "proseDir",
  "scenario",
  "session",
  "html",
] as const;

export function runHarnessPreview(options: PreviewOptions, io: CliIO): number {
  const profile = getHarnessProfile(options.profile);
  const load = HARNESS_TURN_LOADERS[options.profile];
  if (profile === undefined || load === undefined) {
    io.stderr(`promptc preview: unknown profile '${options.profile}'\n`);
    return EXIT_USAGE;
  }
  const given = RESPONSES_ONLY.filter((k) => options[k] !== undefined);
  if (given.length > 0) {
    io.stderr(
      `promptc preview: ${given.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(", ")} cannot be used with --profile ${profile.id}\n`,
    );
    return EXIT_USAGE;
  }
  if (options.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.date)) {
    io.stderr(`promptc preview: --date ${options.date}: expected YYYY-MM-DD\n`);
    return EXIT_USAGE;
  }
  if (options.timezone !== undefined && !isValidTimezone(options.timezone)) {
    io.stderr(`promptc preview: --timezone ${options.timezone}: not an IANA time zone\n`);
    return EXIT_USAGE;
  }
  const cwd = resolve(io.cwd, options.cwd ?? ".");
  const host = createNodeHost({ cwd, env: io.env });
  const cwdStat = host.stat(cwd);
  if (!cwdStat.ok || cwdStat.value.kind !== "directory") {
    io.stderr(`promptc preview: -C ${options.cwd ?? "."}: ${cwdStat.ok ? "not a directory" : cwdStat.error.code}\n`);
    return EXIT_USAGE;
  }
  const home = options.home !== undefined ? resolve(io.cwd, options.home) : host.home();
  if (home === undefined) {
    io.stderr("promptc preview: no home directory (pass --home DIR)\n");
    return EXIT_USAGE;
  }
  const homeStat = host.stat(home);
  if (!homeStat.ok || homeStat.value.kind !== "directory") {
    io.stderr(
      `promptc preview: --home ${options.home ?? home}: ${homeStat.ok ? "not a directory" : homeStat.error.code}\n`,
    );
    return EXIT_USAGE;
  }
  const clock = host.clock();
  const date = options.date ?? formatDateInZone(clock.nowMs, options.timezone ?? clock.timezone);
  const inputs: Parameters<typeof load>[1] = {
    cwd,
    home,
    git: probeGit(cwd, home),
    platform: process.platform,
    osVersion: `${type()} ${release()}`,
    date,
    message: options.message ?? "",
    sessionId: options.sessionId ?? PLACEHOLDER_SESSION_ID,
  };
  if (options.model !== undefined) inputs.model = options.model;
  // pi's prompt names its install folder: the pi on PATH.
  const adapter = getAdapter(profile.id);
  const install =
    adapter?.packageName !== undefined
      ? findAgentInstall(
          adapter.executables.filter((e) => !e.endsWith(".js")),
          adapter.packageName,
          io.env,
        )
      : undefined;
  if (install?.packageDir !== undefined) inputs.installDir = install.packageDir;
  const loaded = load(host, inputs);
  // Prose the user's own agent supplied (`promptc calibrate --agent X`), else promptc's stand-ins.
  const calibration = loadHarnessCalibration(host, profile);
  const prose = calibration.value !== undefined ? calibration.value.value.prose : profile.standInProse;
  const request = compileHarness(profile, loaded.turn, prose, [...calibration.diagnostics, ...loaded.diagnostics]);
  const failed = request.diagnostics.some((d) => d.severity === "error");
  if (options.json) {
    io.stdout(request.bytes);
    const plain = createStyle(false);
    for (const d of request.diagnostics) io.stderr(`${formatDiagnostic(d, plain, cwd).trimStart()}\n`);
    return failed ? EXIT_USAGE : EXIT_OK;
  }
  io.stdout(
    renderHarnessReport({
      request,
      displayName: profile.displayName,
      estimate: profile.tokenizer.estimate,
      contextWindow: profile.contextWindow,
      cwd,
      diagnostics: request.diagnostics,
      style: createStyle(colorFor(io, options.color)),
      showText: options.text !== false,
    }),
  );
  return failed ? EXIT_USAGE : EXIT_OK;
}
