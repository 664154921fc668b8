// Copilot CLI 1.0.102's skills: a folder with a SKILL.md under `.github/skills`, `.agents/skills` or
// `.claude/skills` of the cwd and every ancestor up to the git root (to the file-system root outside one) is a
// project skill; under `<copilot home>/skills` and `~/.agents/skills` a user skill. A SKILL.md without frontmatter,
// or whose frontmatter is not YAML, is left out; one without a description takes its body's text; the first of a
// name wins (`.github` roots before `.agents` before `.claude`). IO through the Host only; measured with captures (test/conformance/copilot-preview.test.ts).
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { joinPath, normalizePath } from "../paths.js";
import {
  type CopilotFolder,
  type CopilotFolderMemo,
  type CopilotScan,
  createCopilotFolderMemo,
} from "./copilot-folder-memo.js";
import { extractFrontmatter, parseYamlSafely } from "../parse-skill-md.js";
import { parseFoldedFrontmatter } from "../../model/parse-folded-frontmatter.js";

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

export { COPILOT_PROJECT_SKILL_ROOTS } from "./copilot-folder-memo.js";
import { COPILOT_PROJECT_SKILL_ROOTS } from "./copilot-folder-memo.js";

const utf8 = new TextDecoder("utf-8");
const byName = (a: CopilotSkill, b: CopilotSkill) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function parseSkill(text: string, dirName: string): { name: string; description: string } | string {
  const block = extractFrontmatter(text);
  if (block === undefined) return "no frontmatter";
  let fm: { name?: unknown; description?: unknown } | null;
  try {
    // Plain `key: value` blocks skip the yaml package; the answer is its parse.
    fm = (parseFoldedFrontmatter(block) ?? parseYamlSafely(block)) as typeof fm;
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

/** The skills of one skills folder, in the folder's order, and the SKILL.md files left out (in that order too). */
function scanRoot(host: Host, root: string, location: CopilotSkillLocation): CopilotScan<CopilotSkill> {
  const out: CopilotScan<CopilotSkill> = { found: [], dropped: [] };
  const listed = host.readDir(root);
  if (!listed.ok) return out;
  for (const e of listed.value) {
    const path = joinPath(root, e.name, "SKILL.md");
    const st = host.stat(path);
    if (!st.ok || st.value.kind !== "file") continue;
    const r = host.readBytes(path);
    if (!r.ok) continue;
    const parsed = parseSkill(utf8.decode(r.value.bytes), e.name);
    if (typeof parsed === "string") out.dropped.push({ path, reason: parsed });
    else out.found.push({ ...parsed, path, location });
  }
  return out;
}

/** One scan after another (either alone when the other found and dropped nothing). */
function joinScans<T>(a: CopilotScan<T>, b: CopilotScan<T>): CopilotScan<T> {
  if (a.found.length === 0 && a.dropped.length === 0) return b;
  if (b.found.length === 0 && b.dropped.length === 0) return a;
  return { found: [...a.found, ...b.found], dropped: [...a.dropped, ...b.dropped] };
}

export function discoverCopilotSkills(
  host: Host,
  options: { cwd: string; home: string; copilotHome: string; gitRoot?: string; memo?: CopilotFolderMemo },
): CopilotSkillsResult {
  const memo = options.memo?.host === host ? options.memo : createCopilotFolderMemo(host);
  const cwd = normalizePath(options.cwd);
  const out: CopilotSkillsResult = { skills: [], dropped: [], diagnostics: [] };
  const gitRoot = options.gitRoot !== undefined ? normalizePath(options.gitRoot) : undefined;
  // The folders from the cwd up to the git root (to `/` when it is not above the cwd), each scanned once per
  // run; a folder's walk is its own scans then its parent's walk, kept with it for the launches below it.
  const upward = (dir: CopilotFolder): CopilotScan<CopilotSkill>[] => {
    const known = dir.upward;
    if (known !== undefined && known.gitRoot === gitRoot) return known.scans as CopilotScan<CopilotSkill>[];
    const own = dir.skillRoots.map((root, i) => {
      const scan = (dir.scans[i] ??= memo.mayHold(dir, COPILOT_PROJECT_SKILL_ROOTS[i] as string)
        ? scanRoot(host, root, "project")
        : { found: [], dropped: [] });
      return scan as CopilotScan<CopilotSkill>;
    });
    const parent = dir.parent === undefined || dir.dir === gitRoot ? undefined : upward(dir.parent);
    const scans = parent === undefined ? own : own.map((scan, i) => joinScans(scan, parent[i] as typeof scan));
    dir.upward = { gitRoot, scans };
    return scans;
  };
  const here = memo.folder(cwd);
  // Root kind by root kind, each from the cwd up (measured: a `.github` skill beats an `.agents` one of its name).
  const found: CopilotSkill[] = [];
  for (const scan of upward(here)) {
    for (const d of scan.dropped) out.dropped.push(d);
    for (const s of scan.found) found.push(s);
  }
  const user: CopilotSkill[] = [];
  for (const root of [joinPath(options.copilotHome, "skills"), joinPath(options.home, ".agents", "skills")]) {
    const scan = memo.userScan(root, () => scanRoot(host, root, "user"));
    for (const d of scan.dropped) out.dropped.push(d);
    user.push(...[...scan.found].sort(byName));
  }
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
  // The cwd's own scans hold its skills: comparing each path with its roots' was quadratic in a deep tree's depth.
  const own = new Set<CopilotSkill>();
  for (const scan of here.scans) for (const s of (scan?.found ?? []) as CopilotSkill[]) own.add(s);
  const isOwn = (s: CopilotSkill) => own.has(s);
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
