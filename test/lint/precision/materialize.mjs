#!/usr/bin/env node
// Rebuilds the lint precision suite's test data (other projects' repositories) from your own clones of the
// repositories sources.json lists, at the commits it pins. Nothing of those repositories is committed here.
//
//   node test/lint/precision/clone.mjs DIR                              # once, needs the network
//   PROMPTC_PRECISION_CLONES=DIR node test/lint/precision/materialize.mjs
//
// DIR holds one clone per repository, named owner+name (a normal or a bare clone; it needs the pinned commit).
// For each one this writes <data>/<owner+name>/repo/: every path git tracks at the commit, as a git repository
// whose index is that commit's tree (lint reads the index for what is tracked). Files up to 1 MiB keep their
// content; larger ones are empty placeholders (the linter reads no file that large), as are submodules (empty
// folders); symlinks stay links. <data>/<owner+name>/LICENSE is the repository's licence file.
// <data> is PROMPTC_PRECISION_DATA or test/lint/precision/.data (git-ignored). No dependencies beyond git.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const HERE = import.meta.dirname;
export const DATA = resolve(process.env.PROMPTC_PRECISION_DATA || join(HERE, ".data"));
export const CLONES_VARIABLE = "PROMPTC_PRECISION_CLONES";
const STAMP = "materialized.json";
/** Files larger than this become empty placeholders: the linter's own read limit is far below it. */
export const CONTENT_MAX_BYTES = 1024 * 1024;

/** The folder name of a repository ("owner/name" → "owner+name"). */
export const folderOf = (repo) => repo.replace("/", "+");
/** What a materialized folder must record to count as current: a hash of its manifest entry and the method. */
export const entryHash = (entry) =>
  createHash("sha256")
    .update(JSON.stringify({ entry, method: 2, contentMaxBytes: CONTENT_MAX_BYTES }))
    .digest("hex");
export const readManifest = () => JSON.parse(readFileSync(join(HERE, "sources.json"), "utf8"));

const git = (args, options = {}) => execFileSync("git", args, { maxBuffer: 1 << 30, ...options });

/** Whether the clone at `dir` has `commit`. */
export function cloneHasCommit(dir, commit) {
  try {
    git(["-C", dir, "cat-file", "-e", `${commit}^{commit}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Every entry of the commit's tree: mode, type, object id, size (-1 for links and submodules), path. */
function listTree(clone, commit) {
  const out = git(["-C", clone, "ls-tree", "-r", "-l", "-z", commit]).toString("utf8");
  return out
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf("\t");
      const [mode, type, oid, size] = line.slice(0, tab).trim().split(/\s+/);
      // A size git cannot read ("BAD") is a blob the clone lacks: fetched snapshots omit files of 4 MiB and more.
      return { mode, type, oid, size: size === "-" ? -1 : /^\d+$/.test(size) ? Number(size) : Infinity, path: line.slice(tab + 1) };
    });
}

/** Streams the blobs' contents with one `git cat-file --batch`, calling `onBlob(oid, data)` in order. */
function readBlobs(clone, oids, onBlob) {
  return new Promise((done, fail) => {
    const child = spawn("git", ["-C", clone, "cat-file", "--batch"], { stdio: ["pipe", "pipe", "inherit"] });
    let buffer = Buffer.alloc(0);
    let next = 0;
    child.stdout.on("data", (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const nl = buffer.indexOf(10);
        if (nl < 0) return;
        const header = buffer.subarray(0, nl).toString();
        if (/ missing$/.test(header)) {
          child.kill();
          fail(new Error(`${oids[next]} is not in the clone ${clone} (a partial clone must have fetched the commit's blobs: check it out)`));
          return;
        }
        const size = Number(header.split(" ")[2]);
        if (buffer.length < nl + 1 + size + 1) return;
        try {
          onBlob(oids[next++], buffer.subarray(nl + 1, nl + 1 + size));
        } catch (error) {
          child.kill();
          fail(error);
          return;
        }
        buffer = buffer.subarray(nl + 1 + size + 1);
      }
    });
    child.on("error", fail);
    child.on("close", (code) => (code === 0 && next === oids.length ? done() : fail(new Error(`git cat-file --batch in ${clone} stopped (exit ${code}) after ${next} of ${oids.length} objects`))));
    child.stdin.end(oids.map((o) => `${o}\n`).join(""));
  });
}

async function materialize(entry, clone) {
  const target = join(DATA, folderOf(entry.repo));
  const building = `${target}.building`;
  const repo = join(building, "repo");
  rmSync(building, { recursive: true, force: true });
  mkdirSync(repo, { recursive: true });
  const tree = listTree(clone, entry.commit);
  const write = (p, data) => {
    const abs = join(repo, p);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, data);
  };
  const withContent = new Map();
  for (const e of tree) {
    if (e.type === "commit") mkdirSync(join(repo, e.path), { recursive: true });
    else if (e.mode === "120000") withContent.set(e.oid, [...(withContent.get(e.oid) ?? []), e]);
    else if (e.size > CONTENT_MAX_BYTES) write(e.path, "");
    else withContent.set(e.oid, [...(withContent.get(e.oid) ?? []), e]);
  }
  const oids = [...withContent.keys()];
  await readBlobs(clone, oids, (oid, data) => {
    for (const e of withContent.get(oid)) {
      if (e.mode === "120000") {
        mkdirSync(dirname(join(repo, e.path)), { recursive: true });
        symlinkSync(data.toString("utf8"), join(repo, e.path));
      } else write(e.path, data);
    }
  });
  const licence = tree.find((e) => e.path === entry.licenceFile);
  if (!licence) throw new Error(`${entry.repo}@${entry.commit}: no licence file '${entry.licenceFile}'`);
  writeFileSync(join(building, "LICENSE"), git(["-C", clone, "cat-file", "blob", licence.oid]));
  // A repository whose index is the commit's tree, read with the clone's objects for this one command.
  const objects = git(["-C", clone, "rev-parse", "--path-format=absolute", "--git-path", "objects"]).toString().trim();
  git(["init", "-q", repo]);
  git(["-C", repo, "read-tree", entry.commit], { env: { ...process.env, GIT_ALTERNATE_OBJECT_DIRECTORIES: objects } });
  writeFileSync(join(building, STAMP), `${JSON.stringify({ repo: entry.repo, commit: entry.commit, entry: entryHash(entry) })}\n`);
  rmSync(target, { recursive: true, force: true });
  renameSync(building, target);
  return tree.length;
}

/** Which repositories are not (or no longer) materialized as sources.json says; [] when the suite can run. */
export function missingData(manifest = readManifest()) {
  return manifest.repos
    .filter((entry) => {
      const stamp = join(DATA, folderOf(entry.repo), STAMP);
      return !existsSync(stamp) || JSON.parse(readFileSync(stamp, "utf8")).entry !== entryHash(entry);
    })
    .map((e) => e.repo);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const manifest = readManifest();
  const clones = process.env[CLONES_VARIABLE];
  if (!clones) {
    console.error(`materialize: set ${CLONES_VARIABLE} to a folder of clones of the ${manifest.repos.length} repositories in sources.json`);
    console.error("(one per repository, named owner+name, holding the pinned commit); `node test/lint/precision/clone.mjs DIR` makes them.");
    process.exit(1);
  }
  const only = new Set(process.argv.slice(2));
  const wanted = manifest.repos.filter((e) => only.size === 0 || only.has(e.repo) || only.has(folderOf(e.repo)));
  const absent = wanted.filter((e) => !existsSync(join(clones, folderOf(e.repo))) || !cloneHasCommit(join(clones, folderOf(e.repo)), e.commit));
  if (absent.length > 0) {
    console.error(`materialize: ${absent.length} clone(s) missing (or without the pinned commit) under ${resolve(clones)}:`);
    for (const e of absent) console.error(`  ${folderOf(e.repo)}: git clone https://github.com/${e.repo}.git ${folderOf(e.repo)} (commit ${e.commit})`);
    console.error("Nothing was written; `node test/lint/precision/clone.mjs DIR` clones and fetches them.");
    process.exit(1);
  }
  mkdirSync(DATA, { recursive: true });
  for (const entry of wanted) {
    const n = await materialize(entry, join(clones, folderOf(entry.repo)));
    console.log(`${entry.repo} @ ${entry.commit.slice(0, 12)}: ${n} paths → ${join(DATA, folderOf(entry.repo), "repo")}`);
  }
}
