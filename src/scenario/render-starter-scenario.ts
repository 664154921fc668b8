// The scenario `promptc snapshot --init` writes for one harness: two turns in the repository (one when promptc
// cannot resume the harness), every path relative to the scenario file, a pinned date and a home in the
// repository, so the snapshot is the same on every machine. Pure.
import { derivedUuid } from "../compile/hash.js";

/** The home the starter scenarios read, beside them: nobody's personal agent settings reach a committed snapshot. */
export const STARTER_HOME = "home";

/** Codex refuses a CODEX_HOME that does not exist: --init gives it one, with this config. */
export const STARTER_CODEX_CONFIG = [
  "# The Codex home of the starter scenarios (written by `promptc snapshot --init`): settings here are the",
  "# team's, shared by every checkout, instead of each person's ~/.codex.",
  "",
].join("\n");

export interface StarterScenarioInput {
  profile: string;
  displayName: string;
  /** The key naming the home the harness's discovery reads (`codexHome` for Codex, `home` for the others). */
  homeKey: "codexHome" | "home";
  /** The repository root, relative to the scenario's folder (`../..`). */
  cwd: string;
  /** What the harness loads there, relative to the repository root. */
  loads: readonly string[];
  /** `YYYY-MM-DD`: the date the scenario's turns are told, fixed at --init time. */
  date: string;
  /** False for a harness promptc cannot resume (its scenarios have one turn). */
  resumes: boolean;
}

/** A YAML scalar for any text: JSON's quoting is valid YAML and escapes every control character. */
const quoted = (text: string) => JSON.stringify(text);

/** A path for a YAML comment: as it is when plain, else quoted (a newline cannot end the comment early). */
const commentPath = (path: string) => (/^[\w./@+-]+$/.test(path) ? path : quoted(path));

export function renderStarterScenario(input: StarterScenarioInput): string {
  const home = input.homeKey === "codexHome" ? `${STARTER_HOME}/.codex` : STARTER_HOME;
  const loads = input.loads.map(commentPath);
  return [
    `# Written by \`promptc snapshot --init\`: the requests ${input.displayName} sends in this repository.`,
    `# It loads ${loads.length} file(s) here: ${loads.slice(0, 8).join(", ")}${loads.length > 8 ? ", …" : ""}.`,
    `# Paths are relative to this file. The home is ${STARTER_HOME}/ beside it, so your own agent settings stay`,
    "# out of the snapshot. Edit freely: --init never overwrites a scenario that exists.",
    `description: ${quoted(`what ${input.displayName} sends in this repository`)}`,
    `profile: ${input.profile}`,
    `${input.homeKey}: ${quoted(home)}`,
    `session: { id: ${quoted(derivedUuid(`promptc-init:${input.profile}`))}, date: ${quoted(input.date)}, timezone: Etc/UTC, shell: bash }`,
    `settings: { cwd: ${quoted(input.cwd)} }`,
    "turns:",
    '  - user: "What does this repository do, and how is it tested?"',
    ...(input.resumes
      ? [
          '    assistant: "It is described in the README; the tests run with the package scripts."',
          '  - user: "Add a test for the main entry point."',
        ]
      : []),
    "",
  ].join("\n");
}
