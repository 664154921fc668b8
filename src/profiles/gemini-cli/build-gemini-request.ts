// Gemini CLI 0.61.0's main `streamGenerateContent` body: one user content with the session context (date, OS,
// temp folder, workspace, directory tree, project GEMINI.md chain) and the message, the system instruction
// (skills XML, memory paths, git section, global GEMINI.md), the tool declarations and generation settings. Pure.
import type { WireLayer } from "../../model/harness-request.js";
import type { BuiltBody } from "../profile.js";
import {
  formatGeminiFileNames,
  GEMINI_DEFAULTS,
  GEMINI_TOOL_NAMES,
  geminiLongDate,
  renderGeminiSkillsXml,
} from "./gemini-facts.js";
import { geminiStandInTool, type GeminiProse } from "./gemini-prose.js";
import type { GeminiTurn } from "./gemini-turn.js";

const fill = (t: string, v: { [k: string]: string }) => t.replace(/\{\{(\w+)\}\}/g, (w, k: string) => v[k] ?? w);

/** `\n<loaded_context>\n<project_context>\n…\n</project_context>\n</loaded_context>`, or nothing. */
export function renderGeminiProjectMemory(projectContext: string): string {
  const t = projectContext.trim();
  return t === "" ? "" : `\n<loaded_context>\n<project_context>\n${t}\n</project_context>\n</loaded_context>`;
}

export function renderGeminiSystem(turn: GeminiTurn, prose: GeminiProse): string {
  const fileNames = turn.fileNames.length > 0 ? turn.fileNames : ["GEMINI.md"];
  const head = fill(turn.inGit ? prose.systemInGit : prose.systemOutsideGit, {
    modeName: turn.approvalMode === "yolo" ? "YOLO" : "Default",
    skillsXml: renderGeminiSkillsXml(turn.skills),
    tempDir: turn.tempDir,
    home: turn.home,
    fileNamesCode: formatGeminiFileNames(fileNames),
    firstFileName: fileNames[0] as string,
  });
  const global = turn.globalContext.trim();
  return global === ""
    ? head
    : `${head}\n\n${fill(prose.contextSection, { fileNames: fileNames.join(", "), globalContext: global })}`.trim();
}

export function renderGeminiSessionContext(turn: GeminiTurn, prose: GeminiProse): string {
  return fill(prose.sessionContext, {
    date: geminiLongDate(turn.date),
    platform: turn.platform,
    tempDir: turn.tempDir,
    workspaceDirs: `  - ${turn.cwd}`,
    treeSummary: turn.treeTruncated ? prose.treeSummary + prose.treeTruncated : prose.treeSummary,
    tree: turn.tree,
    projectMemory: renderGeminiProjectMemory(turn.projectContext),
  }).trim();
}

export function buildGeminiBody(turn: GeminiTurn, prose: GeminiProse): BuiltBody {
  const session = renderGeminiSessionContext(turn, prose);
  const system = renderGeminiSystem(turn, prose);
  const names = GEMINI_TOOL_NAMES[turn.approvalMode];
  const decls = names.map((name) => ({ name, ...(prose.tools[name] ?? geminiStandInTool(name)) }));
  const body = {
    contents: [{ parts: [{ text: session }, { text: turn.message }], role: "user" }],
    systemInstruction: { parts: [{ text: system }], role: "user" },
    tools: [{ functionDeclarations: decls }],
    generationConfig: JSON.parse(JSON.stringify(GEMINI_DEFAULTS.generationConfig)) as unknown,
  };
  const p = prose.origin;
  const layers: WireLayer[] = [
    {
      id: "session-context",
      layer: "context-file",
      where: "contents[0].parts[0].text",
      text: session,
      sources: turn.contextFiles
        .filter((f) => !f.path.startsWith(`${turn.home}/.gemini/`))
        .map((f) => ({ path: f.path, bytesIn: f.bytesIn, bytesKept: f.bytesIn })),
      prose: p,
    },
    {
      id: "user-message",
      layer: "user-message",
      where: "contents[0].parts[1].text",
      text: turn.message,
      sources: [],
      prose: "data",
    },
    {
      id: "system-instruction",
      layer: "system",
      where: "systemInstruction.parts[0].text",
      text: system,
      sources: turn.contextFiles
        .filter((f) => f.path.startsWith(`${turn.home}/.gemini/`))
        .map((f) => ({ path: f.path, bytesIn: f.bytesIn, bytesKept: f.bytesIn })),
      prose: p,
    },
  ];
  return {
    body,
    layers,
    tools: decls.map((d) => ({ name: d.name, value: d, prose: prose.tools[d.name] ? p : "stand-in" })),
  };
}
