// `promptc calibrate --agent claude-code [--bin PATH | CAPTURE.json]`: run the user's installed agent offline in a
// scratch workspace (or read a capture of it), extract its fixed prose and keep it in the user's cache, where
// `promptc preview --profile X` picks it up. Does IO (fs, git, the agent process).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { makeDirectories } from "../../host/make-directories.js";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { getAdapter } from "../../capture/adapters/index.js";
import { agentVersionFrom } from "../../capture/agent-adapter.js";
import {
  findHarnessCalibration,
  HARNESS_CALIBRATIONS,
  type CalibrationRun,
  type CalibrationWorkspace,
} from "../../capture/harness-calibrations.js";
import { runCapture } from "../../capture/server/run-capture.js";
import { promptcCacheDir, writeCalibration } from "../../host/calibration-store.js";
import { createNodeHost } from "../../host/node-host.js";
import type { AgentInstallRecord } from "../../model/agent-install.js";
import { cannotWrite } from "../../model/file-error.js";
import { findAgentInstall } from "../../host/find-agent-install.js";
import { formatDateInZone } from "../../discover/resolve-environment.js";
import { findProfile, hasEnvelopeLayout } from "../../profiles/index.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { createStyle } from "../format/style.js";
import { EXIT_OK, EXIT_USAGE, type CliIO } from "../io.js";

export interface CalibrateAgentOptions {
  agent: string;
  bin?: string;
  capture?: string;
}

function writeTree(base: string, files: { [path: string]: string }): void {
  for (const [path, text] of Object.entries(files)) {
    makeDirectories(dirname(join(base, path)));
    writeFileSync(join(base, path), text);
  }
}

function buildCalibrationWorkspace(ws: CalibrationWorkspace): { root: string; cwd: string; home: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "promptc-calibrate-")));
  const cwd = join(root, "workspace");
  const home = join(root, "home");
  makeDirectories(cwd);
  makeDirectories(home);
  writeTree(cwd, ws.files);
  writeTree(home, ws.home);
  if (ws.commit !== undefined) {
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd,
        stdio: "ignore",
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, GIT_CONFIG_NOSYSTEM: "1" },
      });
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("-c", "user.name=promptc", "-c", "user.email=promptc@example.invalid", "commit", "-q", "-m", ws.commit);
  }
  writeTree(cwd, ws.untracked);
  return { root, cwd: ws.cwd !== undefined ? join(cwd, ws.cwd) : cwd, home };
}

export async function runCalibrateAgent(options: CalibrateAgentOptions, io: CliIO): Promise<number> {
  const fail = (msg: string): number => {
    io.stderr(`promptc calibrate: ${msg}\n`);
    return EXIT_USAGE;
  };
  const cal = findHarnessCalibration(options.agent);
  const adapter = cal && getAdapter(cal.adapter);
  const found = cal && findProfile(cal.profile);
  const profile = found && !hasEnvelopeLayout(found) ? found : undefined;
  if (!cal || !adapter || !profile)
    return fail(
      `cannot calibrate agent '${options.agent}' (supported: ${HARNESS_CALIBRATIONS.map((c) => c.adapter).join(", ")})`,
    );
  const runs: CalibrationRun[] = [];
  let version: string | undefined;
  let source: string;
  let install: AgentInstallRecord | undefined;
  if (options.capture !== undefined) {
    if (cal.workspaces.length > 1)
      return fail(
        `${profile.displayName} is calibrated from ${cal.workspaces.length} runs; let promptc run it (--bin) instead of giving a capture`,
      );
    const file = resolve(io.cwd, options.capture);
    try {
      runs.push({
        body: JSON.parse(readFileSync(file, "utf8")) as { [key: string]: unknown },
        cwd: "",
        home: "",
        platform: process.platform,
        inGit: true,
      });
    } catch (err) {
      return fail(`cannot read ${options.capture}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    version = profile.targetVersion;
    source = file;
  } else {
    const bin =
      options.bin !== undefined
        ? resolve(io.cwd, options.bin)
        : findAgentInstall(
            adapter.executables.filter((e) => !e.endsWith(".js")),
            adapter.packageName,
            io.env,
          )?.bin;
    if (bin === undefined) return fail(`${adapter.displayName} not found on PATH (pass --bin PATH)`);
    source = `ran ${bin}`;
    // The install the user runs: its folder is named in some prompts and holds the skills the agent bundles.
    const packageDir = findAgentInstall(adapter.executables, adapter.packageName, io.env, bin)?.packageDir;
    install = packageDir !== undefined ? { bin, packageDir } : { bin };
    for (const workspace of cal.workspaces) {
      const ws = buildCalibrationWorkspace(workspace);
      try {
        const isolated = adapter.requiresIsolation !== undefined;
        /** The last model request of one run, or why there is none. */
        const capture = async (args: string[], tz?: string): Promise<{ [key: string]: unknown } | string> => {
          const env: { [k: string]: string | undefined } = {
            PATH: io.env.PATH,
            HOME: ws.home,
            TERM: "dumb",
            LANG: "C.UTF-8",
            ...(tz ? { TZ: tz } : {}),
          };
          for (const k of adapter.calibrationEnv ?? []) if (io.env[k] !== undefined) env[k] = io.env[k];
          const out: string[] = [];
          const run = await runCapture({
            adapter,
            argv: [bin, ...args],
            cwd: ws.cwd,
            env,
            isolated,
            timeoutMs: 180_000,
            onAgentOutput: (t) => out.push(t),
          });
          const req = run.requests.filter((r) => r.reply.kind === "model").at(-1);
          if (req === undefined)
            return `${bin} sent no model request (exit ${run.exitCode}): ${out.join("").slice(0, 300)}`;
          version ??=
            agentVersionFrom(adapter, req.headers["user-agent"]) ??
            findAgentInstall(adapter.executables, adapter.packageName, io.env, bin)?.version;
          return JSON.parse(Buffer.from(req.body).toString("utf8")) as { [key: string]: unknown };
        };
        const where = { cwd: ws.cwd, home: ws.home, platform: process.platform, inGit: workspace.commit !== undefined };
        const body = await capture(cal.args, workspace.timezone);
        if (typeof body === "string") return fail(body);
        const dateIn = (tz: string | undefined) => (tz === undefined ? {} : { date: formatDateInZone(Date.now(), tz) });
        runs.push({ body, ...where, ...dateIn(workspace.timezone) });
        for (const step of workspace.resumes ?? []) {
          writeTree(ws.cwd, step.files);
          for (const file of step.remove) rmSync(join(ws.cwd, file), { force: true });
          const next = await capture(step.args, step.timezone);
          if (typeof next === "string") return fail(next);
          runs.push({ body: next, ...where, ...dateIn(step.timezone) });
        }
      } finally {
        rmSync(ws.root, { recursive: true, force: true });
      }
    }
  }
  const result = cal.extract(runs);
  const style = createStyle(false);
  for (const d of result.diagnostics) io.stderr(formatDiagnostic(d, style) + "\n");
  if (result.prose === undefined) return EXIT_USAGE;
  const cache = promptcCacheDir(createNodeHost({ cwd: io.cwd, env: io.env }));
  if (cache === undefined) return fail("no cache directory (set XDG_CACHE_HOME or HOME)");
  let path: string;
  try {
    path = writeCalibration(cache, profile.id, profile.targetVersion, {
      profile: profile.id,
      agentVersion: profile.targetVersion,
      source,
      prose: result.prose,
      ...(install !== undefined ? { install } : {}),
      ...(result.bundledSkills !== undefined ? { bundledSkills: result.bundledSkills } : {}),
    });
  } catch (err) {
    return fail(cannotWrite(cache, err));
  }
  io.stdout(`${path}\n`);
  io.stderr(
    `promptc calibrate: ${profile.displayName} ${profile.targetVersion}'s prose is in your cache; promptc preview --profile ${profile.id} now uses it\n`,
  );
  return EXIT_OK;
}
