// Extracts Copilot CLI's fixed prose from one captured request of the calibration workspace into CopilotProse:
// the instructions with each data piece turned back into its `{{slot}}`, the `applyTo` table's intro, the
// built-in skills and the tools. The result belongs in the user's cache, never in the project. Pure.
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import type { CopilotProse } from "../../profiles/copilot/copilot-prose.js";
import { environmentValueSpans, SESSION_FOLDER, skillEntriesOf, skillsSpanOf } from "./copilot-instructions-parts.js";

/** What the calibration workspace holds (harness-calibrations.ts writes it; the extractor finds it again). */
export const COPILOT_CALIBRATION = {
  instruction: "calibration\n",
  ruleFile: "calibration.instructions.md",
  rulePattern: "**/*.promptc-calibration",
} as const;

const ENV_SLOTS = ["{{cwd}}", "{{gitRoot}}", "{{os}}", "{{availableTools}}"];

/** Replaces [start, end) spans (not overlapping) with their texts, from the last to the first. */
function splice(text: string, edits: { span: [number, number]; with: string }[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.span[0] - a.span[0]))
    out = out.slice(0, e.span[0]) + e.with + out.slice(e.span[1]);
  return out;
}

function replaceInside(text: string, tag: string, find: RegExp | string, slot: string): string {
  const a = text.indexOf(`<${tag}>`);
  const b = text.indexOf(`</${tag}>`, a);
  if (a < 0 || b < 0) return text;
  return text.slice(0, a) + text.slice(a, b).split(find).join(slot) + text.slice(b);
}

export function calibrateCopilot(body: { [key: string]: unknown }): {
  prose?: CopilotProse;
  diagnostics: Diagnostic[];
} {
  const fail = (why: string) => ({
    diagnostics: [
      diagnostic(
        "calibrate/layout-differs",
        "error",
        `the capture does not have Copilot CLI's expected layout: ${why}`,
      ),
    ],
  });
  const text = body.instructions;
  if (typeof text !== "string") return fail("no instructions string (capture the Responses API)");
  const model = typeof body.model === "string" ? body.model : undefined;
  const ci = `<custom_instruction>\n${COPILOT_CALIBRATION.instruction}\n</custom_instruction>\n\n`;
  const row = `| ${COPILOT_CALIBRATION.rulePattern} | '.github/instructions/${COPILOT_CALIBRATION.ruleFile}' |  |\n\n`;
  const ciAt = text.indexOf(ci);
  const rowAt = text.indexOf(row, ciAt);
  if (ciAt < 0 || rowAt < 0)
    return fail("no calibration instruction and applyTo row (calibrate from promptc's workspace)");
  const skills = skillsSpanOf(text);
  const entries = skillEntriesOf(text);
  if (skills === undefined || !entries.some((e) => e.location === "project"))
    return fail("no <available_skills> with the calibration skill");
  const env = environmentValueSpans(text);
  if (env.length !== ENV_SLOTS.length) return fail(`the environment section has ${env.length} facts, not 4`);
  const session = SESSION_FOLDER.exec(text);
  if (session === null) return fail("no session folder");
  let template = splice(text, [
    { span: skills, with: "{{skills}}" },
    { span: [ciAt, rowAt + row.length], with: "{{customInstructions}}" },
    ...env.map((span, i) => ({ span, with: ENV_SLOTS[i] as string })),
    { span: [session.index, session.index + session[0].length], with: "{{sessionFolder}}" },
  ]);
  template = replaceInside(template, "version_information", /\d+\.\d+\.\d+/, "{{version}}");
  if (model !== undefined) template = replaceInside(template, "model_information", model, "{{model}}");
  const tools = Array.isArray(body.tools)
    ? body.tools.filter((t): t is { [key: string]: unknown } => t !== null && typeof t === "object")
    : [];
  return {
    prose: {
      origin: "user-supplied",
      instructions: template,
      ruleTableIntro: text.slice(ciAt + ci.length, rowAt),
      builtinSkills: entries
        .filter((e) => e.location === "builtin")
        .map((e) => ({ name: e.name, description: e.description })),
      tools,
    },
    diagnostics: [],
  };
}
