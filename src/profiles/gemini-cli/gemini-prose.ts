// The prose slots of Gemini CLI's request, filled with promptc's stand-ins (`[stand-in prose]`);
// `promptc calibrate --agent gemini-cli` replaces them with the installed Gemini CLI's own text, in the user's
// cache. `{{name}}` marks where data goes. Pure data.

export interface GeminiProse {
  origin: "stand-in" | "user-supplied";
  /** The system text without the context section: `{{modeName}}`, `{{skillsXml}}`, `{{tempDir}}`, `{{home}}`; one per git-ness. */
  systemInGit: string;
  systemOutsideGit: string;
  /** The global-context section appended when there is any: `{{fileNames}}`, `{{globalContext}}`. */
  contextSection: string;
  /** The first user part: `{{date}}`, `{{platform}}`, `{{tempDir}}`, `{{workspaceDirs}}`, `{{treeSummary}}`, `{{tree}}`, `{{projectMemory}}`. */
  sessionContext: string;
  treeSummary: string;
  /** Added to the summary when the tree was cut or something was left out. */
  treeTruncated: string;
  /** Per tool (by name): description and parameter schema. */
  tools: { [name: string]: { description: string; parametersJsonSchema: unknown } };
}

const S = "[stand-in prose]";
const system = (git: string) =>
  `${S} You are the Gemini CLI agent, working in **{{modeName}}** mode.\n\n# Available Agent Skills\n\n${S} Activate a skill with its tool when the task matches.\n\n<available_skills>\n{{skillsXml}}\n</available_skills>\n\n${S} Your private notes: {{tempDir}}/memory/MEMORY.md; the user's global instructions: {{home}}/.gemini/GEMINI.md.${git}\n\nRun \`promptc calibrate --agent gemini-cli\` to replace this stand-in with your installed Gemini CLI's own text.`;

export const GEMINI_STAND_IN_PROSE: GeminiProse = {
  origin: "stand-in",
  systemInGit: system(`\n\n# Git Repository\n\n${S} The workspace is a git repository.`),
  systemOutsideGit: system(""),
  contextSection: `# Contextual Instructions ({{fileNames}})\n${S} Instructions loaded from the user's files.\n\n<loaded_context>\n{{globalContext}}\n</loaded_context>`,
  sessionContext: `<session_context>\n${S} Context for this chat.\nDate: {{date}}\nOS: {{platform}}\nTemp folder: {{tempDir}}\n- **Workspace Directories:**\n{{workspaceDirs}}\n- **Directory Structure:**\n\n{{treeSummary}}\n\n{{tree}}\n\n{{projectMemory}}\n</session_context>`,
  treeSummary: `${S} Up to 200 entries.`,
  treeTruncated: ` ${S} Entries marked ... hold more.`,
  tools: {},
};

export function geminiStandInTool(name: string): { description: string; parametersJsonSchema: unknown } {
  return { description: `${S} The ${name} tool.`, parametersJsonSchema: { type: "object", properties: {} } };
}
