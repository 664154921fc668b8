// `promptc agents [-C dir] [--home DIR] [--json]`: what every harness (codex, claude-code, gemini-cli, pi,
// copilot) loads from a directory, which files none loads, and which agents are installed and calibrated.
// Does IO: the Node host, PATH lookups, the calibration cache.
import { resolve } from "node:path";
import type { Command } from "commander";
import { AGENT_ADAPTERS } from "../../capture/adapters/index.js";
import { HARNESS_CALIBRATIONS } from "../../capture/harness-calibrations.js";
import { discoverAgentsView } from "../../discover/agents/discover-agents-view.js";
import { cachedCalibration } from "../../setup/index.js";
import type { Result } from "../../model/diagnostic.js";
import { findAgentInstall, type AgentInstall } from "../../host/find-agent-install.js";
import { createNodeHost } from "../../host/node-host.js";
import { createCachingHost } from "../../host/create-caching-host.js";
import { harnessRefsOf } from "../../discover/agents/discover-harness-loads.js";
import { findProfile, hasEnvelopeLayout, PROFILE_LIST, profileIdList } from "../../profiles/index.js";
import { renderAgentsReport, type AgentsReport, type InstalledAgent } from "../format/agents-report.js";
import { basenameOf, dirnameOf } from "../../discover/paths.js";
import { parseSkillMd } from "../../discover/parse-skill-md.js";
import type { ListedSkill } from "../../profiles/profile.js";
import { colorFor, createStyle } from "../format/style.js";
import { EXIT_OK, EXIT_USAGE, tokenCounterOf, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";

interface AgentsOptions {
  cwd?: string;
  home?: string;
  json?: boolean;
  color?: boolean;
}

export function runAgents(options: AgentsOptions, io: CliIO): number {
  const cwd = resolve(io.cwd, options.cwd ?? ".");
  // One short run: every harness walks the same ancestors, each looked at once (and each folder's project root).
  const host = createCachingHost(createNodeHost({ cwd, env: io.env }));
  const st = host.stat(cwd);
  if (!st.ok || st.value.kind !== "directory") {
    io.stderr(`promptc agents: -C ${options.cwd ?? "."}: ${st.ok ? "not a directory" : st.error.code}\n`);
    return EXIT_USAGE;
  }
  const home = options.home !== undefined ? resolve(io.cwd, options.home) : host.home();
  if (home === undefined) {
    io.stderr("promptc agents: no home directory (pass --home DIR)\n");
    return EXIT_USAGE;
  }
  // Each agent looked up on PATH once: the list below and pi's and Gemini CLI's install folders use the answer.
  const installs = new Map<string, AgentInstall | undefined>();
  const installed: InstalledAgent[] = AGENT_ADAPTERS.map((a) => {
    const found = findAgentInstall(
      a.executables.filter((e) => !e.endsWith(".js")),
      a.packageName,
      io.env,
    );
    installs.set(a.id, found);
    const known = findProfile(a.id);
    const profile = known !== undefined && !hasEnvelopeLayout(known) ? known : undefined;
    const profileVersion = profile?.targetVersion ?? a.targetVersion;
    let calibration = "stand-in prose";
    const cached = cachedCalibration(host, a.id, found?.version ?? a.targetVersion);
    if (profile !== undefined && !HARNESS_CALIBRATIONS.some((c) => c.profile === profile.id))
      calibration = "stand-in prose (no calibration for this profile yet)";
    else if (cached !== undefined) calibration = calibrationState(cached, a.id);
    const entry: InstalledAgent = { id: a.id, displayName: a.displayName, calibration };
    if (found !== undefined) entry.bin = found.bin;
    if (found?.version !== undefined) entry.version = found.version;
    if (profileVersion !== undefined) entry.profileVersion = profileVersion;
    return entry;
  });
  const dirOf = (id: string) => installs.get(id)?.packageDir;
  const viewOptions: Parameters<typeof discoverAgentsView>[1] = {
    cwd,
    home,
    harnesses: harnessRefsOf(PROFILE_LIST),
  };
  const piDir = dirOf("pi");
  const geminiDir = dirOf("gemini-cli");
  if (piDir !== undefined) viewOptions.piInstallDir = piDir;
  if (geminiDir !== undefined) viewOptions.geminiInstallDir = geminiDir;
  const view = discoverAgentsView(host, viewOptions);
  const counter = tokenCounterOf(io);
  const tokens: { [path: string]: number } = {};
  const texts = new Map<string, string>();
  const utf8 = new TextDecoder();
  for (const path of new Set([...view.harnesses.flatMap((h) => h.files.map((f) => f.path)), ...view.unloaded])) {
    const r = host.readBytes(path);
    const text = r.ok ? utf8.decode(r.value.bytes) : "";
    texts.set(path, text);
    tokens[path] = r.ok ? counter.count(text) : 0;
  }
  // What each harness sends at session start: a context file whole, a skill as its listing entry (name and
  // description; the file is read only when the skill is used).
  const sent: AgentsReport["sent"] = {};
  // Each SKILL.md parsed once, however many harnesses list it.
  const listed = new Map<string, ListedSkill>();
  const listedOf = (path: string): ListedSkill => {
    let skill = listed.get(path);
    if (skill === undefined) listed.set(path, (skill = listedSkillOf(path, texts.get(path) ?? "")));
    return skill;
  };
  for (const h of view.harnesses) {
    const entry = findProfile(h.harness)?.skillListingEntry;
    sent[h.harness] = Object.fromEntries(
      h.files.map((f) => [
        f.path,
        f.kind === "skill" && entry ? counter.count(entry(listedOf(f.path))) : (tokens[f.path] ?? 0),
      ]),
    );
  }
  if (options.json) {
    io.stdout(
      JSON.stringify(
        {
          cwd: view.cwd,
          gitRoot: view.gitRoot ?? null,
          harnesses: view.harnesses.map((h) => ({
            ...h,
            files: h.files.map((f) => ({
              ...f,
              tokens: sent[h.harness]?.[f.path] ?? 0,
              ...(f.kind === "skill" ? { fileTokens: tokens[f.path] ?? 0 } : {}),
            })),
          })),
          unloaded: view.unloaded,
          installed,
          tokenizer: `o200k_base (an estimate for ${profileIdList(
            "and",
            PROFILE_LIST.filter((p) => p.tokenizer.estimate).map((p) => p.id),
          )})`,
        },
        null,
        2,
      ) + "\n",
    );
    return EXIT_OK;
  }
  io.stdout(renderAgentsReport({ view, tokens, sent, installed }, createStyle(colorFor(io, options.color))));
  return EXIT_OK;
}

/** A SKILL.md as a listing names it (its folder's name and no description when the frontmatter does not parse). */
function listedSkillOf(path: string, text: string): ListedSkill {
  const dir = dirnameOf(path);
  const parsed = parseSkillMd(text, basenameOf(dir));
  return parsed.ok
    ? { name: parsed.value.name, description: parsed.value.description, path }
    : { name: basenameOf(dir), description: "", path };
}

/** "calibrated (FILE)", or why not: no entry, or the entry that cannot be used and why. */
function calibrationState(r: Result<{ file: string } | undefined>, agent: string): string {
  if (r.value !== undefined) return `calibrated (${r.value.file})`;
  const problem = r.diagnostics.find((d) => d.severity === "warning");
  const hint = `promptc calibrate --agent ${agent}`;
  return problem === undefined
    ? `not calibrated (${hint})`
    : `not calibrated: ${problem.message}${problem.message.includes(hint) ? "" : ` (${hint})`}`;
}

export const registerAgents: RegisterCommand = (program: Command, io, setExitCode) => {
  program
    .command("agents")
    .description(
      "show what each coding agent (codex, claude-code, gemini-cli, pi, copilot) loads from a directory, which files none loads, and which agents are installed",
    )
    .option("-C, --cwd <dir>", "directory to look from (default: the current directory)")
    .option("--home <dir>", "the user home whose agent config is read (default: yours)")
    .option("--json", "machine-readable output")
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action((options: AgentsOptions) => setExitCode(runAgents(options, io)));
};
