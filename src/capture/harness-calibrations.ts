// How `promptc calibrate --agent X` makes the user's installed agent show all of its fixed prose: a scratch
// workspace (files, a git history, untracked files), the command line, and the extractor for the capture. Pure data.
import type { BundledSkill } from "../model/agent-install.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { calibrateClaudeCode } from "./claude-code/calibrate-claude-code.js";
import { calibrateClaudeCodeSession } from "./claude-code/calibrate-claude-code-session.js";
import { calibrateCopilot, COPILOT_CALIBRATION } from "./copilot/calibrate-copilot.js";
import { calibrateGemini, type GeminiCalibrationRun } from "./gemini-cli/calibrate-gemini.js";
import { calibratePi } from "./pi/calibrate-pi.js";

export interface CalibrationWorkspace {
  /** Files relative to the workspace (the git work tree). */
  files: { [path: string]: string };
  /** Files relative to the scratch HOME. */
  home: { [path: string]: string };
  /** Make it a git repository and commit the files with this message (untracked files are written after). */
  commit?: string;
  untracked: { [path: string]: string };
  /** The folder the agent starts in, relative to the work tree (default: the work tree itself). */
  cwd?: string;
  /** The first run's clock zone (TZ), when later runs move it. */
  timezone?: string;
  /** Then resume the session in the same workspace, one run per step: files rewritten and removed first. */
  resumes?: CalibrationResume[];
}

/** Files relative to the folder the agent starts in. */
export interface CalibrationResume {
  files: { [path: string]: string };
  remove: string[];
  args: string[];
  timezone?: string;
}

export interface HarnessCalibration {
  /** The capture adapter that points the agent at the loopback server (`calibrate --agent` names it). */
  adapter: string;
  /** The profile whose prose slots the extracted prose fills. */
  profile: string;
  /** One agent run per workspace. */
  workspaces: CalibrationWorkspace[];
  /** Arguments after the executable. */
  args: string[];
  /** The prose, and the skills the agent lists of its own (recorded with the install they point into). */
  extract: (runs: readonly CalibrationRun[]) => {
    prose?: unknown;
    bundledSkills?: BundledSkill[];
    diagnostics: Diagnostic[];
  };
}

/** One captured run: its model request body, where it ran and, when its zone was set, its local date. */
export type CalibrationRun = GeminiCalibrationRun & { date?: string };

/** Enough untracked files with long names for a `git status --short` over 2,000 characters (and a directory
 * tree over 200 entries). */
function longStatus(): { [path: string]: string } {
  const out: { [path: string]: string } = {};
  for (let i = 0; i < 210; i++)
    out[`untracked-file-with-a-long-name-for-the-status-${String(i).padStart(2, "0")}.txt`] = "x\n";
  return out;
}

/** A second context file name (that exists nowhere) marks where Gemini CLI writes the `context.fileName` list. */
export const GEMINI_CALIBRATION_FILE_NAME = "PROMPTC-CALIBRATION.md";
const GEMINI_CALIBRATION_HOME = {
  ".gemini/GEMINI.md": "calibration\n",
  ".gemini/settings.json": JSON.stringify({
    security: { auth: { selectedType: "gemini-api-key" } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    context: { fileName: [GEMINI_CALIBRATION_FILE_NAME, "GEMINI.md"] },
  }),
};

/** One recipe per agent, each naming its adapter and profile (look one up with findHarnessCalibration). */
export const HARNESS_CALIBRATIONS: readonly HarnessCalibration[] = [
  {
    adapter: "claude-code",
    profile: "claude-code",
    workspaces: [
      {
        files: { "CLAUDE.md": "calibration\n", "CLAUDE.local.md": "calibration\n" },
        home: {},
        commit: "calibration",
        // Built when a calibration reads it, not by every run that imports the recipes (`promptc agents`).
        get untracked() {
          return longStatus();
        },
        // 26 hours apart: the second run's local date always differs.
        timezone: "Etc/GMT+12",
        // Resumed requests show re-read, removed and only-removed instruction files and the date-change message.
        resumes: [
          {
            files: { "CLAUDE.md": "calibration, edited\n" },
            remove: ["CLAUDE.local.md"],
            args: ["-p", "--continue", "again"],
            timezone: "Etc/GMT-14",
          },
          { files: {}, remove: ["CLAUDE.md"], args: ["-p", "--continue", "once more"], timezone: "Etc/GMT-14" },
        ],
      },
    ],
    args: ["-p", "hello"],
    extract: (runs) => {
      const base = calibrateClaudeCode(runs[0]?.body ?? {});
      const [, changed, removedOnly] = runs;
      if (base.prose === undefined || changed === undefined || removedOnly === undefined) return base;
      const session = calibrateClaudeCodeSession(
        { body: changed.body, removedPath: `${changed.cwd}/CLAUDE.local.md`, date: changed.date ?? "" },
        { body: removedOnly.body, removedPath: `${removedOnly.cwd}/CLAUDE.md` },
      );
      return {
        ...(session.prose === undefined ? {} : { prose: { ...base.prose, session: session.prose } }),
        diagnostics: [...base.diagnostics, ...session.diagnostics],
      };
    },
  },
  {
    adapter: "pi",
    profile: "pi",
    workspaces: [
      {
        files: {
          "AGENTS.md": "calibration\n",
          ".pi/skills/calibration/SKILL.md": "---\nname: calibration\ndescription: calibration\n---\n",
        },
        home: {},
        untracked: {},
      },
    ],
    args: ["-p", "hello"],
    extract: (runs) => calibratePi(runs[0]?.body ?? {}),
  },
  // Started one folder below the git root, so the cwd and the root are told apart in the environment section.
  {
    adapter: "copilot",
    profile: "copilot",
    workspaces: [
      {
        files: {
          "AGENTS.md": COPILOT_CALIBRATION.instruction,
          [`.github/instructions/${COPILOT_CALIBRATION.ruleFile}`]: `---\napplyTo: "${COPILOT_CALIBRATION.rulePattern}"\n---\ncalibration\n`,
          ".github/skills/calibration/SKILL.md": "---\nname: calibration\ndescription: calibration\n---\n",
          "sub/.keep": "",
        },
        home: {},
        commit: "calibration",
        untracked: {},
        cwd: "sub",
      },
    ],
    args: ["-p", "hello", "--allow-all-tools", "--disable-client-telemetry"],
    extract: (runs) => calibrateCopilot(runs[0]?.body ?? {}),
  },
  {
    adapter: "gemini-cli",
    profile: "gemini-cli",
    workspaces: [
      {
        files: { "GEMINI.md": "calibration\n" },
        home: GEMINI_CALIBRATION_HOME,
        commit: "calibration",
        get untracked() {
          return longStatus();
        },
      },
      { files: { "GEMINI.md": "calibration\n" }, home: GEMINI_CALIBRATION_HOME, untracked: {} },
    ],
    // The main request's model pinned, so no routing call comes first.
    args: ["-p", "hello", "-m", "gemini-3.8-flash"],
    extract: (runs) => calibrateGemini(runs, [GEMINI_CALIBRATION_FILE_NAME, "GEMINI.md"]),
  },
];

/** The recipe for the agent whose capture adapter is `agent`, or undefined. */
export function findHarnessCalibration(agent: string): HarnessCalibration | undefined {
  return HARNESS_CALIBRATIONS.find((c) => c.adapter === agent);
}
