// The prose slots of pi's system prompt and tools, filled with promptc's stand-ins (`[stand-in prose]`);
// `promptc calibrate --agent pi` replaces them with the installed pi's own text in the user's cache. Pure data.

export interface PiProse {
  origin: "stand-in" | "user-supplied";
  /** pi's own system text before the project context: `{{readmePath}}`, `{{docsPath}}`, `{{examplesPath}}`. */
  base: string;
  /** The line under `# Project Context`. */
  projectContextIntro: string;
  /** The lines before `<available_skills>`. */
  skillsIntro: string;
  /** Per tool: description and JSON schema of its parameters. */
  tools: { [name: string]: { description: string; parameters: unknown } };
}

const S = "[stand-in prose]";

export const PI_STAND_IN_PROSE: PiProse = {
  origin: "stand-in",
  base: `${S} You are a coding assistant inside pi, a coding agent harness: read files, run commands, edit and write code.\n\nTools: read, bash, edit, write.\n\npi's documentation: {{readmePath}}, {{docsPath}}, examples in {{examplesPath}}.\n\nRun \`promptc calibrate --agent pi\` to replace this stand-in with your installed pi's own text.`,
  projectContextIntro: `${S} Instructions for this project:`,
  skillsIntro: `${S} Skills with instructions for particular tasks; read a skill's file when its description matches the task.`,
  tools: {},
};

export function piStandInTool(name: string): { description: string; parameters: unknown } {
  return { description: `${S} The ${name} tool.`, parameters: { type: "object", properties: {} } };
}
