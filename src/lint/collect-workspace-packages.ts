// The packages of a JavaScript workspace as lint sees them through LintFs: the root package.json, the packages
// its `workspaces` field and pnpm-workspace.yaml name, their scripts, dependencies and installed binaries;
// plus make targets (pattern rules included). Pure (reads through the LintFs port), memoised per LintFs.
import type { LintFs } from "./lint-project.js";
import { dirOf } from "./lint-file.js";

export interface WorkspacePackage {
  /** Project-relative folder ("" for the root). */
  dir: string;
  name?: string;
  scripts: ReadonlySet<string>;
  /** Names in dependencies, devDependencies, peer and optional dependencies. */
  dependencies: ReadonlySet<string>;
}

export interface Workspace {
  packages: readonly WorkspacePackage[];
  byDir: ReadonlyMap<string, WorkspacePackage>;
  /** Every package of a name (fixtures often reuse a real package's name). */
  byName: ReadonlyMap<string, readonly WorkspacePackage[]>;
}

/** Bounds on workspace globs, so a huge tree cannot stall lint. */
const GLOB_MAX_DEPTH = 4;
const MAX_PACKAGES = 2000;

/** Package names whose binary is not their last name segment. */
const KNOWN_BINARIES: { readonly [pkg: string]: readonly string[] } = {
  "@changesets/cli": ["changeset"],
  typescript: ["tsc", "tsserver"],
  "@typescript/native-preview": ["tsgo"],
  "@biomejs/biome": ["biome"],
  "@playwright/test": ["playwright"],
  "@angular/cli": ["ng"],
  "@nestjs/cli": ["nest"],
  "@tauri-apps/cli": ["tauri"],
  "@vscode/vsce": ["vsce"],
  "@vscode/test-cli": ["vscode-test"],
  "@redwoodjs/cli": ["rw", "redwood"],
  "@storybook/cli": ["sb", "storybook"],
  "@arethetypeswrong/cli": ["attw"],
  "@microsoft/api-extractor": ["api-extractor"],
  "npm-run-all": ["run-s", "run-p", "npm-run-all"],
  "npm-run-all2": ["run-s", "run-p", "npm-run-all"],
  "ts-node": ["ts-node", "ts-node-esm"],
  "@swc/cli": ["swc"],
  "@babel/cli": ["babel"],
  "@nuxt/cli": ["nuxi", "nuxt"],
  nuxi: ["nuxi", "nuxt"],
  "@sveltejs/kit": ["svelte-kit"],
  "@astrojs/check": ["astro-check"],
  "@wdio/cli": ["wdio"],
  "@lerna-lite/cli": ["lerna"],
  "@commitlint/cli": ["commitlint"],
  "@electron/forge-cli": ["electron-forge"],
  "@electron-forge/cli": ["electron-forge"],
  "@cloudflare/wrangler": ["wrangler"],
  "@vitest/browser": ["vitest"],
  "@graphql-codegen/cli": ["graphql-codegen", "gql-gen"],
  "@intlify/cli": ["intlify"],
  "@svgr/cli": ["svgr"],
  "@prisma/cli": ["prisma"],
};

const cache = new WeakMap<LintFs, Workspace>();

function parseJson(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function keysOf(v: unknown): string[] {
  return v && typeof v === "object" && !Array.isArray(v) ? Object.keys(v) : [];
}

/** The package.json in `dir`, or undefined when there is none (or it does not parse). */
export function readPackage(fs: LintFs, dir: string): WorkspacePackage | undefined {
  const pkg = parseJson(fs.readText(dir === "" ? "package.json" : `${dir}/package.json`));
  if (!pkg) return undefined;
  const deps = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"].flatMap((k) =>
    keysOf(pkg[k]),
  );
  return {
    dir,
    ...(typeof pkg.name === "string" ? { name: pkg.name } : {}),
    scripts: new Set(keysOf(pkg.scripts)),
    dependencies: new Set(deps),
  };
}

/** Workspace globs of the root: package.json `workspaces` (array or `{ packages }`) and pnpm-workspace.yaml `packages:`. */
function workspaceGlobs(fs: LintFs): string[] {
  const root = parseJson(fs.readText("package.json"));
  const ws = root?.workspaces;
  const fromPkg = Array.isArray(ws)
    ? ws
    : ws && typeof ws === "object" && Array.isArray((ws as { packages?: unknown }).packages)
      ? (ws as { packages: unknown[] }).packages
      : [];
  const out = fromPkg.filter((g): g is string => typeof g === "string");
  const yaml = fs.readText("pnpm-workspace.yaml");
  if (yaml !== undefined) {
    let inPackages = false;
    for (const line of yaml.split(/\r?\n/)) {
      if (/^packages\s*:/.test(line)) inPackages = true;
      else if (/^\S/.test(line)) inPackages = false;
      else if (inPackages) {
        const m = /^\s*-\s*['"]?([^'"#]+?)['"]?\s*(#.*)?$/.exec(line);
        if (m) out.push(m[1] as string);
      }
    }
  }
  return out.filter((g) => !g.startsWith("!")).map((g) => g.replace(/^\.\//, "").replace(/\/+$/, ""));
}

/** Folders matching a workspace glob (`packages/*`, `apps/**`, `tools/cli`). */
function expandGlob(fs: LintFs, glob: string): string[] {
  const parts = glob.split("/").filter((p) => p !== "" && p !== ".");
  const out: string[] = [];
  const walk = (dir: string, i: number, depth: number): void => {
    if (out.length > MAX_PACKAGES || depth > GLOB_MAX_DEPTH + parts.length) return;
    if (i === parts.length) {
      out.push(dir);
      return;
    }
    const part = parts[i] as string;
    const join = (name: string): string => (dir === "" ? name : `${dir}/${name}`);
    if (part === "**") {
      walk(dir, i + 1, depth);
      if (depth < GLOB_MAX_DEPTH)
        for (const e of fs.list(dir))
          if (e.kind === "directory" && e.name !== "node_modules" && !e.name.startsWith("."))
            walk(join(e.name), i, depth + 1);
      return;
    }
    if (!/[*?{[]/.test(part)) {
      if (fs.kind(join(part)) === "directory") walk(join(part), i + 1, depth);
      return;
    }
    const re = new RegExp(
      `^${part
        .replace(/[.+^$()|\\]/g, "\\$&")
        .replace(/\*/g, "[^/]*")
        .replace(/\?/g, "[^/]")
        .replace(/\{([^}]*)\}/g, (_, alts: string) => `(${alts.split(",").join("|")})`)}$`,
    );
    for (const e of fs.list(dir))
      if (e.kind === "directory" && e.name !== "node_modules" && re.test(e.name)) walk(join(e.name), i + 1, depth + 1);
  };
  walk("", 0, 0);
  return out;
}

/**
 * The workspace of the project: the root package, every workspace package and every other package.json the IO
 * edge found (`packageDirs`: folders that are packages of their own without being workspace members). Memoised per LintFs.
 */
export function collectWorkspacePackages(fs: LintFs, packageDirs: readonly string[] = []): Workspace {
  const hit = cache.get(fs);
  if (hit) return hit;
  const dirs = new Set<string>(["", ...packageDirs.slice(0, MAX_PACKAGES)]);
  for (const g of workspaceGlobs(fs)) for (const d of expandGlob(fs, g)) dirs.add(d);
  const packages = [...dirs].map((d) => readPackage(fs, d)).filter((p): p is WorkspacePackage => p !== undefined);
  const ws: Workspace = {
    packages,
    byDir: new Map(packages.map((p) => [p.dir, p])),
    byName: packages.reduce(
      (m, p) => (p.name === undefined ? m : m.set(p.name, [...(m.get(p.name) ?? []), p])),
      new Map<string, WorkspacePackage[]>(),
    ),
  };
  cache.set(fs, ws);
  return ws;
}

/** Binary names a dependency is likely to install (its known bins, its last name segment). */
export function binariesOf(dependency: string): string[] {
  const known = KNOWN_BINARIES[dependency];
  if (known) return [...known];
  const last = dependency.slice(dependency.lastIndexOf("/") + 1);
  const scope = dependency.startsWith("@") ? dependency.slice(1, dependency.indexOf("/")) : undefined;
  return last === "cli" && scope ? [scope, scope.replace(/-?(js|cli)$/, "")] : [last, last.replace(/-cli$/, "")];
}

/** Does `name` run as an installed binary in `dir` (node_modules/.bin there or at the root, or a dependency's bin)? */
export function isInstalledBinary(fs: LintFs, ws: Workspace, dirs: readonly string[], name: string): boolean {
  for (const d of [...dirs, ""])
    if (fs.kind(d === "" ? `node_modules/.bin/${name}` : `${d}/node_modules/.bin/${name}`) !== undefined) return true;
  return ws.packages.some((p) => [...p.dependencies].some((dep) => binariesOf(dep).includes(name)));
}

/** The nearest folder at or above `dir` holding `name` (a file), or undefined. */
export function nearestWith(fs: LintFs, dir: string, name: string): string | undefined {
  for (let d: string | undefined = dir; d !== undefined; d = d === "" ? undefined : dirOf(d)) {
    if (fs.kind(d === "" ? name : `${d}/${name}`) === "file") return d;
  }
  return undefined;
}

export interface MakeTargets {
  names: ReadonlySet<string>;
  /** Pattern rules (`docker-%:`) as regular expressions. */
  patterns: readonly RegExp[];
  /** The Makefile includes others or computes target names: its target list is not complete. */
  open: boolean;
}

/** Targets of a Makefile text: explicit names, `.PHONY` names, pattern rules; `open` when it includes others. */
export function parseMakeTargets(text: string): MakeTargets {
  const names = new Set<string>();
  const patterns: RegExp[] = [];
  let open = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^-?s?include\s/.test(line)) open = true;
    const m = /^([^\s#:=][^:=#]*?)\s*::?(?!=)/.exec(line);
    if (!m) continue;
    for (const t of (m[1] as string).split(/\s+/)) {
      if (t === "" || t === ".PHONY") continue;
      if (t.includes("$")) open = true;
      else if (t.includes("%"))
        patterns.push(new RegExp(`^${t.replace(/[.+^$()|\\[\]{}*?]/g, "\\$&").replace("%", ".+")}$`));
      else names.add(t);
    }
    const phony = /^\.PHONY\s*:(.*)$/.exec(line);
    if (phony) for (const t of (phony[1] as string).trim().split(/\s+/)) if (t) names.add(t);
  }
  return { names, patterns, open };
}

export function hasMakeTarget(targets: MakeTargets, name: string): boolean {
  return targets.names.has(name) || targets.patterns.some((re) => re.test(name));
}
