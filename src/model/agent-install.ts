// Facts about the user's installed agent that its prompt shows: where it is installed and the skills it bundles.
// `promptc calibrate --agent X` records them from the run; discovery reads them as data. Pure types.

/** The agent's executable as the user gave or has it, and the package folder it belongs to. */
export interface AgentInstallRecord {
  bin: string;
  packageDir?: string;
}

/** A skill the agent ships with itself (listed before the user's), as the agent listed it. */
export interface BundledSkill {
  name: string;
  description: string;
  /** Absolute path of its SKILL.md in the install. */
  path: string;
}

/** Which install a turn's data comes from: the one calibration ran, else the one on PATH. */
export interface AgentInstallSource {
  packageDir: string;
  bin: string;
  from: "calibration" | "path";
}
