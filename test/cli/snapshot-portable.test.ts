// A snapshot written in one checkout passes unchanged in a clone at another path under another HOME: the
// maintainer's two commands (`snapshot --init`, `snapshot`), a commit, `git clone`, then CI in the clone.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, appendFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleForChild } from "../bundle-for-child.js";
import { skipBecause } from "../skip-because.js";
import { tempDir } from "./cli-capture.js";

const git = spawnSync("git", ["--version"], { encoding: "utf8" });
const noGit = git.status === 0 ? undefined : "git is not on PATH";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe("promptc snapshot across checkouts", () => {
  let bin = "";
  beforeAll(() => {
    if (noGit) return;
    bin = join(tempDir("promptc-portable-bin-"), "promptc.mjs");
    bundleForChild('import "./test/discover/child-require-shim.ts";\nimport "./src/bin.ts";', bin);
  });

  /** promptc as a user runs it: its own process, this HOME, nothing else from the test's environment. */
  const promptc = (cwd: string, home: string, args: string[], extra: { [k: string]: string } = {}) =>
    spawnSync(process.execPath, [bin, ...args], {
      cwd,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: home, PROMPTC_TOKEN_CACHE: "off", NO_COLOR: "1", ...extra },
    });
  const gitIn = (cwd: string, ...args: string[]) => {
    const r = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd,
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
  };

  it.skipIf(skipBecause("snapshot across checkouts", noGit))(
    "passes in a clone at another path under another HOME; an edit names its file and fails only its harnesses",
    () => {
      const first = tempDir("promptc-portable-a-");
      const repo = join(first, "alice", "projects", "app");
      const homeA = join(first, "alice", "home");
      mkdirSync(join(repo, ".agents/skills/lint-fix"), { recursive: true });
      mkdirSync(join(homeA, ".codex"), { recursive: true });
      writeFileSync(join(repo, "AGENTS.md"), "# Rules\n\nRun the tests before committing.\n");
      writeFileSync(join(repo, "CLAUDE.md"), "# Claude\n\nPrefer small diffs.\n");
      writeFileSync(join(repo, "GEMINI.md"), "# Gemini\n\nExplain each step.\n");
      writeFileSync(
        join(repo, ".agents/skills/lint-fix/SKILL.md"),
        "---\nname: lint-fix\ndescription: Fixes lint findings.\n---\nRun the linter with --fix.\n",
      );
      // The user's own global instructions must not reach the committed snapshot.
      writeFileSync(join(homeA, ".codex", "AGENTS.md"), "alice's personal rules\n");
      gitIn(repo, "init", "-q");

      const init = promptc(repo, homeA, ["snapshot", "--init"]);
      expect(init.status, init.stderr).toBe(0);
      for (const id of ["codex", "claude-code", "gemini-cli", "pi"])
        expect(init.stdout).toContain(`+ fixtures/scenarios/${id}.yaml`);
      const written = promptc(repo, homeA, ["snapshot"]);
      expect(written.status, written.stdout + written.stderr).toBe(0);
      const snapshots = filesUnder(join(repo, "snapshots"));
      expect(snapshots.length).toBeGreaterThanOrEqual(12);
      for (const file of [...snapshots, ...filesUnder(join(repo, "fixtures"))]) {
        const text = readFileSync(file, "utf8");
        expect(text, file).not.toContain(first);
        expect(text, file).not.toContain("alice's personal rules");
      }
      expect(readFileSync(join(repo, "snapshots/scenarios/codex/turn-1.request.json"), "utf8")).toContain(
        "# AGENTS.md instructions for <rootDir>",
      );
      gitIn(repo, "add", "-A");
      gitIn(repo, "commit", "-q", "-m", "snapshots");

      // Another parent, another folder name, another home.
      const second = tempDir("promptc-portable-b-");
      const clone = join(second, "ci", "runner", "work", "checkout");
      const homeB = join(second, "runner-home");
      mkdirSync(homeB, { recursive: true });
      mkdirSync(join(second, "ci", "runner", "work"), { recursive: true });
      gitIn(join(second, "ci", "runner", "work"), "clone", "-q", repo, clone);
      const ci = promptc(clone, homeB, ["snapshot"], { CI: "true" });
      expect(ci.stdout + ci.stderr).toMatch(/^(\d+) scenario\(s\): \1 ok/m);
      expect(ci.status).toBe(0);

      const failing = (out: string) => [...out.matchAll(/^✗ (\S+)/gm)].map((m) => m[1]);
      appendFileSync(join(clone, "AGENTS.md"), "Keep commits small.\n");
      const agents = promptc(clone, homeB, ["snapshot"], { CI: "true" });
      expect(agents.status).toBe(1);
      expect(agents.stdout).toMatch(/^ {6}AGENTS\.md edited +\+\d+ tokens$/m);
      expect(agents.stdout).toContain("cache prefix broken");
      gitIn(clone, "checkout", "-q", "AGENTS.md");

      appendFileSync(join(clone, "CLAUDE.md"), "Ask before large refactors.\n");
      const claude = promptc(clone, homeB, ["snapshot"], { CI: "true" });
      expect(claude.status).toBe(1);
      // Copilot CLI reads CLAUDE.md too.
      expect(failing(claude.stdout).filter((id) => id !== "copilot")).toEqual(["claude-code"]);
      expect(claude.stdout).toMatch(/^ {6}CLAUDE\.md edited +\+\d+ tokens$/m);
    },
  );
});
