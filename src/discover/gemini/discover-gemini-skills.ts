// Gemini CLI's skills: the built-in ones (as calibration recorded them, else from its install folder), then
// `~/.gemini/skills`, `~/.agents/skills`, then the cwd's `.gemini/skills` and `.agents/skills` (the launch folder
// only); `SKILL.md` or `*/SKILL.md` in each (folders in reverse name order, as its glob returns them); a later
// skill of the same name replaces an earlier one in its place. IO through the Host only.
// From Gemini CLI 0.61.0's skillManager/skillLoader (readable bundle), confirmed by capture.
import type { Host } from "../../host/host.js";
import type { BundledSkill } from "../../model/agent-install.js";
import { joinPath, normalizePath } from "../paths.js";
import { parseYamlFrontmatter } from "../parse-yaml-frontmatter.js";

export interface GeminiSkill {
  name: string;
  description: string;
  path: string;
  scope: "builtin" | "user" | "workspace";
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/;
// ignoreBOM: Gemini CLI reads the file as Node does (a BOM stays), so a SKILL.md opening with one has no frontmatter.
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** name and description from YAML, else from Gemini CLI's line-based fallback (indented continuation lines). */
export function parseGeminiSkillFrontmatter(block: string): { name: string; description: string } | undefined {
  try {
    const v: unknown = parseYamlFrontmatter(block);
    if (v !== null && typeof v === "object") {
      const { name, description } = v as { name?: unknown; description?: unknown };
      if (typeof name === "string" && typeof description === "string") return { name, description };
    }
  } catch {
    // fall through to the simple parser, as Gemini CLI does
  }
  let name: string | undefined;
  let description: string | undefined;
  const lines = block.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const n = /^\s*name:\s*(.*)$/.exec(line);
    if (n) {
      name = (n[1] as string).trim();
      continue;
    }
    const d = /^\s*description:\s*(.*)$/.exec(line);
    if (d) {
      const parts = [(d[1] as string).trim()];
      while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1] as string))
        parts.push((lines[++i] as string).trim());
      description = parts.filter(Boolean).join(" ");
    }
  }
  return name !== undefined && description !== undefined ? { name, description } : undefined;
}

function readSkill(host: Host, path: string, scope: GeminiSkill["scope"]): GeminiSkill | undefined {
  const r = host.readBytes(path);
  if (!r.ok) return undefined;
  const m = FRONTMATTER.exec(utf8.decode(r.value.bytes));
  if (!m) return undefined;
  const fm = parseGeminiSkillFrontmatter(m[1] as string);
  if (!fm) return undefined;
  return { name: fm.name.replace(/[:\\/<>*?"|]/g, "-"), description: fm.description, path, scope };
}

function scan(host: Host, dir: string, scope: GeminiSkill["scope"]): GeminiSkill[] {
  const st = host.stat(dir);
  if (!st.ok || st.value.kind !== "directory") return [];
  const files: string[] = [];
  const own = joinPath(dir, "SKILL.md");
  const ownSt = host.stat(own);
  if (ownSt.ok && ownSt.value.kind === "file") files.push(own);
  // Gemini CLI's glob hands the `*/SKILL.md` matches back in reverse name order (observed: d, c, b, a).
  const listed = host.readDir(dir);
  if (listed.ok) {
    for (const e of [...listed.value].reverse()) {
      if (e.name === "node_modules" || e.name === ".git") continue;
      const p = joinPath(dir, e.name, "SKILL.md");
      const s = host.stat(p);
      if (s.ok && s.value.kind === "file") files.push(p);
    }
  }
  return files.map((f) => readSkill(host, f, scope)).filter((s): s is GeminiSkill => s !== undefined);
}

export function discoverGeminiSkills(
  host: Host,
  options: { cwd: string; home: string; installDir?: string; bundled?: readonly BundledSkill[] },
): GeminiSkill[] {
  const cwd = normalizePath(options.cwd);
  const byName = new Map<string, GeminiSkill>();
  // The built-in ones as calibration recorded them, else as the install folder holds them.
  for (const s of options.bundled ?? []) byName.set(s.name, { ...s, scope: "builtin" });
  const groups: [string, GeminiSkill["scope"]][] = [];
  if (options.bundled === undefined && options.installDir !== undefined)
    groups.push([joinPath(options.installDir, "bundle", "builtin"), "builtin"]);
  groups.push(
    [joinPath(options.home, ".gemini", "skills"), "user"],
    [joinPath(options.home, ".agents", "skills"), "user"],
  );
  groups.push([joinPath(cwd, ".gemini", "skills"), "workspace"], [joinPath(cwd, ".agents", "skills"), "workspace"]);
  for (const [dir, scope] of groups) for (const s of scan(host, dir, scope)) byName.set(s.name, s);
  return [...byName.values()];
}
