// Copilot CLI 1.0.102's skills: a folder with a SKILL.md under `.github/skills`, `.agents/skills` or
// `.claude/skills` of the cwd and every ancestor up to the git root (to the file-system root outside one) is a
// project skill; under `<copilot home>/skills` and `~/.agents/skills` a user skill. A SKILL.md without frontmatter,
// or whose frontmatter is not YAML, is left out; one without a description takes its body's text; the first of a
// name wins (`.github` roots before `.agents` before `.claude`). IO through the Host only; measured with captures (test/conformance/copilot-preview.test.ts).
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { ancestorsOf, joinPath, normalizePath } from "../paths.js";
import { extractFrontmatter, parseYamlSafely } from "../parse-skill-md.js";

export type CopilotSkillLocation = "project" | "user";

export interface CopilotSkill {
  name: string;
  description: string;
  path: string;
  location: CopilotSkillLocation;
}

export interface CopilotSkillsResult {
  skills: CopilotSkill[];
  /** SKILL.md files seen and left out, with why. */
  dropped: { path: string; reason: string }[];
  diagnostics: Diagnostic[];
}

export const COPILOT_PROJECT_SKILL_ROOTS = [".github/skills", ".agents/skills", ".claude/skills"];

const utf8 = new TextDecoder("utf-8");
const byName = (a: CopilotSkill, b: CopilotSkill) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function parseSkill(text: string, dirName: string): { name: string; description: string } | string {
  const block = extractFrontmatter(text);
  if (block === undefined) return "no frontmatter";
  let fm: { name?: unknown; description?: unknown } | null;
  try {
    fm = parseYamlSafely(block) as typeof fm;
  } catch {
    return "frontmatter is not valid YAML";
  }
  const name = typeof fm?.name === "string" ? fm.name : dirName;
  if (typeof fm?.description === "string") return { name, description: fm.description };
  // Measured: the body's lines, headings left out, joined by single spaces.
  const body = text
    .split("\n")
    .slice(block.split("\n").length + 2)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  return { name, description: body.join(" ") };
}

function scanRoot(host: Host, root: string, location: CopilotSkillLocation, out: CopilotSkillsResult): CopilotSkill[] {
  const listed = host.readDir(root);
  if (!listed.ok) return [];
  const found: CopilotSkill[] = [];
  for (const e of listed.value) {
    const path = joinPath(root, e.name, "SKILL.md");
    const st = host.stat(path);
    if (!st.ok || st.value.kind !== "file") continue;
    const r = host.readBytes(path);
    if (!r.ok) continue;
    const parsed = parseSkill(utf8.decode(r.value.bytes), e.name);
    if (typeof parsed === "string") out.dropped.push({ path, reason: parsed });
    else found.push({ ...parsed, path, location });
  }
  return found;
}

export function discoverCopilotSkills(
  host: Host,
  options: { cwd: string; home: string; copilotHome: string; gitRoot?: string },
): CopilotSkillsResult {
  const cwd = normalizePath(options.cwd);
  const out: CopilotSkillsResult = { skills: [], dropped: [], diagnostics: [] };
  const dirs = ancestorsOf(cwd);
  const stop = options.gitRoot !== undefined ? dirs.indexOf(normalizePath(options.gitRoot)) : -1;
  const walk = stop >= 0 ? dirs.slice(0, stop + 1) : dirs;
  // Root kind by root kind, each from the cwd up (measured: a `.github` skill beats an `.agents` one of its name).
  const found = COPILOT_PROJECT_SKILL_ROOTS.flatMap((r) =>
    walk.flatMap((d) => scanRoot(host, joinPath(d, r), "project", out)),
  );
  const user = [joinPath(options.copilotHome, "skills"), joinPath(options.home, ".agents", "skills")].flatMap((r) =>
    scanRoot(host, r, "user", out).sort(byName),
  );
  const seen = new Set<string>();
  for (const s of [...found, ...user]) {
    if (seen.has(s.name)) {
      out.dropped.push({ path: s.path, reason: `a skill named ${s.name} came first` });
      continue;
    }
    seen.add(s.name);
    out.skills.push(s);
  }
  // Measured: in the order found (root kind by root kind, each from the cwd up), every run of skills from the
  // cwd's own folders, and every run from its ancestors', is sorted by name (one run when nothing breaks it up).
  const project = out.skills.filter((s) => s.location === "project");
  const own = COPILOT_PROJECT_SKILL_ROOTS.map((r) => `${joinPath(cwd, r)}/`);
  const isOwn = (s: CopilotSkill) => own.some((r) => s.path.startsWith(r));
  const runs: CopilotSkill[][] = [];
  for (const s of project) {
    const last = runs.at(-1);
    if (last !== undefined && isOwn(last[0]!) === isOwn(s)) last.push(s);
    else runs.push([s]);
  }
  const ordered = runs.flatMap((r) => r.sort(byName));
  out.skills = [...ordered, ...out.skills.filter((s) => s.location === "user")];
  return out;
}
