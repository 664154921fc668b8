// Finds pi's system text and tools in a body of any of its four APIs, and cuts the system text at its data
// markers (`# Project Context`, `## <path>`, `<available_skills>`, `Current date:`). Pure.

export interface PiSystemCut {
  /** pi's own prose (or SYSTEM.md, APPEND_SYSTEM.md) before the project context. */
  head: string;
  /** The line under `# Project Context` (undefined without context files). */
  contextIntro?: string;
  /** The `## <path>\n\n<raw>\n\n` entries, concatenated. */
  contextEntries?: string;
  skillsIntro?: string;
  /** `<available_skills>` … `</available_skills>`. */
  skillsXml?: string;
  /** `\nCurrent date: …\nCurrent working directory: …`. */
  tail: string;
}

type Json = { [key: string]: unknown };

export function piSystemTextOf(body: Json): string | undefined {
  const input = body.input as { role?: string; content?: unknown }[] | undefined;
  const messages = body.messages as { role?: string; content?: unknown }[] | undefined;
  if (Array.isArray(input) && typeof input[0]?.content === "string") return input[0].content;
  if (Array.isArray(body.system)) return (body.system as { text?: string }[])[0]?.text;
  if (Array.isArray(messages) && typeof messages[0]?.content === "string") return messages[0].content;
  const si = body.systemInstruction as { parts?: { text?: string }[] } | undefined;
  return si?.parts?.[0]?.text;
}

/** Tools as `{ name, description, parameters }` whatever the API's shape. */
export function piToolsOf(body: Json): { name: string; description: string; parameters: unknown }[] {
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  const decls = tools.flatMap((t) =>
    Array.isArray(t.functionDeclarations) ? (t.functionDeclarations as Json[]) : [t],
  );
  return decls.map((t) => {
    const f = (t.function ?? t) as Json;
    return {
      name: String(f.name),
      description: String(f.description ?? ""),
      parameters: f.parameters ?? f.input_schema ?? f.parametersJsonSchema,
    };
  });
}

export function cutPiSystemText(text: string): PiSystemCut {
  const tailAt = text.lastIndexOf("\nCurrent date: ");
  const tail = tailAt >= 0 ? text.slice(tailAt) : "";
  const body = tailAt >= 0 ? text.slice(0, tailAt) : text;
  const xmlAt = body.indexOf("\n\n<available_skills>");
  // The skills intro has no blank line inside; the blank line before it ends the context (or the head).
  const skillsAt = xmlAt >= 0 ? body.lastIndexOf("\n\n", xmlAt - 1) : -1;
  const beforeSkills = skillsAt >= 0 ? body.slice(0, skillsAt) : body;
  const ctxAt = beforeSkills.indexOf("\n\n# Project Context\n\n");
  const cut: PiSystemCut = { head: ctxAt >= 0 ? beforeSkills.slice(0, ctxAt) : beforeSkills, tail };
  if (ctxAt >= 0) {
    const introStart = ctxAt + "\n\n# Project Context\n\n".length;
    const entriesAt = beforeSkills.indexOf("\n\n## ", introStart);
    cut.contextIntro = beforeSkills.slice(introStart, entriesAt < 0 ? undefined : entriesAt);
    if (entriesAt >= 0) cut.contextEntries = beforeSkills.slice(entriesAt + 2);
  }
  if (skillsAt >= 0) {
    cut.skillsIntro = body.slice(skillsAt + 2, xmlAt);
    cut.skillsXml = body.slice(xmlAt + 2);
  }
  return cut;
}
