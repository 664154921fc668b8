// `promptc snapshot --init`: one starter scenario per harness that loads a file of this repository (the discovery
// `promptc agents` shows), never over an existing file. Does IO (CLI edge).
import { relative } from "node:path";
import { discoverAgentsView } from "../../../discover/agents/discover-agents-view.js";
import { harnessRefsOf } from "../../../discover/agents/discover-harness-loads.js";
import { findProjectRoot } from "../../../discover/find-project-root.js";
import { formatDateInZone } from "../../../discover/resolve-environment.js";
import type { Host } from "../../../host/host.js";
import { writeFileNoFollow } from "../../../host/write-no-follow.js";
import { findProfile, PROFILE_LIST } from "../../../profiles/index.js";
import { parseScenario } from "../../../scenario/parse-scenario.js";
import {
  renderStarterScenario,
  STARTER_CODEX_CONFIG,
  STARTER_HOME,
} from "../../../scenario/render-starter-scenario.js";
import { EXIT_OK, EXIT_USAGE, type CliIO } from "../../io.js";

export interface InitScenariosOptions {
  /** Where the project's config or the working directory puts the repository (its git root is looked up). */
  root: string;
  /** The scenario folder, absolute. */
  dir: string;
}

const inside = (root: string, path: string) => path === root || path.startsWith(`${root}/`);
const posixRelative = (from: string, to: string) => relative(from, to) || ".";

export function initScenarios(host: Host, io: CliIO, options: InitScenariosOptions): number {
  const repo = findProjectRoot(host, options.root, [".git"]).root ?? options.root;
  if (!inside(repo, options.dir)) {
    io.stderr(`promptc snapshot --init: the scenario folder ${options.dir} is outside the repository ${repo}\n`);
    return EXIT_USAGE;
  }
  const home = `${options.dir}/${STARTER_HOME}`;
  const clock = host.clock();
  const date = formatDateInZone(clock.nowMs, "Etc/UTC");
  // The home the scenarios will read (none), so the list is what their snapshots hold.
  const view = discoverAgentsView(host, { cwd: repo, home, harnesses: harnessRefsOf(PROFILE_LIST) });
  let written = 0;
  for (const h of view.harnesses) {
    const loads = h.files.filter((f) => !f.onDemand && inside(repo, f.path)).map((f) => posixRelative(repo, f.path));
    if (loads.length === 0) {
      io.stdout(`- ${h.harness}: loads nothing in this repository, no scenario\n`);
      continue;
    }
    const profile = findProfile(h.harness);
    const file = `${options.dir}/${h.harness}.yaml`;
    const shown = posixRelative(io.cwd, file);
    if (host.lstat(file).ok) {
      io.stdout(`- ${shown}: exists, kept (--init never overwrites a scenario)\n`);
      continue;
    }
    const homeKey = profile?.discovery.type === "turn-context" ? "codexHome" : "home";
    const text = renderStarterScenario({
      profile: h.harness,
      displayName: h.displayName,
      homeKey,
      cwd: posixRelative(options.dir, repo),
      loads,
      date,
      resumes: profile === undefined || profile.layout.type === "envelopes" || profile.layout.session !== undefined,
    });
    // A profile scenarios do not take yet is said, not written as a file `promptc snapshot` would refuse.
    const problem = parseScenario(text, file).diagnostics.find((d) => d.severity === "error");
    if (problem !== undefined) {
      io.stdout(`- ${h.harness}: not written, scenarios do not take this profile here (${problem.message})\n`);
      continue;
    }
    const codexHome = `${home}/.codex`;
    const codexConfig = `${codexHome}/config.toml`;
    const needsConfig = homeKey === "codexHome" && !host.lstat(codexConfig).ok && !host.lstat(codexHome).ok;
    try {
      if (needsConfig) writeFileNoFollow(codexConfig, STARTER_CODEX_CONFIG, repo, { makeFolders: true });
      writeFileNoFollow(file, text, repo, { makeFolders: true });
    } catch (err) {
      io.stderr(
        `promptc snapshot --init: cannot write ${shown}: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      return EXIT_USAGE;
    }
    if (needsConfig) io.stdout(`+ ${posixRelative(io.cwd, codexConfig)}: the starter scenarios' Codex home\n`);
    written++;
    io.stdout(`+ ${shown}: ${h.displayName}, ${loads.length} file(s) loaded\n`);
  }
  io.stdout(
    written > 0
      ? `${written} scenario(s) written; now run \`promptc snapshot\` and commit both folders\n`
      : "no scenario written\n",
  );
  return EXIT_OK;
}
