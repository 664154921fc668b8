// pi's skills: `<cwd>/.pi/skills`, then `.agents/skills` in the cwd and each ancestor up to the git root, then
// `<agent dir>/skills` and `~/.agents/skills`. A folder with a SKILL.md is one skill (no deeper look); `.pi`
// roots also take loose `.md` files; dot folders and node_modules are skipped; .gitignore/.ignore/.fdignore
// apply. A skill without a description, or whose frontmatter is not YAML, is dropped; the first of a name wins.
// IO through the Host only. From pi 0.73.1's source (core/package-manager.js, core/skills.js), confirmed by capture.
import ignore, { type Ignore } from "ignore";
import { parse as parseYaml } from "yaml";
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { ancestorsOf, basenameOf, dirnameOf, joinPath, normalizePath } from "../paths.js";

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

function addIgnores(host: Host, ig: Ignore, dir: string, root: string): void {
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

function collect(host: Host, dir: string, mode: "pi" | "agents", root: string, ig: Ignore): string[] {
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
  const parsed: unknown = parseYaml(yaml);
  return parsed !== null && typeof parsed === "object" ? (parsed as { [key: string]: unknown }) : {};
}

export function discoverPiSkills(
  host: Host,
  options: { cwd: string; agentDir: string; home: string; gitRoot?: string },
): PiSkillsResult {
  const diagnostics: Diagnostic[] = [];
  const cwd = normalizePath(options.cwd);
  const userAgents = joinPath(options.home, ".agents", "skills");
  const roots: { path: string; mode: "pi" | "agents"; scope: PiSkill["scope"] }[] = [
    { path: joinPath(cwd, ".pi", "skills"), mode: "pi", scope: "project" },
  ];
  for (const dir of ancestorsOf(cwd)) {
    const path = joinPath(dir, ".agents", "skills");
    if (path !== userAgents) roots.push({ path, mode: "agents", scope: "project" });
    if (options.gitRoot !== undefined && dir === normalizePath(options.gitRoot)) break;
  }
  roots.push(
    { path: joinPath(options.agentDir, "skills"), mode: "pi", scope: "user" },
    { path: userAgents, mode: "agents", scope: "user" },
  );

  const skills: PiSkill[] = [];
  const byName = new Map<string, PiSkill>();
  const seenReal = new Set<string>();
  for (const root of roots) {
    for (const path of collect(host, root.path, root.mode, root.path, ignore())) {
      const text = read(host, path);
      if (text === undefined) continue;
      let fm: { [key: string]: unknown };
      try {
        fm = frontmatterOf(text);
      } catch (err) {
        diagnostics.push(
          diagnostic(
            "pi-skill/bad-frontmatter",
            "warning",
            `${path}: frontmatter is not valid YAML; pi drops this skill without a word (${String((err as Error).message).split("\n")[0]})`,
            { file: path },
          ),
        );
        continue;
      }
      const dirName = basenameOf(dirnameOf(path));
      const name = typeof fm.name === "string" && fm.name !== "" ? fm.name : dirName;
      const description = typeof fm.description === "string" ? fm.description : "";
      if (description.trim() === "") {
        diagnostics.push(
          diagnostic("pi-skill/no-description", "warning", `${path}: no description; pi does not list this skill`, {
            file: path,
          }),
        );
        continue;
      }
      const real = host.realpath(path);
      const key = real.ok ? real.value : path;
      if (seenReal.has(key)) continue;
      const existing = byName.get(name);
      if (existing) {
        diagnostics.push(
          diagnostic(
            "pi-skill/name-collision",
            "warning",
            `${path}: a skill named ${name} was already found at ${existing.path}; pi keeps the first`,
            { file: path },
          ),
        );
        continue;
      }
      const skill: PiSkill = {
        name,
        description,
        path,
        scope: root.scope,
        disableModelInvocation: fm["disable-model-invocation"] === true,
      };
      byName.set(name, skill);
      seenReal.add(key);
      skills.push(skill);
    }
  }
  return { skills, roots: roots.map((r) => r.path), diagnostics };
}
