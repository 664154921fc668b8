// pi's skills: `<cwd>/.pi/skills`, then `.agents/skills` in the cwd and each ancestor up to the git root, then
// `<agent dir>/skills` and `~/.agents/skills`. A folder with a SKILL.md is one skill (no deeper look); `.pi`
// roots also take loose `.md` files; dot folders and node_modules are skipped; .gitignore/.ignore/.fdignore
// apply. A skill without a description, or whose frontmatter is not YAML, is dropped; the first of a name wins.
// IO through the Host only. From pi 0.73.1's source (core/package-manager.js, core/skills.js), confirmed by capture.
import ignore, { type Ignore } from "ignore";
import { parseYamlFrontmatter } from "../parse-yaml-frontmatter.js";
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { basenameOf, dirnameOf, joinPath, normalizePath } from "../paths.js";
import { folderNode } from "../folder-chain.js";

export interface PiSkill {
  name: string;
  description: string;
  path: string;
  scope: "project" | "user";
  disableModelInvocation: boolean;
}

export interface PiSkillsResult {
  skills: PiSkill[];
  roots: string[];
  diagnostics: Diagnostic[];
}

const IGNORE_FILES = [".gitignore", ".ignore", ".fdignore"];
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

function read(host: Host, path: string): string | undefined {
  const r = host.readBytes(path);
  return r.ok ? utf8.decode(r.value.bytes) : undefined;
}

function prefixPattern(line: string, prefix: string): string | undefined {
  const t = line.trim();
  if (t === "" || (t.startsWith("#") && !t.startsWith("\\#"))) return undefined;
  let p = line;
  let negated = false;
  if (p.startsWith("!")) {
    negated = true;
    p = p.slice(1);
  } else if (p.startsWith("\\!")) p = p.slice(1);
  if (p.startsWith("/")) p = p.slice(1);
  return `${negated ? "!" : ""}${prefix}${p}`;
}

/** The root's ignore rules, an Ignore made at the first pattern: until then nothing is ignored (most roots have none). */
interface RootIgnores {
  add(patterns: string[]): void;
  ignores(path: string): boolean;
}

function rootIgnores(): RootIgnores {
  let ig: Ignore | undefined;
  return {
    add: (patterns) => void (ig ??= ignore()).add(patterns),
    ignores: (path) => ig !== undefined && ig.ignores(path),
  };
}

function addIgnores(host: Host, ig: RootIgnores, dir: string, root: string): void {
  const rel = dir === root ? "" : dir.slice(root.length + 1);
  for (const name of IGNORE_FILES) {
    const text = read(host, joinPath(dir, name));
    if (text === undefined) continue;
    const patterns = text
      .split(/\r?\n/)
      .map((l) => prefixPattern(l, rel ? `${rel}/` : ""))
      .filter((p): p is string => p !== undefined);
    if (patterns.length > 0) ig.add(patterns);
  }
}

function kindOf(host: Host, path: string, kind: string): string {
  if (kind !== "symlink") return kind;
  const st = host.stat(path);
  return st.ok ? st.value.kind : "broken";
}

function collect(host: Host, dir: string, mode: "pi" | "agents", root: string, ig: RootIgnores): string[] {
  // pi lists with Node's readdirSync, which returns names in byte order: readDir's order.
  const listed = host.readDir(dir);
  if (!listed.ok) return [];
  addIgnores(host, ig, dir, root);
  const rel = (p: string) => p.slice(root.length + 1);
  for (const e of listed.value) {
    if (e.name !== "SKILL.md") continue;
    const path = joinPath(dir, e.name);
    if (kindOf(host, path, e.kind) === "file" && !ig.ignores(rel(path))) return [path];
  }
  const out: string[] = [];
  for (const e of listed.value) {
    if (e.name.startsWith(".") || e.name === "node_modules") continue;
    const path = joinPath(dir, e.name);
    const kind = kindOf(host, path, e.kind);
    if (mode === "pi" && dir === root && kind === "file" && e.name.endsWith(".md") && !ig.ignores(rel(path))) {
      out.push(path);
      continue;
    }
    if (kind !== "directory" || ig.ignores(`${rel(path)}/`)) continue;
    out.push(...collect(host, path, mode, root, ig));
  }
  return out;
}

function frontmatterOf(text: string): { [key: string]: unknown } {
  const normalized = text.replace(/\r\n/g, "\n").replace(/\r/g, "\n");
  if (!normalized.startsWith("---")) return {};
  const end = normalized.indexOf("\n---", 3);
  if (end === -1) return {};
  const yaml = normalized.slice(4, end);
  if (yaml === "") return {};
  const parsed: unknown = parseYamlFrontmatter(yaml);
  return parsed !== null && typeof parsed === "object" ? (parsed as { [key: string]: unknown }) : {};
}

/** What one skill file gives, whoever lists it: a skill (before the name and real-path checks) or why it has none. */
type SkillOutcome = { skill: Omit<PiSkill, "scope">; real: string } | { diagnostic: Diagnostic } | undefined;

function outcomeOf(host: Host, path: string): SkillOutcome {
  const text = read(host, path);
  if (text === undefined) return undefined;
  let fm: { [key: string]: unknown };
  try {
    fm = frontmatterOf(text);
  } catch (err) {
    return {
      diagnostic: diagnostic(
        "pi-skill/bad-frontmatter",
        "warning",
        `${path}: frontmatter is not valid YAML; pi drops this skill without a word (${String((err as Error).message).split("\n")[0]})`,
        { file: path },
      ),
    };
  }
  const dirName = basenameOf(dirnameOf(path));
  const name = typeof fm.name === "string" && fm.name !== "" ? fm.name : dirName;
  const description = typeof fm.description === "string" ? fm.description : "";
  if (description.trim() === "")
    return {
      diagnostic: diagnostic(
        "pi-skill/no-description",
        "warning",
        `${path}: no description; pi does not list this skill`,
        { file: path },
      ),
    };
  const real = host.realpath(path);
  return {
    skill: { name, description, path, disableModelInvocation: fm["disable-model-invocation"] === true },
    real: real.ok ? real.value : path,
  };
}

/** A folder's `.agents/skills` (undefined when it is the user's own), what it holds, the node of the folder above. */
interface AgentsRootNode {
  path: string | undefined;
  outcomes: SkillOutcome[];
  up: AgentsRootNode | undefined;
}

/**
 * What a run has already read, shared by every launch in it (`shareSlot(share, "pi", …)`): each skill root's
 * outcomes, and per git root each folder's node of the `.agents/skills` walk. Without a share, a fresh one per call.
 */
export interface PiSkillFolders {
  roots: Map<string, SkillOutcome[]>;
  walks: Map<string, Map<string, AgentsRootNode>>;
}

export function createPiSkillFolders(): PiSkillFolders {
  return { roots: new Map(), walks: new Map() };
}

function outcomesOf(host: Host, known: PiSkillFolders, path: string, mode: "pi" | "agents"): SkillOutcome[] {
  const key = `${mode}\u0000${path}`;
  let out = known.roots.get(key);
  if (out === undefined) {
    out = collect(host, path, mode, path, rootIgnores()).map((p) => outcomeOf(host, p));
    known.roots.set(key, out);
  }
  return out;
}

/** The `.agents/skills` roots from `cwd` up to `gitRoot` (inclusive; to `/` when it is none of cwd's ancestors). */
function agentsRoots(
  host: Host,
  known: PiSkillFolders,
  cwd: string,
  userAgents: string,
  gitRoot: string | undefined,
): AgentsRootNode[] {
  const top = gitRoot === undefined ? undefined : normalizePath(gitRoot);
  const walkKey = top ?? "";
  let nodes = known.walks.get(walkKey);
  if (nodes === undefined) known.walks.set(walkKey, (nodes = new Map()));
  const node = folderNode(
    nodes,
    cwd,
    (d, up): AgentsRootNode => {
      const path = joinPath(d, ".agents", "skills");
      return path !== userAgents
        ? { path, outcomes: collect(host, path, "agents", path, rootIgnores()).map((p) => outcomeOf(host, p)), up }
        : { path: undefined, outcomes: [], up };
    },
    { isTop: (d) => d === top },
  );
  const out: AgentsRootNode[] = [];
  for (let n = node; n !== undefined; n = n.up) if (n.path !== undefined) out.push(n);
  return out;
}

export function discoverPiSkills(
  host: Host,
  options: { cwd: string; agentDir: string; home: string; gitRoot?: string; folders?: PiSkillFolders },
): PiSkillsResult {
  const known = options.folders ?? createPiSkillFolders();
  const diagnostics: Diagnostic[] = [];
  const cwd = normalizePath(options.cwd);
  const userAgents = joinPath(options.home, ".agents", "skills");
  const rootOf = (path: string, mode: "pi" | "agents", scope: PiSkill["scope"]) => ({
    path,
    scope,
    outcomes: outcomesOf(host, known, path, mode),
  });
  const roots: { path: string; scope: PiSkill["scope"]; outcomes: readonly SkillOutcome[] }[] = [
    rootOf(joinPath(cwd, ".pi", "skills"), "pi", "project"),
  ];
  for (const n of agentsRoots(host, known, cwd, userAgents, options.gitRoot))
    roots.push({ path: n.path as string, scope: "project", outcomes: n.outcomes });
  roots.push(rootOf(joinPath(options.agentDir, "skills"), "pi", "user"), rootOf(userAgents, "agents", "user"));

  const skills: PiSkill[] = [];
  const byName = new Map<string, PiSkill>();
  const seenReal = new Set<string>();
  for (const root of roots) {
    for (const outcome of root.outcomes) {
      if (outcome === undefined) continue;
      if ("diagnostic" in outcome) {
        diagnostics.push(outcome.diagnostic);
        continue;
      }
      const { skill: found, real: key } = outcome;
      if (seenReal.has(key)) continue;
      const existing = byName.get(found.name);
      if (existing) {
        diagnostics.push(
          diagnostic(
            "pi-skill/name-collision",
            "warning",
            `${found.path}: a skill named ${found.name} was already found at ${existing.path}; pi keeps the first`,
            { file: found.path },
          ),
        );
        continue;
      }
      const skill: PiSkill = {
        name: found.name,
        description: found.description,
        path: found.path,
        scope: root.scope,
        disableModelInvocation: found.disableModelInvocation,
      };
      byName.set(found.name, skill);
      seenReal.add(key);
      skills.push(skill);
    }
  }
  return { skills, roots: roots.map((r) => r.path), diagnostics };
}
