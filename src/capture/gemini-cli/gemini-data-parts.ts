// The data-derived parts of a Gemini CLI `generateContent` body (a capture or promptc's prediction): shape and
// settings, the date, temp folder, workspace, directory tree and project context of the session context, the
// skills XML and global context of the system instruction, the tool names and the message. Pure.

export interface GeminiDataParts {
  keys: string[];
  generationConfig: unknown;
  contentsShape: string[];
  userMessage: unknown;
  date: string | undefined;
  tempDir: string | undefined;
  workspace: string | undefined;
  tree: string | undefined;
  projectContext: string | undefined;
  skillsXml: string | undefined;
  globalContext: string | undefined;
  mentionsMemoryFile: boolean;
  /** The approval mode the system text names (`**YOLO** mode`; undefined when it names none). */
  modeName: string | undefined;
  toolNames: string[];
}

type Json = { [key: string]: unknown };

function between(text: string, start: string, end: string): string | undefined {
  const i = text.indexOf(start);
  if (i < 0) return undefined;
  const j = text.indexOf(end, i + start.length);
  return j < 0 ? undefined : text.slice(i + start.length, j);
}

export function geminiDataParts(body: Json): GeminiDataParts {
  const contents = (Array.isArray(body.contents) ? body.contents : []) as {
    role?: string;
    parts?: { text?: string }[];
  }[];
  const session = contents[0]?.parts?.[0]?.text ?? "";
  const system = ((body.systemInstruction as { parts?: { text?: string }[] } | undefined)?.parts?.[0]?.text ??
    "") as string;
  const workspace = /^ {2}- (\/.*)$/m.exec(session)?.[1];
  let tree: string | undefined;
  if (workspace !== undefined) {
    const start = session.indexOf(`\n\n${workspace}/\n`);
    const end = session.indexOf("\n\n\n", start + 2);
    if (start >= 0) tree = session.slice(start + 2, end < 0 ? undefined : end);
  }
  const tempDir = /\/\S*\/\.gemini\/tmp\/[^\s/]+/.exec(session)?.[0];
  const lastCtx = system.lastIndexOf("<loaded_context>\n");
  const tools = (Array.isArray(body.tools) ? body.tools : []) as { functionDeclarations?: { name?: string }[] }[];
  return {
    keys: Object.keys(body),
    generationConfig: body.generationConfig,
    contentsShape: contents.map((c) => `${c.role}:${c.parts?.length ?? 0}`),
    userMessage: contents[0]?.parts?.[1]?.text,
    date: /[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}/.exec(session)?.[0],
    tempDir,
    workspace,
    tree,
    projectContext: between(session, "<project_context>\n", "\n</project_context>"),
    skillsXml: between(system, "<available_skills>\n", "\n</available_skills>"),
    globalContext: lastCtx < 0 || !system.endsWith("</loaded_context>") ? undefined : system.slice(lastCtx),
    mentionsMemoryFile: tempDir !== undefined && system.includes(`${tempDir}/memory/MEMORY.md`),
    modeName: /\*\*([A-Za-z-]+)\*\* mode\b/.exec(system)?.[1],
    toolNames: tools.flatMap((t) => (t.functionDeclarations ?? []).map((d) => d.name ?? "?")),
  };
}
