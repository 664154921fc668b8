// How `promptc calibrate --agent X` makes the user's installed agent show all of its fixed prose: a scratch
// workspace (files, a git history, untracked files), the command line, and the extractor for the capture. Pure data.
import type { Diagnostic } from "../model/diagnostic.js";
import { calibrateClaudeCode } from "./claude-code/calibrate-claude-code.js";
import { calibratePi } from "./pi/calibrate-pi.js";

export interface CalibrationWorkspace {
  /** Files relative to the workspace (the git work tree). */
  files: { [path: string]: string };
  /** Files relative to the scratch HOME. */
  home: { [path: string]: string };
  /** Commit the files with this message (untracked files are written after). */
  commit?: string;
  untracked: { [path: string]: string };
}

export interface HarnessCalibration {
  /** The capture adapter that points the agent at the loopback server. */
  adapter: string;
  profile: string;
  workspace: CalibrationWorkspace;
  /** Arguments after the executable. */
  args: string[];
  extract: (body: { [key: string]: unknown }) => { prose?: unknown; diagnostics: Diagnostic[] };
}

/** Enough untracked files with long names for a `git status --short` over 2,000 characters. */
function longStatus(): { [path: string]: string } {
  const out: { [path: string]: string } = {};
  for (let i = 0; i < 60; i++) out[`untracked-file-with-a-long-name-for-the-status-${String(i).padStart(2, "0")}.txt`] = "x\n";
  return out;
}

export const HARNESS_CALIBRATIONS: { readonly [agent: string]: HarnessCalibration } = {
  "claude-code": {
    adapter: "claude-code",
    profile: "claude-code",
    workspace: { files: { "CLAUDE.md": "calibration\n" }, home: {}, commit: "calibration", untracked: longStatus() },
    args: ["-p", "hello"],
    extract: calibrateClaudeCode,
  },
  pi: {
    adapter: "pi",
    profile: "pi",
    workspace: { files: { "AGENTS.md": "calibration\n", ".pi/skills/calibration/SKILL.md": "---\nname: calibration\ndescription: calibration\n---\n" }, home: {}, untracked: {} },
    args: ["-p", "hello"],
    extract: calibratePi,
  },
};
