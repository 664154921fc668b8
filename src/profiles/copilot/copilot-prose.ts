// The prose slots of Copilot CLI's request, filled with promptc's stand-ins (`[stand-in prose]`): one template for
// the whole `instructions` string with `{{slot}}` places for the data, the intro of the `applyTo` table, the
// built-in skills' descriptions and the tools. `promptc calibrate --agent copilot` replaces them with the
// installed Copilot CLI's own text in the user's cache. Pure data.

export interface CopilotProse {
  origin: "stand-in" | "user-supplied";
  /** The instructions with `{{model}}`, `{{version}}`, `{{cwd}}`, `{{gitRoot}}`, `{{os}}`, `{{availableTools}}`,
   * `{{skills}}` (the `<skill>` entries), `{{customInstructions}}` and `{{sessionFolder}}`. */
  instructions: string;
  /** What comes between the custom instructions and the table rows (the lines before the rows, each ending
   * in a newline). */
  ruleTableIntro: string;
  builtinSkills: { name: string; description: string }[];
  /** The body's tools as sent on the Responses API, in order; empty: stand-ins from the tool names. */
  tools: { [key: string]: unknown }[];
}

const S = "[stand-in prose]";

export const COPILOT_STAND_IN_PROSE: CopilotProse = {
  origin: "stand-in",
  instructions: [
    `${S} You are GitHub Copilot CLI's coding assistant in a terminal, running without a user to ask: finish the task.`,
    "",
    `<version_information>${S} Copilot CLI {{version}}</version_information>`,
    "",
    `<model_information>${S} The model is {{model}}.</model_information>`,
    "",
    "<environment_context>",
    `${S} The environment:`,
    "* Current working directory: {{cwd}}",
    "* Git repository root: {{gitRoot}}",
    "* Operating System: {{os}}",
    "* Available tools: {{availableTools}}",
    "</environment_context>",
    "",
    "<tools>",
    "<skill>",
    "<available_skills>",
    "{{skills}}",
    "</available_skills>",
    "</skill>",
    "</tools>",
    "",
    "{{customInstructions}}<session_context>",
    `${S} Session folder: {{sessionFolder}}`,
    "</session_context>",
    "",
    `${S} Run \`promptc calibrate --agent copilot\` to replace this stand-in with your installed Copilot CLI's own text.`,
  ].join("\n"),
  ruleTableIntro: `${S} Instruction files for parts of the code; read the one whose pattern matches before changing a file.\n| Pattern | File Path | Description |\n| ------- | --------- | ----------- |\n`,
  builtinSkills: [
    { name: "customize-cloud-agent", description: `${S} A built-in skill.` },
    { name: "github-pr-media", description: `${S} A built-in skill.` },
  ],
  tools: [],
};

/** A stand-in for one tool as the Responses API gets it. */
export function copilotStandInTool(name: string, custom: boolean): { [key: string]: unknown } {
  const description = `${S} The ${name} tool.`;
  return custom
    ? { type: "custom", name, description }
    : { name, description, parameters: { type: "object", properties: {} }, strict: false, type: "function" };
}
