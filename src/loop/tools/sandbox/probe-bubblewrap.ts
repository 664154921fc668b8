// Whether bubblewrap can confine a command on this machine: found in a system directory and able to start a
// sandbox like the ones tools get (a trial `true`); does IO. The answer is kept per bwrap path for the process.
import { spawnSync } from "node:child_process";
import { buildBwrapArgv } from "../../sandbox/build-bwrap-argv.js";
import { resolveProgram } from "./resolve-program.js";
import { SYSTEM_BIN_DIRS } from "../../policy/safe-command-table.js";

export type BubblewrapProbe = { ok: true; path: string } | { ok: false; reason: string };

/** How long the trial run may take before bubblewrap counts as unable to start. */
export const BWRAP_PROBE_TIMEOUT_MS = 5_000;
const probes = new Map<string, BubblewrapProbe>();

/** `override`: a bwrap path to use instead of looking in the system directories (`PROMPTC_BWRAP`). */
export function probeBubblewrap(override?: string): BubblewrapProbe {
  if (process.platform !== "linux")
    return { ok: false, reason: `bubblewrap isolation is Linux-only (this is ${process.platform})` };
  const found =
    override !== undefined && override !== ""
      ? resolveProgram(override, "/", undefined)
      : resolveProgram("bwrap", "/", SYSTEM_BIN_DIRS.join(":"));
  if (!found)
    return {
      ok: false,
      reason: override
        ? `bubblewrap not found at ${override}`
        : "bubblewrap (bwrap) is not installed (Debian package bubblewrap)",
    };
  const cached = probes.get(found.path);
  if (cached) return cached;
  const trueProgram = resolveProgram("true", "/", SYSTEM_BIN_DIRS.join(":"))?.path ?? "/bin/true";
  // The trial uses the tools' own command line (read-only, no network), so it fails exactly where they would.
  const args = buildBwrapArgv(
    found.path,
    { mode: "read-only", writableRoots: [], networkAccess: false },
    { writableRoots: [], readOnlyPaths: [], cwd: "/" },
    [trueProgram],
  ).slice(1);
  const trial = spawnSync(found.path, args, {
    encoding: "utf8",
    timeout: BWRAP_PROBE_TIMEOUT_MS,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const probe: BubblewrapProbe =
    trial.status === 0
      ? { ok: true, path: found.path }
      : {
          ok: false,
          reason: `bubblewrap cannot start a sandbox here: ${(trial.stderr || trial.error?.message || `exit ${trial.status ?? trial.signal}`).trim().split("\n")[0]}`,
        };
  probes.set(found.path, probe);
  return probe;
}
