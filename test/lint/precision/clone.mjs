#!/usr/bin/env node
// Clones the lint precision suite's repositories (sources.json) into DIR at their pinned commits, for
// materialize.mjs. Needs the network and git; the tests never run it.
//
//   node test/lint/precision/clone.mjs DIR [owner/name ...]
//   PROMPTC_PRECISION_CLONES=DIR node test/lint/precision/materialize.mjs
//
// Each repository becomes DIR/owner+name: `git clone --filter=blob:none --no-checkout`, then `git checkout` of
// the pinned commit (which fetches that commit's files only). A clone already there is fetched into, not redone.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { cloneHasCommit, folderOf, readManifest } from "./materialize.mjs";

const [dir, ...only] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node test/lint/precision/clone.mjs DIR [owner/name ...]");
  process.exit(2);
}
const run = (args) => execFileSync("git", args, { stdio: "inherit" });
mkdirSync(dir, { recursive: true });
for (const e of readManifest().repos.filter((r) => only.length === 0 || only.includes(r.repo))) {
  const clone = join(resolve(dir), folderOf(e.repo));
  if (!existsSync(clone)) run(["clone", "--quiet", "--filter=blob:none", "--no-checkout", `https://github.com/${e.repo}.git`, clone]);
  if (!cloneHasCommit(clone, e.commit)) run(["-C", clone, "fetch", "--quiet", "--filter=blob:none", "origin", e.commit]);
  run(["-C", clone, "-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", e.commit]);
  console.log(`${e.repo} @ ${e.commit.slice(0, 12)} → ${clone}`);
}
