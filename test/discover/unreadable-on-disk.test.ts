// Unreadable files and folders on a real file system (git cannot store permissions, so they are made here).
// Root reads everything, so the checks run in a child process, as `nobody` (uid 65534) when the tests run as root.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleForChild } from "../bundle-for-child.js";

const NOBODY = 65534;
const CHILD_TIMEOUT_MS = 100_000;
const root = mkdtempSync(join(tmpdir(), "promptc-unreadable-"));
chmodSync(root, 0o755);
afterAll(() => {
  for (const p of ["ws/locked-doc/AGENTS.md", "ws/locked", "home/skills/locked", "home/skills/x/SKILL.md"])
    chmodSync(join(root, p), 0o755);
  rmSync(root, { recursive: true, force: true });
});
const ws = join(root, "ws");
mkdirSync(join(ws, ".git"), { recursive: true });
writeFileSync(join(ws, "AGENTS.md"), "root doc\n");
mkdirSync(join(ws, "locked-doc"));
writeFileSync(join(ws, "locked-doc", "AGENTS.md"), "secret\n");
chmodSync(join(ws, "locked-doc", "AGENTS.md"), 0o000);
mkdirSync(join(ws, "locked", "inner"), { recursive: true });
chmodSync(join(ws, "locked"), 0o000);
mkdirSync(join(root, "home", "skills", "locked"), { recursive: true });
mkdirSync(join(root, "home", "skills", "x"), { recursive: true });
mkdirSync(join(root, "home", "skills", "ok"), { recursive: true });
writeFileSync(join(root, "home", "skills", "x", "SKILL.md"), "---\nname: x\ndescription: d\n---\n");
writeFileSync(join(root, "home", "skills", "ok", "SKILL.md"), "---\nname: ok\ndescription: d\n---\n");
chmodSync(join(root, "home", "skills", "locked"), 0o000);
chmodSync(join(root, "home", "skills", "x", "SKILL.md"), 0o000);

/** The checks, run in a child process: rule and errno code of every diagnostic, and what was found. */
const CHILD = `
import "./test/discover/child-require-shim.ts";
import { discoverAgentsMd } from "./src/discover/discover-agents-md.ts";
import { discoverSkills } from "./src/discover/discover-skills.ts";
import { createNodeHost } from "./src/host/node-host.ts";
const base = process.argv[2];
const host = createNodeHost({ env: {}, home: base + "/nohome" });
const code = (d) => d.rule + ":" + String(d.data?.code);
const docs = (cwd) => {
  const r = discoverAgentsMd(host, { cwd, codexHome: base + "/home", budgetBytes: 32768, fallbackFilenames: [], projectRootMarkers: [".git"], decode: "lossy" });
  return [r.value.projectDocs.map((d) => d.text), r.diagnostics.map(code)];
};
const skills = discoverSkills(host, { cwd: base + "/ws", codexHome: base + "/home", projectRootMarkers: [".git"], adminSkillsRoot: null });
process.stdout.write(JSON.stringify({
  unreadableDoc: docs(base + "/ws/locked-doc"),
  unreadableDir: docs(base + "/ws/locked/inner"),
  skills: [skills.value.skills.map((s) => s.name), skills.diagnostics.map(code)],
}));
`;

const expected = {
  unreadableDoc: [[], ["agents-md/read-failed:EACCES"]],
  unreadableDir: [[], ["discover/project-root-failed:EACCES"]],
  skills: [["ok"], ["skills/unreadable-dir:EACCES", "skills/unreadable:EACCES"]],
};

describe("discovery on unreadable files and folders (real file system)", () => {
  it("reports each as a diagnostic with its errno and goes on (cwd below an unsearchable folder: no project docs, as Codex)", () => {
    const script = join(root, "child.mjs");
    bundleForChild(CHILD, script);
    chmodSync(script, 0o644);
    const asNobody = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
    const r = spawnSync(process.execPath, [script, root], { encoding: "utf8", timeout: CHILD_TIMEOUT_MS, ...asNobody });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual(expected);
  });
});
