// The AGENTS.md instructions fragment: global + project docs joined as Codex does, in its heading/INSTRUCTIONS
// wrapper. Pure.
import type { ManifestSource } from "../model/manifest.js";
import type { UserInstructions } from "../model/turn-context.js";
import { utf8Length } from "../tokens/approx.js";
import type { RenderedFragment } from "./fragment.js";

export const PROJECT_DOC_SEPARATOR = "\n\n--- project-doc ---\n\n";
export const AGENTS_MD_HEADING_PREFIX = "# AGENTS.md instructions for ";

/** Global text, then the separator, then project docs joined by a blank line (docs untrimmed). */
export function buildUserInstructionsText(instructions: UserInstructions): string | undefined {
  let out = instructions.global?.text ?? "";
  if (instructions.projectDocs.length > 0) {
    if (out !== "") out += PROJECT_DOC_SEPARATOR;
    out += instructions.projectDocs.map((d) => d.text).join("\n\n");
  }
  return out === "" ? undefined : out;
}

/** `directory` undefined: the heading without " for <dir>" (an untrusted project's turn). */
export function renderAgentsMd(directory: string | undefined, text: string): string {
  const heading =
    directory === undefined
      ? AGENTS_MD_HEADING_PREFIX.replace(/ for $/, "")
      : `${AGENTS_MD_HEADING_PREFIX}${directory}`;
  return `${heading}\n\n<INSTRUCTIONS>\n${text}\n</INSTRUCTIONS>`;
}

export function buildAgentsMdFragment(directory: string, instructions: UserInstructions): RenderedFragment | undefined {
  const text = buildUserInstructionsText(instructions);
  if (text === undefined) return undefined;
  const sources: ManifestSource[] = [];
  const g = instructions.global;
  if (g && g.text !== "") sources.push({ path: g.path, bytesIn: g.sizeBytes, bytesKept: utf8Length(g.text) });
  for (const d of instructions.projectDocs)
    sources.push({ path: d.path, bytesIn: d.sizeBytes, bytesKept: d.keptBytes });
  return {
    id: "agents-md",
    layer: "agents-md",
    text: renderAgentsMd(instructions.untrustedProject ? undefined : directory, text),
    sources,
    templates: [],
    prose: "data",
    diagnostics: [],
  };
}
