// Extracts pi's fixed prose (its system text around the data, the two section intros, the tools) from one
// captured request into PiProse. The result belongs in the user's cache, never in the project. Pure.
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import type { PiProse } from "../../profiles/pi/pi-prose.js";
import { cutPiSystemText, piSystemTextOf, piToolsOf } from "./pi-system-text.js";

/** The body must come from a run with a context file and a skill (the calibration workspace has both). */
export function calibratePi(body: { [key: string]: unknown }): { prose?: PiProse; diagnostics: Diagnostic[] } {
  const fail = (why: string) => ({
    diagnostics: [
      diagnostic("calibrate/layout-differs", "error", `the capture does not have pi's expected layout: ${why}`),
    ],
  });
  const text = piSystemTextOf(body);
  if (text === undefined) return fail("no system text");
  const cut = cutPiSystemText(text);
  if (cut.contextIntro === undefined || cut.skillsIntro === undefined)
    return fail("no project context or no skills section (calibrate from a run with both)");
  const install = /(\/[^\s,]+)\/README\.md/.exec(cut.head)?.[1];
  if (install === undefined) return fail("pi's install folder is not named in its prompt");
  const base = cut.head
    .split(`${install}/README.md`)
    .join("{{readmePath}}")
    .split(`${install}/docs`)
    .join("{{docsPath}}")
    .split(`${install}/examples`)
    .join("{{examplesPath}}");
  const tools: PiProse["tools"] = {};
  for (const t of piToolsOf(body)) tools[t.name] = { description: t.description, parameters: t.parameters };
  return {
    prose: {
      origin: "user-supplied",
      base,
      projectContextIntro: cut.contextIntro,
      skillsIntro: cut.skillsIntro,
      tools,
    },
    diagnostics: [],
  };
}
