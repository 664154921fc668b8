// Extracts Gemini CLI's fixed prose from two captured main requests — one inside git with a tree over 200
// entries, one outside git with a small tree, both with a global GEMINI.md — into GeminiProse, by cutting at the
// data (skills XML, temp folder, home, workspace, tree, context blocks). The result belongs in the user's cache,
// never in the project. Pure.
import type { BundledSkill } from "../../model/agent-install.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { formatGeminiFileNames } from "../../profiles/gemini-cli/gemini-facts.js";
import type { GeminiProse } from "../../profiles/gemini-cli/gemini-prose.js";

export interface GeminiCalibrationRun {
  body: { [key: string]: unknown };
  cwd: string;
  home: string;
  platform: string;
  inGit: boolean;
}

class Cut extends Error {}
const need: (c: boolean, why: string) => asserts c = (c, why) => {
  if (!c) throw new Cut(why);
};

function texts(body: { [key: string]: unknown }): { session: string; system: string } {
  const contents = body.contents as { parts?: { text?: string }[] }[] | undefined;
  const si = body.systemInstruction as { parts?: { text?: string }[] } | undefined;
  return { session: contents?.[0]?.parts?.[0]?.text ?? "", system: si?.parts?.[0]?.text ?? "" };
}

/** head (without the context section) and the section, split before the final `<loaded_context>` block's section. */
function splitSystem(system: string): { head: string; section: string; global: string } {
  const at = system.lastIndexOf("<loaded_context>\n");
  need(
    at >= 0 && system.endsWith("\n</loaded_context>"),
    "no global context block (calibrate with a ~/.gemini/GEMINI.md)",
  );
  // The section is one markdown heading with no other heading inside; the base ends a blank line before it.
  const start = system.lastIndexOf("\n\n# ", at);
  need(start >= 0, "context section not found");
  return {
    head: system.slice(0, start),
    section: system.slice(start + 2),
    global: system.slice(at + "<loaded_context>\n".length, system.length - "\n</loaded_context>".length),
  };
}

function headTemplate(head: string, run: GeminiCalibrationRun, tempDir: string, fileNames: readonly string[]): string {
  const xmlStart = head.indexOf("<available_skills>\n");
  const xmlEnd = head.indexOf("\n</available_skills>");
  need(xmlStart >= 0 && xmlEnd > xmlStart, "no skills XML");
  let t = `${head.slice(0, xmlStart + "<available_skills>\n".length)}{{skillsXml}}${head.slice(xmlEnd)}`;
  t = t.split(tempDir).join("{{tempDir}}").split(run.home).join("{{home}}");
  need(t.includes("**Default**"), "approval mode word not found (calibrate in default mode)");
  const list = formatGeminiFileNames(fileNames);
  need(t.includes(list), "the context file names were not found");
  t = t.split(list).join("{{fileNamesCode}}");
  // Elsewhere (the global memory file's path) only the first name is used.
  t = t.split(fileNames[0] as string).join("{{firstFileName}}");
  return t.replace("**Default**", "**{{modeName}}**");
}

/** The skills the system text lists: in a calibration run (no user or workspace skills) the ones Gemini CLI bundles. */
export function listedGeminiSkills(system: string): BundledSkill[] {
  const at = system.indexOf("<available_skills>\n");
  const end = system.indexOf("\n</available_skills>", at);
  if (at < 0 || end < 0) return [];
  const xml = system.slice(at, end);
  const one =
    /  <skill>\n    <name>([\s\S]*?)<\/name>\n    <description>([\s\S]*?)<\/description>\n    <location>([\s\S]*?)<\/location>\n  <\/skill>/g;
  return [...xml.matchAll(one)].map((m) => ({ name: m[1]!, description: m[2]!, path: m[3]! }));
}

/** The runs used `context.fileName` = `fileNames` (two names, one unique, so the list can be found). */
export function calibrateGemini(
  runs: readonly GeminiCalibrationRun[],
  fileNames: readonly string[],
): { prose?: GeminiProse; bundledSkills?: BundledSkill[]; diagnostics: Diagnostic[] } {
  try {
    const git = runs.find((r) => r.inGit);
    const plain = runs.find((r) => !r.inGit);
    need(git !== undefined && plain !== undefined, "need one run inside git and one outside");
    const prose: Partial<GeminiProse> = { origin: "user-supplied" };
    const summaries: string[] = [];
    // The calibration homes and workspaces hold no skills: every listed one is Gemini CLI's own.
    const bundledSkills = listedGeminiSkills(texts(git.body).system);
    for (const run of [git, plain]) {
      const { session, system } = texts(run.body);
      const tempDir = /\/\S*\/\.gemini\/tmp\/[^\s/]+/.exec(session)?.[0];
      need(tempDir !== undefined, "temp folder not found in the session context");
      const { head, section, global } = splitSystem(system);
      const template = headTemplate(head, run, tempDir, fileNames);
      if (run.inGit) {
        prose.systemInGit = template;
        prose.contextSection = section
          .replace(`(${fileNames.join(", ")})`, "({{fileNames}})")
          .split(global)
          .join("{{globalContext}}");
      } else prose.systemOutsideGit = template;
      const treeAt = session.indexOf(`\n\n${run.cwd}/\n`);
      need(treeAt >= 0, "directory tree not found");
      const summaryAt = session.lastIndexOf("\n\n", treeAt - 1) + 2;
      summaries.push(session.slice(summaryAt, treeAt));
      if (run.inGit) {
        const treeEnd = session.indexOf("\n\n\n", treeAt + 2);
        const memAt = session.indexOf("\n<loaded_context>\n<project_context>\n");
        const memEnd = session.indexOf("</loaded_context>", memAt);
        need(
          treeEnd > treeAt && memAt > treeEnd && memEnd > memAt,
          "project context not found (calibrate with a project GEMINI.md)",
        );
        const dateMatch = /[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}/.exec(session);
        need(dateMatch !== null, "date not found");
        let s = `${session.slice(0, summaryAt)}{{treeSummary}}\n\n{{tree}}\n\n{{projectMemory}}${session.slice(memEnd + "</loaded_context>".length)}`;
        s = s
          .replace(dateMatch[0], "{{date}}")
          .split(tempDir)
          .join("{{tempDir}}")
          .replace(`  - ${run.cwd}`, "{{workspaceDirs}}");
        const osAt = s.indexOf(run.platform, s.indexOf("{{date}}"));
        need(osAt >= 0, "platform not found");
        prose.sessionContext = s.slice(0, osAt) + "{{platform}}" + s.slice(osAt + run.platform.length);
        const decls =
          (
            run.body.tools as
              | { functionDeclarations?: { name?: string; description?: string; parametersJsonSchema?: unknown }[] }[]
              | undefined
          )?.[0]?.functionDeclarations ?? [];
        prose.tools = Object.fromEntries(
          decls.map((d) => [
            String(d.name),
            { description: d.description ?? "", parametersJsonSchema: d.parametersJsonSchema },
          ]),
        );
      }
    }
    const [truncated, base] = summaries as [string, string];
    need(
      truncated.startsWith(base) && truncated.length > base.length,
      "the tree inside git was not truncated (calibrate with over 200 entries)",
    );
    prose.treeSummary = base;
    prose.treeTruncated = truncated.slice(base.length);
    return { prose: prose as GeminiProse, bundledSkills, diagnostics: [] };
  } catch (err) {
    if (!(err instanceof Cut)) throw err;
    return {
      diagnostics: [
        diagnostic(
          "calibrate/layout-differs",
          "error",
          `the captures do not have Gemini CLI's expected layout: ${err.message}`,
        ),
      ],
    };
  }
}
