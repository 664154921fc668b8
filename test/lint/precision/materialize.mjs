#!/usr/bin/env node
// Rebuilds the lint precision suite's test data (other projects' agent files) from fetched snapshots, as
// sources.json lists it. Nothing of those repositories is committed here (workplace rule on fetched material);
// this writes <data>/<owner+name>/repo/ and <data>/<owner+name>/LICENSE, git-ignored.
//
//   node test/lint/precision/materialize.mjs
//
// <data> is PROMPTC_PRECISION_DATA or test/lint/precision/.data; snapshots are read from
// PROMPTC_MIRROR (default /work/.mirror)/<owner+name>/repo, a git dir. No dependencies beyond git.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const HERE = import.meta.dirname;
export const DATA = resolve(process.env.PROMPTC_PRECISION_DATA || join(HERE, ".data"));
const MIRROR = resolve(process.env.PROMPTC_MIRROR || "/work/.mirror");
const STAMP = "materialized.json";

/** The folder name of a repository ("owner/name" → "owner+name"). */
export const folderOf = (repo) => repo.replace("/", "+");
/** What a materialized folder must record to count as current: a hash of its manifest entry. */
export const entryHash = (entry) => createHash("sha256").update(JSON.stringify(entry)).digest("hex");
export const readManifest = () => JSON.parse(readFileSync(join(HERE, "sources.json"), "utf8"));

/** package.json: only the keys that say what the project is and how it runs. */
const PACKAGE_KEYS = ["name", "private", "packageManager", "workspaces", "bin", "scripts", "dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];
function reducePackageJson(text) {
  try {
    const p = JSON.parse(text);
    const r = {};
    for (const k of PACKAGE_KEYS) if (p[k] !== undefined) r[k] = p[k];
    return `${JSON.stringify(r, null, 2)}\n`;
  } catch {
    return "{}\n";
  }
}
/** Makefile / justfile: .PHONY and target lines, cut after the colon; no recipes. */
function reduceMakefile(text) {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => /^\.PHONY|^[A-Za-z0-9_.%/$() -][^=\t#]*:(?!=)/.test(l) && !/^\s/.test(l))
    .map((l) => l.replace(/:(?!:).*$/, ":").replace(/::.*$/, "::"));
  return `# targets only (recipes omitted in test data)\n${lines.join("\n")}\n`;
}
/** Code in a skill folder: its import lines only. */
function reduceToImports(text) {
  const keep = text.split(/\r?\n/).filter((l) => /^\s*(import\s|from\s+\S+\s+import|require\(|.*\brequire\(|source\s|\.\s+\S|export\s.*\sfrom\s)/.test(l));
  return `# content omitted (test data keeps only import lines)\n${keep.join("\n")}\n`;
}
const REDUCE = { copy: (buf) => buf, packageJson: (buf) => reducePackageJson(buf.toString("utf8")), makeTargets: (buf) => reduceMakefile(buf.toString("utf8")), importLines: (buf) => reduceToImports(buf.toString("utf8")) };

/** Reads many `<commit>:<path>` objects with one `git cat-file --batch`; a missing one is an error naming it. */
function readObjects(gitDir, commit, paths) {
  if (paths.length === 0) return new Map();
  const out = execFileSync("git", ["--git-dir", gitDir, "cat-file", "--batch"], { input: paths.map((p) => `${commit}:${p}\n`).join(""), maxBuffer: 1 << 30 });
  const objects = new Map();
  let at = 0;
  for (const p of paths) {
    const nl = out.indexOf(10, at);
    const header = out.subarray(at, nl).toString();
    const m = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
    if (!m) throw new Error(`${commit}:${p} is not in the snapshot (${header})`);
    const size = Number(m[2]);
    objects.set(p, { type: m[1], data: out.subarray(nl + 1, nl + 1 + size) });
    at = nl + 1 + size + 1;
  }
  return objects;
}

function materialize(entry) {
  const folder = folderOf(entry.repo);
  const gitDir = join(MIRROR, folder, "repo");
  const target = join(DATA, folder);
  const building = `${target}.building`;
  rmSync(building, { recursive: true, force: true });
  const kinds = Object.keys(REDUCE);
  // Placeholders need only the path to exist at the commit (a snapshot may lack the largest blobs).
  const tree = new Set(execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "-z", "--name-only", entry.commit], { maxBuffer: 1 << 30 }).toString().split("\0"));
  const notThere = entry.empty.filter((p) => !tree.has(p));
  if (notThere.length > 0) throw new Error(`${entry.repo}@${entry.commit}: not in the snapshot: ${notThere.join(", ")}`);
  const read = [...kinds.flatMap((k) => entry[k]), ...Object.keys(entry.symlinks), entry.licenceFile];
  const objects = readObjects(gitDir, entry.commit, read);
  const write = (p, data) => {
    const abs = join(building, "repo", p);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, data);
  };
  for (const k of kinds) for (const p of entry[k]) write(p, REDUCE[k](objects.get(p).data));
  for (const p of entry.empty) write(p, "");
  for (const [p, link] of Object.entries(entry.symlinks)) {
    const got = objects.get(p).data.toString();
    if (got !== link) throw new Error(`${entry.repo}: ${p} links to '${got}' in the snapshot, sources.json says '${link}'`);
    const abs = join(building, "repo", p);
    mkdirSync(dirname(abs), { recursive: true });
    symlinkSync(link, abs);
  }
  writeFileSync(join(building, "LICENSE"), objects.get(entry.licenceFile).data);
  writeFileSync(join(building, STAMP), `${JSON.stringify({ repo: entry.repo, commit: entry.commit, entry: entryHash(entry) })}\n`);
  rmSync(target, { recursive: true, force: true });
  renameSync(building, target);
}

/** Which repositories are not (or no longer) materialized as sources.json says; [] when the suite can run. */
export function missingData(manifest = readManifest()) {
  return manifest.repos.filter((entry) => {
    const stamp = join(DATA, folderOf(entry.repo), STAMP);
    return !existsSync(stamp) || JSON.parse(readFileSync(stamp, "utf8")).entry !== entryHash(entry);
  }).map((e) => e.repo);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const manifest = readManifest();
  const hasCommit = (e) => {
    try {
      execFileSync("git", ["--git-dir", join(MIRROR, folderOf(e.repo), "repo"), "cat-file", "-e", `${e.commit}^{commit}`], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };
  const absent = manifest.repos.filter((e) => !existsSync(join(MIRROR, folderOf(e.repo), "repo")) || !hasCommit(e));
  if (absent.length > 0) {
    console.error(`materialize: ${absent.length} snapshot(s) missing (or without the commit) under ${MIRROR}:`);
    for (const e of absent) console.error(`  ${folderOf(e.repo)}/repo — get it with the fetch tool: fetch github:${e.repo} (commit ${e.commit})`);
    console.error("Nothing was written; fetch them (or set PROMPTC_MIRROR) and run this again.");
    process.exit(1);
  }
  mkdirSync(DATA, { recursive: true });
  for (const entry of manifest.repos) {
    materialize(entry);
    const n = Object.keys(REDUCE).reduce((s, k) => s + entry[k].length, entry.empty.length + Object.keys(entry.symlinks).length);
    console.log(`${entry.repo} @ ${entry.commit.slice(0, 12)}: ${n} paths → ${join(DATA, folderOf(entry.repo), "repo")}`);
  }
}
